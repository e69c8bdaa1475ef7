/**
 * `packetwalk preset [NAME]`: without a name, the presets one a line (name
 * and title); with one, its YAML as it ships (the text scenario edits and
 * `--scenario` files start from).
 */
import { PRESETS } from '../engine/index';
import { CliError, EXIT, parseCli } from './args';
import type { Io } from './io';

export const PRESET_USAGE = `usage: packetwalk preset          list the presets
       packetwalk preset NAME     print a preset's YAML
Exit codes: 0 success; 2 no such preset.`;

export function runPreset(argv: string[], io: Io): number {
  const { values, positionals } = parseCli(argv, { help: { type: 'boolean', short: 'h' } }, PRESET_USAGE);
  if (values.help) {
    io.out(`${PRESET_USAGE}\n`);
    return EXIT.ok;
  }
  if (positionals.length > 1) throw new CliError('one preset name at a time', PRESET_USAGE);
  const name = positionals[0];
  if (!name) {
    const width = Math.max(...PRESETS.map((p) => p.name.length));
    io.out(`${PRESETS.map((p) => `${p.name.padEnd(width)}  ${p.title}`).join('\n')}\n`);
    return EXIT.ok;
  }
  const preset = PRESETS.find((p) => p.name === name);
  if (!preset) throw new CliError(`no preset "${name}"; presets: ${PRESETS.map((p) => p.name).join(', ')}`);
  io.out(preset.yaml.replace(/\n*$/, '\n'));
  return EXIT.ok;
}
