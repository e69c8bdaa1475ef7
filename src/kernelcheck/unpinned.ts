/**
 * kube-proxy picks a service backend at random (iptables `-m statistic --mode random`, nftables `numgen random`).
 * Where the kernel's run names its pick (a listener got the token) the model is pinned to it; where nothing was
 * delivered there is no pick to pin, and the model's own draw may differ from the kernel's: the model agrees when
 * one of its picks ends as the kernel's run did (e.g. one backend is behind a gateway without a route to it).
 */
import type { Trace } from '../engine/index';
import { compareFlow, type Check, type CompareInput } from './compare';

/** The base trace, then one trace per backend any random pick of it can choose. */
function picks(base: Trace, traceWith: (backend: string) => Trace | undefined): Trace[] {
  const backends = new Set((base.branches ?? []).filter((b) => b.choices.length > 1).flatMap((b) => b.choices));
  return [base, ...[...backends].flatMap((b) => traceWith(b) ?? [])];
}

/** The verdict check against the model's pick that agrees with the kernel, or against the base trace if none does. */
export function compareUnpinned(input: CompareInput, traceWith: (backend: string) => Trace | undefined): { trace: Trace; checks: Check[] } {
  const compared = picks(input.trace, traceWith).map((trace) => ({ trace, checks: compareFlow({ ...input, trace }).filter((ch) => ch.what === 'verdict') }));
  return compared.find((c) => c.checks.every((ch) => ch.ok)) ?? compared[0]!;
}
