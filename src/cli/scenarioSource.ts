/**
 * `--scenario` for the command line: a preset name or a YAML/JSON file.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { compareHns, importFiles, loadPreset, loadScenarioText, PRESETS, type CompiledCluster, type ImportResult, type InputFile, type LoadResult, type Mismatch } from '../engine/index';

export function loadScenarioArg(arg: string): LoadResult | { error: string } {
  if (PRESETS.some((p) => p.name === arg)) return loadPreset(arg);
  let text: string;
  try {
    if (!statSync(arg).isFile()) return { error: `${arg} is not a file` };
    text = readInputText(arg);
  } catch {
    return { error: `no preset or file named "${arg}"; presets: ${PRESETS.map((p) => p.name).join(', ')}` };
  }
  return loadScenarioText(text, basename(arg));
}

/** A file's text: UTF-8, or UTF-16 LE with a BOM (what Windows PowerShell 5.1's `>` writes). */
export function readInputText(path: string): string {
  const buf = readFileSync(path);
  if (buf[0] === 0xff && buf[1] === 0xfe) return buf.subarray(2).toString('utf16le');
  return buf.toString('utf8');
}

/**
 * Several `--scenario` values, each a preset name, a file, or a
 * comma-separated list of them: the objects of all are merged; HNS dumps
 * among the files are attached to a Windows node (`windowsNode`, else by
 * ManagementIP).
 */
export function loadScenarioArgs(args: string[], opts: { windowsNode?: string } = {}): ImportResult | { error: string } {
  const all = args.flatMap((a) => a.split(',')).filter(Boolean);
  if (all.length === 1 && !opts.windowsNode) {
    const one = loadScenarioArg(all[0]!);
    return 'error' in one ? one : { ...one, hns: [] };
  }
  const files: InputFile[] = [];
  for (const a of all) {
    const preset = PRESETS.find((p) => p.name === a);
    if (preset) {
      files.push({ name: preset.name, text: preset.yaml });
      continue;
    }
    try {
      if (!statSync(a).isFile()) return { error: `${a} is not a file` };
      files.push({ name: basename(a), text: readInputText(a) });
    } catch {
      return { error: `no preset or file named "${a}"; presets: ${PRESETS.map((p) => p.name).join(', ')}` };
    }
  }
  return importFiles(files, opts);
}

/** Each attached HNS dump compared with its compiled node. */
export function compareAttachedHns(loaded: ImportResult, c: CompiledCluster): { node: string; files: string[]; mismatches: Mismatch[] }[] {
  return loaded.hns.flatMap((a) => {
    const st = c.nodes.get(a.node);
    return st?.kind === 'windows' ? [{ node: a.node, files: a.files, mismatches: compareHns(a.hns, st) }] : [];
  });
}
