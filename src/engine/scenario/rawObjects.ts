/**
 * Helpers shared by the YAML and JSON readers (parse.ts, fastYaml.ts): the
 * line of a field path in a parsed document, and splitting a root value into
 * the objects of a scenario.
 */
import { isNode, LineCounter, parseDocument, type Document } from 'yaml';
import type { RawObject } from './parse';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function lineAt(lc: LineCounter, offset: number | undefined): number | undefined {
  return offset === undefined ? undefined : lc.linePos(offset).line;
}

/** The line of a field path in a parsed document, or of the nearest parent that has one. */
export function lineInDocument(doc: Document, lc: LineCounter, path: readonly (string | number)[]): number | undefined {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n), true);
    if (isNode(node) && node.range) return lineAt(lc, node.range[0]);
  }
  return undefined;
}

/**
 * Splits a parsed root value into objects: a `…List` with `items`, a plain
 * array, or one object. `make` builds a RawObject from a value and its path
 * from the root.
 */
export function splitRoot(root: unknown, make: (value: Record<string, unknown>, prefix: (string | number)[]) => RawObject): RawObject[] {
  if (Array.isArray(root)) return recordsOf(root, make, (i) => [i]);
  if (!isRecord(root)) return [];
  if (typeof root.kind === 'string' && root.kind.endsWith('List') && Array.isArray(root.items)) {
    return recordsOf(root.items, make, (i) => ['items', i]);
  }
  return [make(root, [])];
}

/** The objects among `items`, each made with its path; a loop, as a List has 10,000s of items (flatMap allocates an array per item). */
function recordsOf(items: unknown[], make: (value: Record<string, unknown>, prefix: (string | number)[]) => RawObject, prefixOf: (i: number) => (string | number)[]): RawObject[] {
  const out: RawObject[] = [];
  for (let i = 0; i < items.length; i++) {
    const v = items[i];
    if (isRecord(v)) out.push(make(v, prefixOf(i)));
  }
  return out;
}

/** Finds lines by parsing `text` (a piece of the input starting at line `firstLine`) with the `yaml` library when first asked. */
export function lazyLines(text: string, firstLine: number): (path: readonly (string | number)[]) => number | undefined {
  let parsed: { doc: Document; lc: LineCounter } | undefined;
  return (path) => {
    if (!parsed) {
      const lc = new LineCounter();
      parsed = { doc: parseDocument(text, { lineCounter: lc, uniqueKeys: false }), lc };
    }
    const line = lineInDocument(parsed.doc, parsed.lc, path);
    return line === undefined ? undefined : line + firstLine - 1;
  };
}

/** Finds the line of `path` inside the object at `prefix` of the parsed root. */
export type LineFinder = (prefix: readonly (string | number)[], path: readonly (string | number)[]) => number | undefined;

/**
 * A RawObject whose line is looked up only when read (a diagnostic). A class,
 * so the getter and method live on the prototype: a dump has tens of
 * thousands of objects, and closures per object cost allocation.
 */
class LazyRawObject implements RawObject {
  constructor(
    readonly value: Record<string, unknown>,
    private readonly prefix: readonly (string | number)[],
    private readonly find: LineFinder,
  ) {}

  get line(): number | undefined {
    return this.find(this.prefix, []);
  }

  lineOf(path: readonly (string | number)[]): number | undefined {
    return this.find(this.prefix, path);
  }
}

export function lazyRawObject(value: Record<string, unknown>, prefix: readonly (string | number)[], find: LineFinder): RawObject {
  return new LazyRawObject(value, prefix, find);
}
