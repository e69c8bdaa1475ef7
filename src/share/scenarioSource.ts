/**
 * Where a scenario comes from, as one plain record used by every way the app
 * opens one (the preset switcher, what-if edits, imports, side by side, share
 * links, lessons, the saved draft): a preset, a YAML text, or imported files,
 * each with optional text edits on top. The engine worker resolves it
 * (`openScenario`); nothing here parses YAML.
 *
 * Edits are plain text operations on the source's text (a preset's YAML as
 * `PRESETS[].yaml` holds it, the YAML given, or the imported files'
 * `importedText`), applied in order:
 * - `{ find, replace }` replaces the one occurrence of `find` (it must occur
 *   exactly once, so an edit never silently misses or hits twice);
 * - `{ append }` adds YAML documents at the end (a `---` separator is added).
 * What-if changes are stored as such edits (`diffEdit`), so a history holds
 * small patches instead of copies of the text.
 */
/** One text edit of a scenario's YAML. */
export type ScenarioEdit = { find: string; replace: string } | { append: string };

/** A file as the user gave it (kubectl/calicoctl dumps, scenario YAML, HNS dumps). */
export interface SourceFile {
  name: string;
  text: string;
}

/** A preset, a whole scenario as YAML (or a JSON List), or imported files; each with optional edits. */
export type ScenarioSource =
  | { preset: string; edits?: ScenarioEdit[] }
  | { yaml: string; edits?: ScenarioEdit[] }
  | { files: SourceFile[]; windowsNode?: string; edits?: ScenarioEdit[] };

export type EditResult = { yaml: string } | { error: { edit: number; message: string } };

/**
 * Applies `edits` to `yaml` in order. An edit whose `find` occurs zero or
 * several times is an error naming the edit (0-based) and quoting the start
 * of `find`; the input is never partly edited.
 *
 * @example applyScenarioEdits(preset.yaml, [{ find: 'enableDSR: true', replace: 'enableDSR: false' }])
 */
export function applyScenarioEdits(yaml: string, edits: readonly ScenarioEdit[] = []): EditResult {
  let out = yaml;
  for (const [i, edit] of edits.entries()) {
    if ('append' in edit) {
      out = `${out.replace(/\n*$/, '')}\n---\n${edit.append.replace(/^---\n/, '')}`;
      continue;
    }
    const first = out.indexOf(edit.find);
    const quoted = JSON.stringify(edit.find.length > 60 ? `${edit.find.slice(0, 60)}…` : edit.find);
    if (first < 0) return { error: { edit: i, message: `edit ${i}: ${quoted} does not occur in the scenario` } };
    if (out.indexOf(edit.find, first + 1) >= 0) return { error: { edit: i, message: `edit ${i}: ${quoted} occurs more than once; quote more context` } };
    out = out.slice(0, first) + edit.replace + out.slice(first + edit.find.length);
  }
  return { yaml: out };
}

interface Hunk {
  /** Changed lines: [aFrom, aTo) of the old text become [bFrom, bTo) of the new. */
  aFrom: number;
  aTo: number;
  bFrom: number;
  bTo: number;
}

/** Above this many differing lines the diff is one hunk from the first change to the last. */
const MAX_DIFF = 2000;

/** The changed line ranges between `a` and `b` (Myers' O(ND) diff), in order. */
function lineHunks(a: readonly string[], b: readonly string[]): Hunk[] {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const n = a.length - pre - suf;
  const m = b.length - pre - suf;
  if (n === 0 && m === 0) return [];
  const whole = [{ aFrom: pre, aTo: pre + n, bFrom: pre, bTo: pre + m }];
  if (n === 0 || m === 0) return whole;
  const max = Math.min(n + m, MAX_DIFF);
  const v = new Int32Array(2 * max + 2);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[max + k - 1]! < v[max + k + 1]!) ? v[max + k + 1]! : v[max + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[pre + x] === b[pre + y]) {
        x++;
        y++;
      }
      v[max + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  if (!found) return whole;
  // Walk back: each step of d is one inserted or deleted line; runs of them make hunks.
  const ops: { a: number; b: number; del: boolean }[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const pv = trace[d]!;
    const k = x - y;
    const down = k === -d || (k !== d && pv[max + k - 1]! < pv[max + k + 1]!);
    const pk = down ? k + 1 : k - 1;
    const px = pv[max + pk]!;
    const py = px - pk;
    // The snake (equal lines) back to the point right after the one-line move.
    while (x > px + (down ? 0 : 1) && y > py + (down ? 1 : 0)) {
      x--;
      y--;
    }
    ops.push({ a: px, b: py, del: !down });
    x = px;
    y = py;
  }
  ops.reverse();
  const hunks: Hunk[] = [];
  for (const op of ops) {
    const aAt = pre + op.a;
    const bAt = pre + op.b;
    const last = hunks[hunks.length - 1];
    const ah = op.del ? 1 : 0;
    const bh = op.del ? 0 : 1;
    if (last && last.aTo === aAt && last.bTo === bAt) {
      last.aTo += ah;
      last.bTo += bh;
    } else hunks.push({ aFrom: aAt, aTo: aAt + ah, bFrom: bAt, bTo: bAt + bh });
  }
  return hunks;
}

/** The lines of `text`, each with its `\n` (the last may lack it): they join back to `text`. */
function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** Character offsets of each line start, and the end. */
function lineStarts(lines: readonly string[]): number[] {
  const starts = [0];
  for (const l of lines) starts.push(starts[starts.length - 1]! + l.length);
  return starts;
}

/**
 * Text edits that turn `before` into `after`: one `{ find, replace }` per
 * changed run of lines, each widened by context until `find` occurs once in
 * the text it applies to. Applied in order (`applyScenarioEdits`) they give
 * `after`. Empty when the texts are equal.
 */
export function diffEdits(before: string, after: string): ScenarioEdit[] {
  if (before === after) return [];
  const a = linesOf(before);
  const b = linesOf(after);
  const as = lineStarts(a);
  const bs = lineStarts(b);
  const edits: ScenarioEdit[] = [];
  // From the last hunk to the first, so each hunk's offsets hold in the text it applies to.
  let current = before;
  for (const h of lineHunks(a, b).reverse()) {
    const aFrom = as[h.aFrom]!;
    const aTo = as[h.aTo]!;
    const inserted = after.slice(bs[h.bFrom]!, bs[h.bTo]!);
    let from = aFrom;
    let to = aTo;
    for (let grow = 16; ; grow *= 2) {
      const find = current.slice(from, to);
      if (find && current.indexOf(find) === current.lastIndexOf(find)) break;
      if (from === 0 && to === current.length) break;
      from = Math.max(0, from - grow);
      to = Math.min(current.length, to + grow);
    }
    const replace = current.slice(from, aFrom) + inserted + current.slice(aTo, to);
    edits.push({ find: current.slice(from, to), replace });
    current = current.slice(0, from) + replace + current.slice(to);
  }
  return current === after ? edits : [{ find: before, replace: after }];
}

/** The text a files source's edits apply to: the non-HNS files, each as its own YAML document(s) ended by `...` (so a `%YAML` directive stays legal). */
export function importedText(files: readonly SourceFile[], isHnsDump: (text: string) => boolean): string {
  return files
    .filter((f) => !isHnsDump(f.text))
    .map((f) => `# ${f.name.replace(/[\r\n]/g, ' ')}\n${f.text.replace(/\n*$/, '')}\n...\n`)
    .join('');
}

/**
 * The text a source stands for, after its edits: the preset's YAML (`presetYaml`
 * gives it by name), the YAML given, or the files' `importedText`.
 */
export function resolveSourceText(source: ScenarioSource, presetYaml: (name: string) => string | undefined, isHnsDump: (text: string) => boolean = () => false): EditResult & { base?: string } {
  const base = 'preset' in source ? presetYaml(source.preset) : 'yaml' in source ? source.yaml : importedText(source.files, isHnsDump);
  if (base === undefined) return { error: { edit: -1, message: `unknown preset "${(source as { preset: string }).preset}"` } };
  const edited = applyScenarioEdits(base, source.edits);
  return 'error' in edited ? edited : { yaml: edited.yaml, base };
}

/** The source with `more` edits added. */
export function withEdits(source: ScenarioSource, more: readonly ScenarioEdit[]): ScenarioSource {
  const all = [...(source.edits ?? []), ...more];
  const { edits: _drop, ...rest } = source;
  void _drop;
  return (all.length ? { ...rest, edits: all } : rest) as ScenarioSource;
}

/** The source without its edits (what a draft is kept under). */
export function baseOf(source: ScenarioSource): ScenarioSource {
  return withEdits({ ...source, edits: [] } as ScenarioSource, []);
}

/** A short name for a source, for titles and the scenario store: the preset name, `shared` or `imported`. */
export function sourceName(source: ScenarioSource): string {
  return 'preset' in source ? source.preset : 'yaml' in source ? 'shared' : 'imported';
}

/** Two sources are the same scenario (same base, same edits). */
export function sameSource(a: ScenarioSource | undefined, b: ScenarioSource | undefined): boolean {
  return sameJson(a, b);
}

/**
 * Equal as JSON data (a missing key equals an undefined one), compared in place: an imported dump of MB is compared
 * as strings, never serialised (issue 18: `JSON.stringify` of both sources on every edit was a long task).
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => sameJson(x, (b as unknown[])[i]));
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  return [...keys].every((k) => sameJson(x[k], y[k]));
}
