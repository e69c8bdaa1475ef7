/**
 * A pretty-printed JSON `List` (what `kubectl get … -o json` prints) read
 * item by item: each item's text is parsed on its own and handed on in small
 * batches, so its parsed tree dies young. Parsing the whole text keeps every
 * item's tree alive until the last object is read, and on a 1,000-node dump
 * the garbage collector then copies tens of MB of it, twice.
 *
 * The items are found by their layout: each starts with `{` on a line of its
 * own and ends with `}` at the same indentation. That is checked, not
 * assumed: the text with `["<sentinel>"]` in place of the items array must
 * parse with the sentinel as the root's `items`, and every item's text must
 * parse on its own; the text is then that JSON with the items in place, which
 * JSON.parse reads to the same values. Other text is declined (the caller
 * parses it whole), and an item that does not parse after others were handed
 * on is a `restart`, as on the fast YAML path.
 */
import type { RawObject } from './parse';

const SENTINEL = 'packetwalk:items-sentinel';
/** Items per batch: few enough that a batch's parsed trees die in the young generation. */
const BATCH = 100;

export type JsonListEnd = 'done' | 'declined' | 'restart';

const isBlank = (s: string): boolean => /^[ \t\r\n]*$/.test(s);

/** Start and end offsets of each item's text, or undefined when the layout is not the one described above. */
function itemBounds(text: string): { bounds: number[]; open: number; close: number } | undefined {
  const key = text.indexOf('"items": [');
  if (key < 0) return undefined;
  const open = key + '"items": '.length;
  let start = text.indexOf('{', open);
  // The line break and indentation before the first item, repeated before each item and its closing brace.
  const lead = text.slice(open + 1, start);
  if (start < 0 || !/^\r?\n[ \t]+$/.test(lead)) return undefined;
  const closer = `${lead}}`;
  // Searched from its brace: a pattern that starts with a line break makes indexOf stop at every line.
  const between = `},${lead}{`;
  const bounds: number[] = [];
  for (;;) {
    let end = text.indexOf(between, start) + 1;
    if (end > 0 && text.startsWith(lead, end - 1 - lead.length)) {
      bounds.push(start, end);
      start = end + between.length - 2;
      continue;
    }
    // The last item (or a layout other than the one described, which the item's parse then refuses).
    end = text.indexOf(closer, start) + closer.length;
    if (end < closer.length) return undefined;
    bounds.push(start, end);
    const close = text.indexOf(']', end);
    return close >= 0 && isBlank(text.slice(end, close)) ? { bounds, open, close } : undefined;
  }
}

/** The text around the items is JSON whose root is a List with the items array as its `items`. */
function isListAround(text: string, open: number, close: number): boolean {
  const head = text.slice(0, open);
  const tail = text.slice(close + 1);
  // No escapes and no sentinel outside the items: only the one put in can parse to it.
  if (head.includes('\\') || tail.includes('\\') || head.includes(SENTINEL) || tail.includes(SENTINEL)) return false;
  let root: unknown;
  try {
    root = JSON.parse(`${head}["${SENTINEL}"]${tail}`) as unknown;
  } catch {
    return false;
  }
  if (typeof root !== 'object' || root === null || Array.isArray(root)) return false;
  const { kind, items } = root as Record<string, unknown>;
  return typeof kind === 'string' && kind.endsWith('List') && Array.isArray(items) && items.length === 1 && items[0] === SENTINEL;
}

/**
 * Hands the items of a pretty-printed JSON List to `sink` in batches, each
 * made into a RawObject by `make` with its index in `items`.
 */
export function streamJsonList(text: string, sink: (objects: RawObject[]) => void, make: (value: Record<string, unknown>, index: number) => RawObject): JsonListEnd {
  const found = itemBounds(text);
  if (!found || !isListAround(text, found.open, found.close)) return 'declined';
  const { bounds } = found;
  let batch: RawObject[] = [];
  let handed = false;
  for (let i = 0; i < bounds.length; i += 2) {
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(text.slice(bounds[i], bounds[i + 1])) as Record<string, unknown>;
    } catch {
      return handed ? 'restart' : 'declined';
    }
    batch.push(make(value, i / 2));
    if (batch.length === BATCH) {
      sink(batch);
      handed = true;
      batch = [];
    }
  }
  sink(batch);
  return 'done';
}
