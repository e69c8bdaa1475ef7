/**
 * The scenario's YAML documents as the `yaml` Document API sees them, with
 * kubectl `List` items walked one by one: what edits and the edit forms read.
 */
import { Document, isMap, isScalar, isSeq, parseAllDocuments, type YAMLMap, type YAMLSeq } from 'yaml';
import type { Diagnostic } from '../engine/model/diagnostic';

/** A failed edit (an object it names is missing, or the text does not parse); `diagnostics` when the engine's checks said why. */
export class EditError extends Error {
  constructor(
    message: string,
    readonly diagnostics?: Diagnostic[],
  ) {
    super(message);
    this.name = 'EditError';
  }
}

export type Obj = YAMLMap<unknown, unknown>;

export interface Located {
  doc: Document.Parsed;
  obj: Obj;
  /** The List's `items` sequence, when the object is an item of a kubectl List. */
  list?: YAMLSeq;
}

export class Docs {
  readonly docs: Document.Parsed[];
  /** Each parsed document's own text (with its `---` and directives) and its serialisation when read. */
  private readonly original = new WeakMap<Document, { text: string; printed: string }>();
  private readonly tail: string;

  constructor(text: string) {
    this.docs = parseAllDocuments(text) as Document.Parsed[];
    const bad = this.docs.find((d) => d.errors.length > 0);
    if (bad) throw new EditError(bad.errors[0]!.message);
    let at = 0;
    for (const d of this.docs) {
      const end = d.range[2];
      this.original.set(d, { text: text.slice(at, end), printed: d.toString({ lineWidth: 0 }) });
      at = end;
    }
    this.tail = text.slice(at);
  }

  *objects(): Generator<Located> {
    for (const doc of this.docs) {
      const root = doc.contents;
      if (!isMap(root)) continue;
      const items = root.get('items');
      const kind: unknown = root.get('kind');
      if (typeof kind === 'string' && kind.endsWith('List') && isSeq(items)) {
        for (const item of items.items) if (isMap(item)) yield { doc, obj: item as Obj, list: items };
      } else {
        yield { doc, obj: root as Obj };
      }
    }
  }

  find(kind: string | readonly string[], name?: string, namespace?: string): Located | undefined {
    for (const o of this.findAll(kind)) {
      if (name !== undefined && o.obj.getIn(['metadata', 'name']) !== name) continue;
      if (namespace !== undefined && (o.obj.getIn(['metadata', 'namespace']) ?? 'default') !== namespace) continue;
      return o;
    }
    return undefined;
  }

  findAll(kind: string | readonly string[]): Located[] {
    const kinds = typeof kind === 'string' ? [kind] : kind;
    return [...this.objects()].filter((o) => kinds.includes(String(o.obj.get('kind'))));
  }

  require(kind: string, name: string, namespace?: string): Located {
    const o = this.find(kind, name, namespace);
    if (!o) throw new EditError(`${kind} ${namespace ? `${namespace}/` : ''}${name} is not in the scenario`);
    return o;
  }

  /** Appends an object: into the List when the scenario is one, else as a new document. */
  add(value: Record<string, unknown>): void {
    const list = [...this.objects()].find((o) => o.list)?.list;
    const doc = this.docs[0];
    if (list && doc) {
      list.add(doc.createNode(value));
      return;
    }
    const next = new Document(value);
    next.directives!.docStart = true;
    this.docs.push(next as Document.Parsed);
  }

  /**
   * Appends a whole parsed document (its comments kept), or its value as an
   * item when the scenario is a kubectl List.
   */
  addDocument(next: Document.Parsed): void {
    const list = [...this.objects()].find((o) => o.list)?.list;
    if (list && this.docs[0]) {
      list.add(this.docs[0].createNode(next.toJS()));
      return;
    }
    next.directives!.docStart = true;
    this.docs.push(next);
  }

  /** Puts `next` where `o` stands: the whole document, or the List item. */
  replace(o: Located, next: Document.Parsed): void {
    if (o.list) {
      o.list.items = o.list.items.map((i) => (i === o.obj ? o.doc.createNode(next.toJS()) : i));
      return;
    }
    const i = this.docs.indexOf(o.doc);
    if (i > 0) next.directives!.docStart = true;
    this.docs[i] = next;
  }

  /** One object's text: its whole document (comments kept, without the `---`), or the List item alone. */
  textOf(o: Located): string {
    if (o.list) return new Document(o.obj).toString({ lineWidth: 0 });
    return o.doc.toString({ lineWidth: 0 }).replace(/^---\n/, '');
  }

  remove(o: Located): void {
    if (o.list) {
      o.list.items = o.list.items.filter((i) => i !== o.obj);
      return;
    }
    const i = this.docs.indexOf(o.doc);
    this.docs.splice(i, 1);
    // The document after the first keeps its `---`; a new first document needs none.
    if (i === 0 && this.docs[0]) this.docs[0].directives!.docStart = null;
  }

  /** The text again: documents the edit left alone keep their text byte for byte; changed ones are serialised. */
  toString(): string {
    let out = '';
    for (const [i, d] of this.docs.entries()) {
      const s = d.toString({ lineWidth: 0 });
      const kept = this.original.get(d);
      if (kept && kept.printed === s) {
        out += kept.text;
        continue;
      }
      if (out && !out.endsWith('\n')) out += '\n';
      out += i > 0 && !s.startsWith('---') ? `---\n${s}` : s;
    }
    return out + (this.docs.length && this.original.has(this.docs[this.docs.length - 1]!) ? this.tail : '');
  }
}

/** Sets a value; an existing scalar keeps its node, so its comment stays. */
export function setOn(map: Obj, doc: Document, path: readonly unknown[], value: unknown): void {
  const old = map.getIn(path, true);
  if (isScalar(old) && (value === null || typeof value !== 'object')) old.value = value;
  else map.setIn(path, doc.createNode(value));
}

export function set(o: Located, path: readonly unknown[], value: unknown): void {
  setOn(o.obj, o.doc, path, value);
}

