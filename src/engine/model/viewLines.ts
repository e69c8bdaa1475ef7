/**
 * A state view's text with the id of the rule each line prints
 * (model/ruleIds.ts), built line by line so text and ids never drift apart.
 * Lines that print no rule (headers, braces, blank lines) carry no id.
 */

export interface ViewText {
  text: string;
  /** One entry per line of `text` (split on `\n`): the id of the rule the line prints, or undefined. Absent when no line has one. */
  lineIds?: (string | undefined)[];
}

export class ViewLines {
  private readonly lines: string[] = [];
  private readonly ids: (string | undefined)[] = [];
  private anyId = false;

  /** Appends `text` (one line or several, e.g. a JSON object); every line of it gets `id`. */
  add(text: string, id?: string): this {
    for (const line of text.split('\n')) {
      this.lines.push(line);
      this.ids.push(id);
    }
    if (id !== undefined) this.anyId = true;
    return this;
  }

  /** Appends another view's lines with their ids. */
  addView(v: ViewText): this {
    const lines = v.text.split('\n');
    lines.forEach((line, i) => this.add(line, v.lineIds?.[i]));
    return this;
  }

  get length(): number {
    return this.lines.length;
  }

  build(): ViewText {
    return this.anyId ? { text: this.lines.join('\n'), lineIds: this.ids } : { text: this.lines.join('\n') };
  }
}

/** A view of items, one block each: the lines of `text(item)`, each with `id(item)`. */
export function viewOf<T>(items: readonly T[], text: (item: T) => string, id: (item: T) => string | undefined): ViewText {
  const out = new ViewLines();
  for (const item of items) out.add(text(item), id(item));
  return out.build();
}
