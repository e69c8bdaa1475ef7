/**
 * The fast YAML path: multi-document YAML read by js-yaml (several times
 * faster than the `yaml` library's document model, which keeps a node with
 * a source range for every scalar), with line numbers found only when a
 * diagnostic asks for one.
 *
 * The text is cut into documents at `---` lines (a document marker at the
 * start of a line always ends the document before it, YAML 1.2 §9.1.2), so
 * each object knows the line its document starts at. A line inside an
 * object comes from parsing just that document with the `yaml` library
 * (parse.ts lineInDocument); inside a block-style `items:` list (what
 * `kubectl get … -o yaml` prints) just that item.
 *
 * Anything unusual — a directive, an anchor (aliases), a tag js-yaml's core
 * schema does not know, a syntax error — returns undefined and the caller
 * reads the whole text with the `yaml` library as before, so diagnostics
 * and alias limits stay exactly those of the full parser.
 *
 * @see https://yaml.org/spec/1.2.2/#912-bare-documents (document markers)
 */
import { CORE_SCHEMA, loadAll } from 'js-yaml';
import type { RawObject } from './parse';
import { lazyLines, lazyRawObject, splitRoot } from './rawObjects';

/** A directive line, or an anchor (the only way to an alias): left to the full parser. */
const UNUSUAL = /^%|(?:^|[\s[{,])&[^\s[\]{},]/m;

/** `---` at `pos`, followed by a space, a tab or the line's end (`end`): compared in place, without a slice per line. */
function isDocumentMarker(text: string, pos: number, end: number): boolean {
  if (text.charCodeAt(pos) !== 45 || text.charCodeAt(pos + 1) !== 45 || text.charCodeAt(pos + 2) !== 45 || pos + 3 > end) return false;
  const next = text.charCodeAt(pos + 3);
  return pos + 3 === end || next === 32 || next === 9;
}

interface Chunk {
  text: string;
  /** 1-based line of the chunk's first line in the whole text. */
  firstLine: number;
}

function splitDocuments(text: string): Chunk[] {
  const chunks: Chunk[] = [];
  let start = 0;
  let startLine = 1;
  let line = 1;
  let pos = 0;
  while (pos <= text.length) {
    const nl = text.indexOf('\n', pos);
    const end = nl < 0 ? text.length : nl;
    if (pos > start && isDocumentMarker(text, pos, end)) {
      chunks.push({ text: text.slice(start, pos), firstLine: startLine });
      start = pos;
      startLine = line;
    }
    if (nl < 0) break;
    pos = nl + 1;
    line++;
  }
  chunks.push({ text: text.slice(start), firstLine: startLine });
  return chunks;
}

/**
 * The items of a block-style top-level `items:` sequence, each as the text
 * of its entry and its first line; undefined when the layout is not that
 * (flow style, comments between entries, …) or the count differs.
 */
function blockItems(chunk: Chunk, count: number): Chunk[] | undefined {
  const lines = chunk.text.split('\n');
  const at = lines.findIndex((l) => /^items:[ \t]*$/.test(l));
  if (at < 0) return undefined;
  const indent = /^( *)- /.exec(lines[at + 1] ?? '')?.[1]?.length;
  if (indent === undefined) return undefined;
  const starts: number[] = [];
  let end = lines.length;
  for (let i = at + 1; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.trim() === '') continue;
    const ind = l.length - l.trimStart().length;
    if (ind < indent || (ind === indent && !/^ *-( |$)/.test(l))) {
      end = i;
      break;
    }
    if (ind === indent) starts.push(i);
  }
  if (starts.length !== count) return undefined;
  return starts.map((s, k) => ({ text: lines.slice(s, starts[k + 1] ?? end).join('\n'), firstLine: chunk.firstLine + s }));
}

function objectsOfChunk(chunk: Chunk, root: unknown): RawObject[] {
  const whole = lazyLines(chunk.text, chunk.firstLine);
  const isList = typeof root === 'object' && root !== null && Array.isArray((root as { items?: unknown }).items);
  const items = isList ? blockItems(chunk, (root as { items: unknown[] }).items.length) : undefined;
  const itemLines = new Map<number, (path: readonly (string | number)[]) => number | undefined>();
  const lineOfItem = (i: number, path: readonly (string | number)[]): number | undefined => {
    const item = items![i]!;
    let f = itemLines.get(i);
    if (!f) itemLines.set(i, (f = lazyLines(item.text, item.firstLine)));
    return f([0, ...path]);
  };
  const find = (prefix: readonly (string | number)[], path: readonly (string | number)[]): number | undefined =>
    items && prefix[0] === 'items' && typeof prefix[1] === 'number' ? lineOfItem(prefix[1], path) : whole([...prefix, ...path]);
  return splitRoot(root, (value, prefix) => lazyRawObject(value, prefix, find));
}

/**
 * How a streamed read ended: `done`; `declined` when the full parser must
 * read the text and nothing was handed over yet; `aborted` when it must,
 * but some documents were already handed over (the caller starts over).
 */
export type FastYamlEnd = 'done' | 'declined' | 'aborted';

/**
 * Reads a YAML text document by document, handing each document's objects to
 * `sink` as soon as it is parsed: the caller reads them while the parsed
 * tree is young, so a large dump's trees die young instead of all being
 * promoted to the old heap (the garbage collector's main cost when loading).
 */
export function streamYamlFast(text: string, sink: (objects: RawObject[]) => void): FastYamlEnd {
  if (UNUSUAL.test(text)) return 'declined';
  let handed = false;
  for (const chunk of splitDocuments(text)) {
    let docs: unknown[];
    try {
      docs = loadAll(chunk.text, undefined, { schema: CORE_SCHEMA, json: true });
    } catch {
      return handed ? 'aborted' : 'declined';
    }
    if (docs.length > 1) return handed ? 'aborted' : 'declined';
    if (docs.length === 1) {
      handed = true;
      sink(objectsOfChunk(chunk, docs[0]));
    }
  }
  return 'done';
}

/** The objects of a YAML text, or undefined when the full parser must read it (see the module comment). */
export function parseYamlFast(text: string): RawObject[] | undefined {
  const objects: RawObject[] = [];
  return streamYamlFast(text, (o) => objects.push(...o)) === 'done' ? objects : undefined;
}
