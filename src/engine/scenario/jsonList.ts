/**
 * A JSON `List` (what `kubectl get … -o json` prints) read item by item: the
 * text is scanned once for the boundaries of the top-level `items` array's
 * elements, then each element is parsed on its own and handed to the reader
 * at once. So the parsed objects die young, one item at a time, instead of
 * the whole dump's tree being promoted to the old heap before it is read
 * (on a 33 MB dump the garbage collector cost more than `JSON.parse`).
 *
 * The result equals `JSON.parse` of the whole text followed by splitRoot:
 * the text around the items (the "skeleton") is parsed with `JSON.parse`,
 * each element with `JSON.parse`, and between elements only JSON whitespace
 * and commas are allowed (RFC 8259 §2, §5). Any other shape (not a List,
 * a second `items` key, an element that is not an object) is declined and
 * the caller parses the text whole.
 */

/** How a streamed read ended; see fastYaml.ts FastYamlEnd. */
export type JsonListEnd = 'done' | 'declined' | 'aborted';

const isWs = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;

function skipWs(text: string, i: number): number {
  while (i < text.length && isWs(text.charCodeAt(i))) i++;
  return i;
}

/** The index after the string whose opening quote is at `i`, or -1. */
function stringEnd(text: string, i: number): number {
  for (let j = text.indexOf('"', i + 1); j >= 0; j = text.indexOf('"', j + 1)) {
    let b = j - 1;
    while (text.charCodeAt(b) === 92 /* \ */) b--;
    if ((j - 1 - b) % 2 === 0) return j + 1;
  }
  return -1;
}

/** The index after the object or array opening at `i` (strings skipped whole), or -1. */
function compositeEnd(text: string, i: number): number {
  let depth = 0;
  for (let k = i; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 34 /* " */) {
      const e = stringEnd(text, k);
      if (e < 0) return -1;
      k = e - 1;
    } else if (c === 123 || c === 91 /* { [ */) depth++;
    else if (c === 125 || c === 93 /* } ] */) {
      if (--depth === 0) return k + 1;
    }
  }
  return -1;
}

/** The index after a scalar (number, true, false, null) starting at `i`: up to the next delimiter. */
function scalarEnd(text: string, i: number): number {
  let k = i;
  while (k < text.length) {
    const c = text.charCodeAt(k);
    if (c === 44 || c === 125 || c === 93 || isWs(c)) break;
    k++;
  }
  return k;
}

function valueEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 123 || c === 91) return compositeEnd(text, i);
  if (c === 34) return stringEnd(text, i);
  return scalarEnd(text, i);
}

/**
 * The end of the object opening at `i`, guessed from the layout of indented
 * JSON (kubectl, jq, JSON.stringify): the first later line that holds only
 * its closing brace at the indentation of the line it opens on. A raw line
 * break is never inside a JSON string, so this finds the brace with one
 * native search instead of a scan per character. Only a guess: the caller's
 * `JSON.parse` of the slice confirms it (a valid object from `{` to `}` ends
 * at the brace that matches), and it falls back to the scan without one.
 */
function objectEnd(text: string, i: number): number {
  const lineStart = text.lastIndexOf('\n', i) + 1;
  const indent = text.slice(lineStart, i);
  if (/^ *$/.test(indent)) {
    const close = text.indexOf(`\n${indent}}`, i);
    if (close >= 0) return close + indent.length + 2;
  }
  return compositeEnd(text, i);
}

/** The elements of the array opening at `i`, all of them objects, and its end; undefined for any other shape. */
function arrayElements(text: string, i: number): { elements: [number, number][]; end: number } | undefined {
  const elements: [number, number][] = [];
  let k = skipWs(text, i + 1);
  if (text.charCodeAt(k) === 93) return { elements, end: k + 1 };
  for (;;) {
    if (text.charCodeAt(k) !== 123) return undefined;
    const e = objectEnd(text, k);
    if (e < 0) return undefined;
    elements.push([k, e]);
    k = skipWs(text, e);
    const c = text.charCodeAt(k);
    if (c === 93) return { elements, end: k + 1 };
    if (c !== 44) return undefined;
    k = skipWs(text, k + 1);
  }
}

interface Layout {
  /** [start, end) of the root's `items` array. */
  range: [number, number];
  elements: [number, number][];
}

/** The root object's `items` array and its elements, or undefined when the root is not an object with one `items` array of objects. */
function itemsLayout(text: string): Layout | undefined {
  let i = skipWs(text, 0);
  if (text.charCodeAt(i) !== 123) return undefined;
  i = skipWs(text, i + 1);
  let found: Layout | undefined;
  let seen = 0;
  while (text.charCodeAt(i) === 34) {
    const keyEnd = stringEnd(text, i);
    if (keyEnd < 0) return undefined;
    const key = text.slice(i, keyEnd);
    i = skipWs(text, keyEnd);
    if (text.charCodeAt(i) !== 58 /* : */) return undefined;
    const start = skipWs(text, i + 1);
    let end: number;
    if (key === '"items"' || (key.includes('\\') && JSON.parse(key) === 'items')) {
      const arr = text.charCodeAt(start) === 91 ? arrayElements(text, start) : undefined;
      if (!arr) return undefined;
      seen++;
      found = { range: [start, arr.end], elements: arr.elements };
      end = arr.end;
    } else end = valueEnd(text, start);
    if (end <= start) return undefined;
    i = skipWs(text, end);
    if (text.charCodeAt(i) !== 44 /* , */) break;
    i = skipWs(text, i + 1);
  }
  if (text.charCodeAt(i) !== 125 || skipWs(text, i + 1) !== text.length || seen !== 1) return undefined;
  return found;
}

/**
 * Hands each item of a JSON List to `sink` (its value and index in `items`)
 * as soon as it is parsed. `declined`: not a List of objects, nothing handed
 * over; `aborted`: an item is not valid JSON after others were handed over.
 */
export function streamJsonList(text: string, sink: (value: Record<string, unknown>, index: number) => void): JsonListEnd {
  let items: [number, number][];
  let skeleton: unknown;
  try {
    const layout = itemsLayout(text);
    if (!layout) return 'declined';
    items = layout.elements;
    skeleton = JSON.parse(`${text.slice(0, layout.range[0])}[]${text.slice(layout.range[1])}`) as unknown;
  } catch {
    return 'declined';
  }
  const kind = (skeleton as { kind?: unknown }).kind;
  if (typeof kind !== 'string' || !kind.endsWith('List')) return 'declined';
  for (let i = 0; i < items.length; i++) {
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(text.slice(items[i]![0], items[i]![1])) as Record<string, unknown>;
    } catch {
      return i === 0 ? 'declined' : 'aborted';
    }
    sink(value, i);
  }
  return 'done';
}
