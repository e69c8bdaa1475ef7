/**
 * PowerShell's default list layout (`Format-List`, what `Get-HnsNetwork`,
 * `Get-HnsEndpoint` and `Get-HnsPolicyList` print when nothing is piped to
 * `ConvertTo-Json`): one `Key : value` line per property, values wrapped onto
 * lines indented to the value column, objects separated by blank lines.
 *
 * How PowerShell renders the values (about_Format.ps1xml, the default
 * formatter's ToString of each property):
 * - a collection prints as `{a, b, c}`; after `$FormatEnumerationLimit` items
 *   (4 by default, about_Preference_Variables) it ends with `...}`;
 * - a nested object (PSCustomObject, what `hns.psm1` returns for JSON objects)
 *   prints as `@{k=v; k2=v2}`, and inside it a collection prints as its type
 *   name `System.Object[]` and a nested object as an empty string: both
 *   cannot be read back, which `notes` records.
 *
 * Assumption: a wrapped line was broken at a space (PowerShell wraps at word
 * boundaries), so continuation lines are joined with one space.
 */

/** Something the layout does not show: an array printed as its type name, or a cut collection. */
export interface PsListNote {
  /** The object's index in the output. */
  index: number;
  /** Path of the property inside the object (`['Subnets', 0, 'Policies']`). */
  path: (string | number)[];
  kind: 'unreadable' | 'truncated';
  line: number;
}

export interface PsListObject {
  value: Record<string, unknown>;
  /** 1-based line of the object's first property. */
  line: number;
  /** 1-based line of each top-level property. */
  keyLines: Map<string, number>;
}

export interface PsListResult {
  objects: PsListObject[];
  notes: PsListNote[];
  /** Lines that are neither `Key : value`, a continuation, a prompt nor blank. */
  strayLines: number[];
}

/** `Key<spaces>: value` — the key is padded to the longest key, so there is always a space before the colon. */
const KEY_LINE = /^([A-Za-z_][\w.-]*) +:(?: (.*))?$/;
/** A console prompt kept in the paste (`PS C:\k> Get-HnsNetwork`). */
const PROMPT = /^PS [^>]*>/;
const UNREADABLE_TEXT = /^System\.[\w.]+\[\]$/;

/** Whether the text is PowerShell's list layout (a first `Key : value` line after prompts and blank lines). */
export function looksLikePsList(text: string): boolean {
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/, 200)) {
    const line = raw.trimEnd();
    if (line === '' || PROMPT.test(line)) continue;
    return KEY_LINE.test(line);
  }
  return false;
}

/** Splits at `sep` where no `{…}` is open. */
function splitTop(s: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '{') depth++;
    else if (ch === '}') depth = Math.max(0, depth - 1);
    else if (depth === 0 && s.startsWith(sep, i)) {
      out.push(s.slice(start, i));
      start = i + sep.length;
      i += sep.length - 1;
    }
  }
  out.push(s.slice(start));
  return out;
}

/** A scalar as PowerShell prints it: `True`/`False`, integers (when exact in a double), else the text. */
function scalar(s: string): unknown {
  if (s === 'True') return true;
  if (s === 'False') return false;
  if (/^-?\d{1,15}$/.test(s)) return Number(s);
  return s;
}

/** Marks a value that the layout did not print; removed from the result and recorded in a note. */
const HIDDEN = Symbol('hidden');

interface ValueCtx {
  notes: PsListNote[];
  index: number;
  line: number;
}

/** Deeper nesting than HNS objects have is read as text (bounds the recursion on hostile input). */
const MAX_DEPTH = 32;

/** One rendered value → JS, recording what cannot be read. `inner` is true inside `@{…}`, where an empty value is an object PowerShell did not expand. */
function parseValue(text: string, path: (string | number)[], ctx: ValueCtx, inner: boolean): unknown {
  const s = text.trim();
  if (s === '') return inner ? HIDDEN : undefined;
  if (UNREADABLE_TEXT.test(s)) {
    ctx.notes.push({ index: ctx.index, path, kind: 'unreadable', line: ctx.line });
    return HIDDEN;
  }
  if (path.length > MAX_DEPTH) return s;
  if (s.startsWith('@{') && s.endsWith('}')) return parseHashtable(s.slice(2, -1), path, ctx);
  if (s.startsWith('{') && s.endsWith('}')) {
    let body = s.slice(1, -1).trim();
    if (body.endsWith('...')) {
      body = body.slice(0, -3).trimEnd();
      ctx.notes.push({ index: ctx.index, path, kind: 'truncated', line: ctx.line });
    }
    if (body === '') return [];
    return splitTop(body, ', ').flatMap((item, i) => {
      const v = parseValue(item, [...path, i], ctx, true);
      return v === HIDDEN || v === undefined ? [] : [v];
    });
  }
  return scalar(s);
}

function parseHashtable(body: string, path: (string | number)[], ctx: ValueCtx): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const part of splitTop(body, '; ')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq).trim();
    const v = parseValue(part.slice(eq + 1), [...path, key], ctx, true);
    if (v !== HIDDEN && v !== undefined) out[key] = v;
  }
  return out;
}

/**
 * Parses list-layout text. Never throws; lines it cannot place are returned
 * in `strayLines`.
 */
export function parsePsList(text: string): PsListResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const objects: PsListObject[] = [];
  const notes: PsListNote[] = [];
  const strayLines: number[] = [];
  type Prop = { key: string; text: string; line: number };
  let current: Prop[] = [];
  const flush = (): void => {
    if (current.length === 0) return;
    const index = objects.length;
    const value: Record<string, unknown> = {};
    const keyLines = new Map<string, number>();
    for (const p of current) {
      keyLines.set(p.key, p.line);
      const v = parseValue(p.text, [p.key], { notes, index, line: p.line }, false);
      if (v !== HIDDEN && v !== undefined) value[p.key] = v;
    }
    objects.push({ value, line: current[0]!.line, keyLines });
    current = [];
  };
  lines.forEach((raw, i) => {
    const line = raw.trimEnd();
    const n = i + 1;
    if (line === '') {
      flush();
      return;
    }
    if (PROMPT.test(line)) {
      flush();
      return;
    }
    const m = KEY_LINE.exec(line);
    if (m) {
      current.push({ key: m[1]!, text: m[2] ?? '', line: n });
      return;
    }
    const last = current[current.length - 1];
    if (/^\s/.test(raw) && last) {
      last.text = `${last.text.trimEnd()} ${line.trim()}`;
      return;
    }
    strayLines.push(n);
  });
  flush();
  return { objects, notes, strayLines };
}
