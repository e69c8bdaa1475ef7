/**
 * Shell quoting for the commands readiness findings offer to copy: every
 * value from the scenario (object names, CIDRs, JSON patches) goes through
 * `shellQuote`, so a name like `default; curl … | sh; #` from a shared link is
 * one harmless argument, never shell syntax. POSIX single quotes: nothing
 * inside them is special; a `'` is closed, escaped and reopened (`'\''`).
 */

/** Characters that never need quoting in a POSIX shell word. */
const PLAIN = /^[A-Za-z0-9_./:=@%+,-]+$/;

/** One shell word for `value`: as is when it is plain, else single-quoted. */
export function shellQuote(value: string): string {
  if (PLAIN.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A JSON value as one shell word (the seed's `-p '{…}'` form). */
export function shellJson(value: unknown): string {
  return `'${JSON.stringify(value).replace(/'/g, `'\\''`)}'`;
}
