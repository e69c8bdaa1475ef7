/**
 * Diagnostics on stderr, one line each, for people and for grep:
 * `<level> <Kind ns/name> <field> <file>:<line>: <message>` (parts that are
 * unknown are left out). `--quiet` hides infos; errors make the input bad.
 */
import type { Diagnostic } from '../engine/index';
import type { Io } from './io';

export function diagnosticLine(d: Diagnostic): string {
  const object = d.object ? `${d.object.kind} ${d.object.namespace ? `${d.object.namespace}/` : ''}${d.object.name}` : '';
  const place = d.file ? `${d.file}${d.line ? `:${d.line}` : ''}` : d.line ? `line ${d.line}` : '';
  return `${[d.severity, object, d.field ?? '', place].filter(Boolean).join(' ')}: ${d.message}`;
}

/** Prints the diagnostics (infos unless quiet); returns how many are errors. */
export function reportDiagnostics(diagnostics: readonly Diagnostic[], io: Io, quiet: boolean): number {
  for (const d of diagnostics) if (!(quiet && d.severity === 'info')) io.err(`${diagnosticLine(d)}\n`);
  return diagnostics.filter((d) => d.severity === 'error').length;
}
