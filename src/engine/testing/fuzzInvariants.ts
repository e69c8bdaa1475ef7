/**
 * The one place the fuzzer asks whether a trace holds the invariants: the
 * shared checker (invariants.ts), as `code: message` lines.
 */
import type { Trace } from '../model/trace';
import type { CompiledCluster } from '../trace/cluster';
import { checkTrace } from './invariants';

/** Problems of one trace (empty = holds). */
export function traceViolations(c: CompiledCluster, t: Trace): string[] {
  return [...new Set(checkTrace(c, t).map((v) => `${v.code}: ${v.message}`))];
}
