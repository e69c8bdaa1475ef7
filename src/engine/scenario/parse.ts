/**
 * Text → raw objects: multi-document YAML, a JSON object, a JSON/YAML `List`
 * (what `kubectl get … -o yaml|json` prints) or a plain array of objects.
 * Each raw object remembers where it came from so diagnostics can name a line.
 */
import { isNode, LineCounter, parseAllDocuments, type Document } from 'yaml';
import type { Diagnostic } from '../model/diagnostic';

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

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function lineAt(lc: LineCounter, offset: number | undefined): number | undefined {
  return offset === undefined ? undefined : lc.linePos(offset).line;
}

function objectsOfDocument(doc: Document, lc: LineCounter): RawObject[] {
  const root = doc.toJS({ maxAliasCount: 1000 }) as unknown;
  const make = (value: Record<string, unknown>, prefix: (string | number)[]): RawObject => {
    const lineOf = (path: readonly (string | number)[]): number | undefined => {
      for (let n = path.length; n >= 0; n--) {
        const node = doc.getIn([...prefix, ...path.slice(0, n)], true);
        if (isNode(node) && node.range) return lineAt(lc, node.range[0]);
      }
      return undefined;
    };
    return { value, line: lineOf([]), lineOf };
  };
  if (Array.isArray(root)) {
    return root.flatMap((v, i) => (isRecord(v) ? [make(v, [i])] : []));
  }
  if (!isRecord(root)) return [];
  if (typeof root.kind === 'string' && root.kind.endsWith('List') && Array.isArray(root.items)) {
    return root.items.flatMap((v, i) => (isRecord(v) ? [make(v, ['items', i])] : []));
  }
  return [make(root, [])];
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
  const lc = new LineCounter();
  // JSON is YAML 1.2, so one parser reads both and gives lines for both.
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
