/**
 * `packetwalk <subcommand> …`: the command line's one entry (bundled into
 * dist-cli/packetwalk.cjs; bin/packetwalk.mjs runs it). Subcommands return
 * their exit code; bad input (CliError) and any exception from the engine are
 * reported on stderr as one error line with exit 2 — never a stack trace
 * with exit 1, which scripts would read as "a check failed".
 */
import { CliError, EXIT, EXIT_USAGE } from './args';
import { runCheck } from './check';
import { processIo, type Io } from './io';
import { runPreset } from './preset';
import { runReadiness } from './readiness';
import { runState } from './state';
import { runTrace } from './trace';

/** Set by the bundler from package.json. */
declare const __PACKETWALK_VERSION__: string | undefined;
const VERSION = typeof __PACKETWALK_VERSION__ === 'string' ? __PACKETWALK_VERSION__ : 'dev';

const SUBCOMMANDS: Record<string, { run: (argv: string[], io: Io) => number; what: string }> = {
  trace: { run: runTrace, what: 'trace one flow hop by hop (text, JSON or Markdown)' },
  state: { run: runState, what: "a node's state as the real tools print it, or the scenario's YAML" },
  readiness: { run: runReadiness, what: 'what the cluster needs before a Windows node joins' },
  check: { run: runCheck, what: 'flow assertions for CI (text, JUnit or TAP)' },
  preset: { run: runPreset, what: "list the presets or print one's YAML" },
};

export const USAGE = `usage: packetwalk <subcommand> [options]   (packetwalk <subcommand> --help for its options)
${Object.entries(SUBCOMMANDS)
  .map(([name, s]) => `  ${name.padEnd(10)} ${s.what}`)
  .join('\n')}
Every subcommand takes --scenario <preset|file>[,…] (repeatable; kubectl dumps, Calico objects, HNS dumps),
--windows-node NAME[=FILE,…], --lang en|ru, --quiet.
${EXIT_USAGE}`;

/** Runs one command line; returns the exit code. */
export function runCli(argv: string[], io: Io = processIo): number {
  const [sub, ...rest] = argv;
  try {
    if (!sub) {
      io.err(`${USAGE}\n`);
      return EXIT.badInput;
    }
    if (sub === '--help' || sub === '-h' || sub === 'help') {
      io.out(`${USAGE}\n`);
      return EXIT.ok;
    }
    if (sub === '--version') {
      io.out(`${VERSION}\n`);
      return EXIT.ok;
    }
    const command = SUBCOMMANDS[sub];
    if (!command) throw new CliError(`unknown subcommand "${sub}"`, USAGE);
    return command.run(rest, io);
  } catch (e) {
    if (e instanceof CliError) {
      io.err(`error: ${e.message}\n${e.usage ? `${e.usage}\n` : ''}`);
    } else {
      // An engine exception is a bug, but the input that triggered it is what the user can act on.
      const where = process.env.PACKETWALK_DEBUG && e instanceof Error && e.stack ? `\n${e.stack}` : '';
      io.err(`error packetwalk ${sub}: internal error while processing the inputs: ${e instanceof Error ? e.message : String(e)} (set PACKETWALK_DEBUG=1 for the stack; please report it with the inputs)${where}\n`);
    }
    return EXIT.badInput;
  }
}
