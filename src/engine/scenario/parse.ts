/**
 * Text → raw objects: multi-document YAML, a JSON object, a JSON/YAML `List`
 * (what `kubectl get … -o yaml|json` prints) or a plain array of objects.
 * Each raw object remembers where it came from so diagnostics can name a line.
 */
import { LineCounter, parseAllDocuments, type Document } from 'yaml';
import type { Diagnostic } from '../model/diagnostic';
import { parseYamlFast, streamYamlFast } from './fastYaml';
import { streamJsonList } from './jsonList';
import { lazyLines, lazyRawObject, lineAt, lineInDocument, splitRoot, type LineFinder } from './rawObjects';

/** Largest input accepted, in characters (a dump of thousands of pods is a few MB). */
export const MAX_INPUT_CHARS = 32 * 1024 * 1024;

/** One object from the input, with a function that finds the line of a field path inside it. */
export interface RawObject {
  value: Record<string, unknown>;
  /** 1-based line of the object's start. */
  line?: number;
  /** 1-based line of a field path inside the object (e.g. `['spec', 'ports', 0]`), or the nearest parent's. */
  lineOf(path: readonly (string | number)[]): number | undefined;
}

export interface ParseResult {
  objects: RawObject[];
  diagnostics: Diagnostic[];
}

function objectsOfDocument(doc: Document, lc: LineCounter): RawObject[] {
  const root = doc.toJS({ maxAliasCount: 1000 }) as unknown;
  return splitRoot(root, (value, prefix) => {
    const lineOf = (path: readonly (string | number)[]): number | undefined => lineInDocument(doc, lc, [...prefix, ...path]);
    return { value, line: lineOf([]), lineOf };
  });
}

/**
 * A line finder for JSON text that parses it as YAML only when a line is
 * first asked for (a diagnostic), so valid JSON is read by `JSON.parse` alone.
 */
export function lazyJsonLines(text: string): (path: readonly (string | number)[]) => number | undefined {
  return lazyLines(text, 1);
}

/**
 * The JSON fast path: `kubectl … -o json` output (and any JSON) is read with
 * `JSON.parse`, which is many times faster than the YAML parser on large
 * dumps; lines for diagnostics come from `lazyJsonLines`. Returns undefined
 * when the text is not JSON (the caller then uses the YAML parser, which also
 * reports JSON syntax errors with a line).
 */
function parseJson(text: string): RawObject[] | undefined {
  const t = text.trimStart();
  if (!t.startsWith('{') && !t.startsWith('[')) return undefined;
  let root: unknown;
  try {
    root = JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
  const find = jsonLineFinder(text);
  return splitRoot(root, (value, prefix) => lazyRawObject(value, prefix, find));
}

function jsonLineFinder(text: string): LineFinder {
  const lines = lazyJsonLines(text);
  return (prefix, path) => lines([...prefix, ...path]);
}

/**
 * Parses the text of a scenario. Never throws: syntax errors become
 * `yaml-syntax` diagnostics with a line, and the documents that did parse are
 * still returned.
 */
export function parseScenarioText(text: string): ParseResult {
  const diagnostics: Diagnostic[] = [];
  if (text.length > MAX_INPUT_CHARS) {
    diagnostics.push({
      severity: 'error',
      code: 'too-large',
      message: `input is ${text.length} characters; the limit is ${MAX_INPUT_CHARS}`,
      params: { size: text.length, limit: MAX_INPUT_CHARS },
    });
    return { objects: [], diagnostics };
  }
  const fast = parseJson(text) ?? parseYamlFast(text);
  return fast ? { objects: fast, diagnostics } : parseYamlFull(text);
}

/**
 * parseScenarioText for a reader that takes objects as they are parsed
 * (load.ts): `sink` gets them document by document on the fast YAML path,
 * and in batches of items from a pretty-printed JSON List (jsonList.ts), so
 * each parsed tree can die young (other JSON is parsed whole). Returns the
 * diagnostics, or `restart` when a fast path gave up after handing objects
 * over; the caller then discards what it read and calls again with `full`
 * (JSON is parsed whole, YAML by the `yaml` library, as parseScenarioText would).
 */
export function streamScenarioText(text: string, sink: (objects: RawObject[]) => void, full = false): Diagnostic[] | 'restart' {
  if (text.length > MAX_INPUT_CHARS) return parseScenarioText(text).diagnostics;
  if (!full) {
    const find = jsonLineFinder(text);
    const list = streamJsonList(text, sink, (value, index) => lazyRawObject(value, ['items', index], find));
    if (list !== 'declined') return list === 'done' ? [] : 'restart';
  }
  const json = parseJson(text);
  if (json) {
    sink(json);
    return [];
  }
  const end = full ? 'declined' : streamYamlFast(text, sink);
  if (end === 'aborted') return 'restart';
  if (end === 'done') return [];
  const parsed = parseYamlFull(text);
  sink(parsed.objects);
  return parsed.diagnostics;
}

/**
 * Reads YAML with the `yaml` library's document model: every document on
 * its own, syntax errors as diagnostics with a line, aliases limited.
 */
export function parseYamlFull(text: string): ParseResult {
  const diagnostics: Diagnostic[] = [];
  const lc = new LineCounter();
  // JSON is YAML 1.2, so one parser reads both (and gives lines for JSON syntax errors).
  const docs = parseAllDocuments(text, { lineCounter: lc, uniqueKeys: false });
  const list = Array.isArray(docs) ? docs : [docs];
  const objects: RawObject[] = [];
  for (const doc of list) {
    if (doc.errors.length > 0) {
      for (const e of doc.errors) {
        diagnostics.push({
          severity: 'error',
          code: 'yaml-syntax',
          line: lineAt(lc, e.pos[0]),
          message: e.message.split('\n')[0] ?? 'syntax error',
        });
      }
      continue;
    }
    try {
      objects.push(...objectsOfDocument(doc, lc));
    } catch (e) {
      // toJS() throws on what the parser lets through: unresolved aliases, alias bombs.
      diagnostics.push({ severity: 'error', code: 'yaml-syntax', line: lineAt(lc, doc.range[0]), message: (e as Error).message.split('\n')[0] ?? 'invalid YAML' });
    }
  }
  return { objects, diagnostics };
}
