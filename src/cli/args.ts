/**
 * Command-line parsing shared by the CLIs: `node:util` parseArgs with strict
 * options, `--help` printing the usage (exit 0), and bad options or input
 * ending the process with one line on stderr and exit code 2.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export function fail(message: string): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(2);
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parses `process.argv` against `options` (a `help` flag is added); prints `usage` and exits on --help. */
export function parseCli<O extends Options>(options: O, usage: string): ReturnType<typeof parseArgs<{ options: O & { help: { type: 'boolean' } }; strict: true }>>['values'] {
  let parsed;
  try {
    parsed = parseArgs({ options: { ...options, help: { type: 'boolean' } }, strict: true });
  } catch (e) {
    fail(`${(e as Error).message}\n${usage}`);
  }
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  return parsed.values as ReturnType<typeof parseArgs<{ options: O & { help: { type: 'boolean' } }; strict: true }>>['values'];
}
