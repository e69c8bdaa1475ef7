/**
 * What every subcommand takes, as the page's import takes it: `--scenario`
 * values (a preset name or a file; repeated or comma-separated; kubectl
 * dumps, Calico objects and HNS dumps merged as one scenario) and
 * `--windows-node` (the node the HNS dumps among them come from, or
 * `NAME=FILE[,FILE…]` for one node's dumps, repeated per node).
 */
import { readFileSync, statSync } from 'node:fs';
import {
  checkHnsReferences,
  compareHns,
  emptyHnsImport,
  importFiles,
  loadScenarioText,
  looksLikeHnsDump,
  parseHnsDump,
  PRESETS,
  type CompiledCluster,
  type Diagnostic,
  type ImportResult,
  type InputFile,
  type Mismatch,
} from '../engine/index';
import { CliError } from './args';

/** A file's text: UTF-8, or UTF-16 LE with a BOM (what Windows PowerShell 5.1's `>` writes). */
export function readInputText(path: string): string {
  const buf = readFileSync(path);
  if (buf[0] === 0xff && buf[1] === 0xfe) return buf.subarray(2).toString('utf16le');
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return buf.subarray(3).toString('utf8');
  return buf.toString('utf8');
}

/** A preset's YAML or a file's text, named as given (diagnostics print the name). */
function readInput(arg: string): InputFile {
  const preset = PRESETS.find((p) => p.name === arg);
  if (preset) return { name: preset.name, text: preset.yaml };
  let isFile = false;
  try {
    isFile = statSync(arg).isFile();
  } catch {
    throw new CliError(`no preset or file named "${arg}"; presets: ${PRESETS.map((p) => p.name).join(', ')}`);
  }
  if (!isFile) throw new CliError(`${arg} is not a file`);
  return { name: arg, text: readInputText(arg) };
}

const splitList = (values: readonly string[]): string[] => values.flatMap((v) => v.split(',')).map((s) => s.trim()).filter(Boolean);

/** `--windows-node` values: one bare node name (for the dumps among `--scenario`), and `NAME=FILE,…` per node. */
function parseWindowsNodes(values: readonly string[]): { bare?: string; perNode: { node: string; files: string[] }[] } {
  const bare = values.filter((v) => !v.includes('='));
  if (bare.length > 1) throw new CliError(`--windows-node without =FILE names the node of the HNS dumps among --scenario; give it once (got ${bare.join(', ')}), or use NAME=FILE[,FILE…] per node`);
  const perNode = values
    .filter((v) => v.includes('='))
    .map((v) => {
      const at = v.indexOf('=');
      const node = v.slice(0, at);
      const files = splitList([v.slice(at + 1)]);
      if (!node || files.length === 0) throw new CliError(`--windows-node takes NAME or NAME=FILE[,FILE…], got "${v}"`);
      return { node, files };
    });
  return { ...(bare[0] ? { bare: bare[0] } : {}), perNode };
}

/** Loads the inputs. Problems in their content come back as diagnostics; an unreadable argument throws CliError. */
export function loadInputs(scenarioArgs: readonly string[], windowsNodeArgs: readonly string[] = []): ImportResult {
  const names = splitList(scenarioArgs);
  if (names.length === 0) throw new CliError('--scenario is required (a preset name or a file)');
  const { bare, perNode } = parseWindowsNodes(windowsNodeArgs);
  const files = names.map(readInput);
  const single = files.length === 1 && !bare && !looksLikeHnsDump(files[0]!.text) ? files[0]! : undefined;
  // One input: loaded as one text (a preset loads exactly as the page loads it).
  const loaded: ImportResult = single ? { ...loadScenarioText(single.text, single.name), hns: [] } : importFiles(files, bare ? { windowsNode: bare } : {});
  if (single && !PRESETS.some((p) => p.name === single.name)) loaded.diagnostics = loaded.diagnostics.map((d) => ({ file: single.name, ...d }));
  for (const group of perNode) attachDumps(loaded, group.node, group.files.map(readInput));
  return loaded;
}

/** One node's HNS dumps, parsed and attached (the node must be a Windows node of the scenario). */
function attachDumps(loaded: ImportResult, node: string, dumps: InputFile[]): void {
  const files = dumps.map((f) => f.name);
  if (!loaded.scenario?.nodes.some((n) => n.name === node && n.os === 'windows')) {
    loaded.diagnostics.push({ severity: 'error', code: 'missing-reference', file: files.join(', '), field: '--windows-node', message: `${node} is not a Windows node of the scenario; its HNS dumps are not attached` } satisfies Diagnostic);
    return;
  }
  let attachment = loaded.hns.find((a) => a.node === node);
  if (!attachment) loaded.hns.push((attachment = { node, files: [], hns: emptyHnsImport() }));
  attachment.files.push(...files);
  for (const f of dumps) loaded.diagnostics.push(...parseHnsDump(f.text, f.name, attachment.hns).diagnostics);
  loaded.diagnostics.push(...checkHnsReferences(attachment.hns, attachment.files.join(', ')));
}

/** Each attached HNS dump compared with its compiled node. */
export function compareAttachedHns(loaded: ImportResult, c: CompiledCluster): { node: string; files: string[]; mismatches: Mismatch[] }[] {
  return loaded.hns.flatMap((a) => {
    const st = c.nodes.get(a.node);
    return st?.kind === 'windows' ? [{ node: a.node, files: a.files, mismatches: compareHns(a.hns, st) }] : [];
  });
}
