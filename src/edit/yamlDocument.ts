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

/** One document of the text: its own text (from its `---` or directives on), parsed only when an edit may touch it. */
interface Part {
  text: string;
  doc?: Document.Parsed;
}

/**
 * The text cut into its documents without parsing it: before each `---` line and after each `...` line (YAML
 * forbids both at the start of a line inside any content, the spec's c-forbidden). Comments and directives before
 * a document's content stay with it.
 */
function splitDocuments(text: string): string[] {
  const parts: string[] = [];
  let at = 0;
  let content = false;
  for (let i = 0; i < text.length; ) {
    const eol = text.indexOf('\n', i);
    const next = eol < 0 ? text.length : eol + 1;
    const line = text.slice(i, next);
    if (/^---(?:[ \t]|\r?\n|$)/.test(line)) {
      if (content) {
        parts.push(text.slice(at, i));
        at = i;
      }
      const rest = line.slice(3).trim();
      content = rest !== '' && !rest.startsWith('#');
    } else if (/^\.\.\.(?:[ \t]|\r?\n|$)/.test(line)) {
      parts.push(text.slice(at, next));
      at = next;
      content = false;
    } else if (!content && !/^\s*(?:#.*)?$|^%/.test(line.trimEnd())) content = true;
    i = next;
  }
  if (at < text.length || parts.length === 0) parts.push(text.slice(at));
  return parts;
}

/** A document that did not read as one whole document on its own: the text is read whole instead (`Docs.read`). */
class CutMismatch extends Error {}

/**
 * The text's documents as the `yaml` Document API reads them, each parsed only when an edit may touch it (issue 18:
 * an edit of a 1,000-node cluster parses the few documents that name the objects it changes, not 11,000). A
 * document whose text does not mention what is looked for (its kind, a name) is not parsed and is written back
 * byte for byte; one with a backslash is always read, since an escape could spell the name.
 */
export class Docs {
  private parts: Part[];
  /** Each parsed document's own text (with its `---` and directives) and its serialisation when read. */
  private readonly original = new WeakMap<Document, { text: string; printed: string }>();
  private tail = '';

  /** `whole`: parse every document now (what `read` falls back to). */
  constructor(text: string, { whole = false } = {}) {
    this.parts = [];
    if (whole) this.parseWhole(text);
    else this.parts = splitDocuments(text).map((t) => ({ text: t }));
  }

  /** `use(docs)` over the text read lazily, or read whole when a document does not read alone (so the answer is the whole parse's). */
  static read<T>(text: string, use: (d: Docs) => T): T {
    try {
      return use(new Docs(text));
    } catch (error) {
      if (error instanceof CutMismatch) return use(new Docs(text, { whole: true }));
      throw error;
    }
  }

  private parseWhole(text: string): void {
    const docs = parseAllDocuments(text) as Document.Parsed[];
    const bad = docs.find((d) => d.errors.length > 0);
    if (bad) throw new EditError(bad.errors[0]!.message);
    let at = 0;
    this.parts = docs.map((d) => {
      const end = d.range[2];
      this.original.set(d, { text: text.slice(at, end), printed: d.toString({ lineWidth: 0 }) });
      const part = { text: text.slice(at, end), doc: d };
      at = end;
      return part;
    });
    this.tail = text.slice(at);
  }

  /** The part's document, parsed on first use (undefined for a part without one: only comments). */
  private docOf(part: Part): Document.Parsed | undefined {
    if (part.doc) return part.doc;
    const docs = parseAllDocuments(part.text) as Document.Parsed[];
    // A syntax error is reported as the whole parse reports it (its first error); more documents than one: a cut the parser does not make.
    if (docs.length > 1 || docs.some((d) => d.errors.length > 0)) throw new CutMismatch();
    const doc = docs[0];
    if (!doc) return undefined;
    // Its text to the next `---` (trailing comments too) is written back byte for byte while it prints the same.
    this.original.set(doc, { text: part.text, printed: doc.toString({ lineWidth: 0 }) });
    part.doc = doc;
    return doc;
  }

  /** The parsed documents that may hold objects mentioning every string of `needles` (all documents without). */
  private *docs(needles: readonly (readonly string[])[] = []): Generator<Document.Parsed> {
    for (const part of [...this.parts]) {
      if (!part.doc && !part.text.includes('\\') && !needles.every((any) => any.some((n) => part.text.includes(n)))) continue;
      const doc = this.docOf(part);
      if (doc && this.parts.includes(part)) yield doc;
    }
  }

  private *objectsIn(needles: readonly (readonly string[])[]): Generator<Located> {
    for (const doc of this.docs(needles)) {
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

  /** Every object (every document is read). */
  objects(): Generator<Located> {
    return this.objectsIn([]);
  }

  find(kind: string | readonly string[], name?: string, namespace?: string): Located | undefined {
    for (const o of this.findAll(kind, name === undefined ? [] : [name])) {
      if (name !== undefined && o.obj.getIn(['metadata', 'name']) !== name) continue;
      if (namespace !== undefined && (o.obj.getIn(['metadata', 'namespace']) ?? 'default') !== namespace) continue;
      return o;
    }
    return undefined;
  }

  /** The objects of `kind`; with `mentioning`, only those whose document's text holds one of these strings (a name, an address). */
  findAll(kind: string | readonly string[], mentioning: readonly string[] = []): Located[] {
    const kinds = typeof kind === 'string' ? [kind] : kind;
    return [...this.objectsIn([kinds, ...(mentioning.length ? [mentioning] : [])])].filter((o) => kinds.includes(String(o.obj.get('kind'))));
  }

  require(kind: string, name: string, namespace?: string): Located {
    const o = this.find(kind, name, namespace);
    if (!o) throw new EditError(`${kind} ${namespace ? `${namespace}/` : ''}${name} is not in the scenario`);
    return o;
  }

  /** The kubectl List the scenario is, if it is one. */
  private list(): YAMLSeq | undefined {
    for (const o of this.objectsIn([['List']])) if (o.list) return o.list;
    return undefined;
  }

  private firstDoc(): Document.Parsed | undefined {
    for (const part of this.parts) {
      const doc = this.docOf(part);
      if (doc) return doc;
    }
    return undefined;
  }

  /** Appends an object: into the List when the scenario is one, else as a new document. */
  add(value: Record<string, unknown>): void {
    const list = this.list();
    const doc = this.firstDoc();
    if (list && doc) {
      list.add(doc.createNode(value));
      return;
    }
    const next = new Document(value);
    next.directives!.docStart = true;
    this.parts.push({ text: '', doc: next as Document.Parsed });
  }

  /**
   * Appends a whole parsed document (its comments kept), or its value as an
   * item when the scenario is a kubectl List.
   */
  addDocument(next: Document.Parsed): void {
    const list = this.list();
    const first = this.firstDoc();
    if (list && first) {
      list.add(first.createNode(next.toJS()));
      return;
    }
    next.directives!.docStart = true;
    this.parts.push({ text: '', doc: next });
  }

  private indexOf(doc: Document): number {
    return this.parts.findIndex((p) => p.doc === doc);
  }

  /** Puts `next` where `o` stands: the whole document, or the List item. */
  replace(o: Located, next: Document.Parsed): void {
    if (o.list) {
      o.list.items = o.list.items.map((i) => (i === o.obj ? o.doc.createNode(next.toJS()) : i));
      return;
    }
    const i = this.indexOf(o.doc);
    if (i > 0) next.directives!.docStart = true;
    this.parts[i] = { text: '', doc: next };
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
    const i = this.indexOf(o.doc);
    this.parts.splice(i, 1);
    // The document after the first keeps its `---`; a new first document needs none.
    const first = i === 0 ? this.parts[0] : undefined;
    if (first) {
      const doc = this.docOf(first);
      if (doc) doc.directives!.docStart = null;
    }
  }

  /** The text again: documents the edit left alone keep their text byte for byte; changed ones are serialised. */
  toString(): string {
    let out = '';
    for (const [i, part] of this.parts.entries()) {
      if (!part.doc) {
        out += part.text;
        continue;
      }
      const d = part.doc;
      const s = d.toString({ lineWidth: 0 });
      const kept = this.original.get(d);
      if (kept && kept.printed === s) {
        out += kept.text;
        continue;
      }
      if (out && !out.endsWith('\n')) out += '\n';
      out += i > 0 && !s.startsWith('---') ? `---\n${s}` : s;
    }
    const last = this.parts[this.parts.length - 1];
    return out + (last && (!last.doc || this.original.has(last.doc)) ? this.tail : '');
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

