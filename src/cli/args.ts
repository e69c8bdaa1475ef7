/**
 * Command-line parsing shared by the subcommands: `node:util` parseArgs with
 * strict options and the options every subcommand takes (`--scenario`,
 * `--windows-node`, `--lang`, `--quiet`, `--help`). Bad options throw
 * CliError, which `main` prints as one line with exit code 2.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { LANGS, type Lang } from './i18n';

/** Exit codes, as `--help` and README document them. */
export const EXIT = { ok: 0, failed: 1, badInput: 2 } as const;

/** Bad input: printed as `error: <message>` on stderr, exit 2. */
export class CliError extends Error {
  constructor(message: string, readonly usage?: string) {
    super(message);
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** Options of every subcommand. */
export const INPUT_OPTIONS = {
  scenario: { type: 'string', multiple: true },
  'windows-node': { type: 'string', multiple: true },
  lang: { type: 'string', default: 'en' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Options;

export const INPUT_USAGE = `Inputs (every subcommand):
  --scenario <preset|file>[,…]   a preset name or a file; repeat or comma-separate to merge several
                                 (kubectl get … -o yaml|json dumps, Calico objects, HNS dumps)
  --windows-node NAME            the Windows node the HNS dumps among --scenario come from
  --windows-node NAME=FILE[,…]   HNS dumps of one node (repeat per node)
  --lang en|ru                   language of text and Markdown output (default en)
  --quiet                        hide info diagnostics (warnings and errors still go to stderr)`;

export const EXIT_USAGE = `Exit codes: 0 success; 1 a flow of check does not behave as expected, or readiness has a blocking finding;
2 bad input (options, files, or any error diagnostic in the inputs).`;

type Parsed<O extends Options> = ReturnType<typeof parseArgs<{ options: O; strict: true; allowPositionals: true }>>;

/** Parses `argv` strictly against `options`. */
export function parseCli<O extends Options>(argv: string[], options: O, usage: string): Parsed<O> {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: true });
  } catch (e) {
    throw new CliError((e as Error).message, usage);
  }
}

export function langOption(v: unknown): Lang {
  if (typeof v === 'string' && (LANGS as readonly string[]).includes(v)) return v as Lang;
  throw new CliError(`--lang must be ${LANGS.join(' or ')}, got "${String(v)}"`);
}

export function intOption(v: unknown, name: string, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !/^\d+$/.test(v) || Number(v) > max) throw new CliError(`--${name} takes a whole number${max < Number.MAX_SAFE_INTEGER ? ` up to ${max}` : ''}, got "${String(v)}"`);
  return Number(v);
}

export function choiceOption<T extends string>(v: unknown, name: string, choices: readonly T[]): T | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'string' && (choices as readonly string[]).includes(v)) return v as T;
  throw new CliError(`--${name} must be ${choices.join(', ')}, got "${String(v)}"`);
}

export function noPositionals(positionals: string[], usage: string): void {
  if (positionals.length) throw new CliError(`unexpected argument "${positionals[0]}"`, usage);
}
