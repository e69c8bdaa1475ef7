/**
 * `--scenario` for the command line: a preset name or a YAML/JSON file.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { loadPreset, loadScenarioText, PRESETS, type LoadResult } from '../engine/index';

export function loadScenarioArg(arg: string): LoadResult | { error: string } {
  if (PRESETS.some((p) => p.name === arg)) return loadPreset(arg);
  let text: string;
  try {
    if (!statSync(arg).isFile()) return { error: `${arg} is not a file` };
    text = readFileSync(arg, 'utf8');
  } catch {
    return { error: `no preset or file named "${arg}"; presets: ${PRESETS.map((p) => p.name).join(', ')}` };
  }
  return loadScenarioText(text, basename(arg));
}
