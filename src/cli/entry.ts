/** The bundle's entry: runs the command line and sets the exit code (stdout drains before the process exits). */
import { runCli } from './main';

// A closed pipe (`packetwalk … | head`) is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});
process.exitCode = runCli(process.argv.slice(2));
