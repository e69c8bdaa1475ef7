/**
 * Where a subcommand writes: stdout for results, stderr for diagnostics.
 * `main` passes the process streams; tests pass collectors.
 */
export interface Io {
  out(text: string): void;
  err(text: string): void;
}

export const processIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};
