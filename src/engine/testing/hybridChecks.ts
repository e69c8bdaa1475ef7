/**
 * The checks of the hybrid invariants (issue 11, "Invariants over generated
 * hybrid clusters") on one flow, beyond the shared trace invariants
 * (invariants.ts: no exception, no hop limit — the loop no configuration
 * produces —, a delivered packet's destination is an address of its
 * receiver, a reply matches its request):
 * - the TTL never rises along a direction (the innermost IPv4 header: an
 *   outer header is a new packet with its own TTL);
 * - a delivered request's reply reaches the source, or the reply's trace
 *   says why not (a reason);
 * - a later packet of the connection (`packet: 'next'`) gets the first
 *   packet's verdict: conntrack and the VFP flow cache replay the first
 *   packet's decisions, they never decide otherwise;
 * - nothing hangs: one flow (both packets) within `hangMs`.
 * Test-only.
 */
import { innerIpIndex } from '../model/packetOps';
import type { Ipv4Header } from '../model/packet';
import type { Trace } from '../model/trace';
import type { CompiledCluster } from '../trace/cluster';
import type { FlowRequest } from '../trace/request';
import { checkFlow, describeRequest, type FlowCheck } from './invariants';

export interface HybridOutcome {
  /** Problems, as `code: message` lines (empty = the flow holds). */
  problems: string[];
  /** A trace was made (the request was valid). */
  traced: boolean;
  verdict?: string;
}

function ttlRises(t: Trace, dir: string): string[] {
  const out: string[] = [];
  let last: number | undefined;
  for (const s of t.steps) {
    const i = innerIpIndex(s.after);
    if (i < 0) continue;
    const ttl = (s.after.headers[i] as Ipv4Header).ttl;
    if (last !== undefined && ttl > last) out.push(`ttl-rises: ${dir} step ${s.node ?? ''} ${s.action}: ttl ${last} → ${ttl}`);
    last = ttl;
  }
  return out;
}

/** The hybrid checks on a flow traced as a first and as a later packet (already checked against the shared invariants). */
export function hybridProblems(first: FlowCheck, next: FlowCheck): string[] {
  const problems = [...first.violations, ...next.violations.map((v) => ({ ...v, message: `(next packet) ${v.message}` }))].map((v) => `${v.code}: ${v.message}`);
  const t = first.trace;
  if (!t) return problems;
  problems.push(...ttlRises(t, 'request'));
  if (t.reply) problems.push(...ttlRises(t.reply, 'reply'));
  if (t.verdict === 'delivered' && t.reply && t.reply.verdict !== 'delivered' && !t.reply.reason) problems.push(`reply-unexplained: the reply ended ${t.reply.verdict} without a reason`);
  if (next.trace && next.trace.verdict !== t.verdict) {
    problems.push(`first-next-differ: first packet ${t.verdict}${t.reason ? ` (${t.reason.code})` : ''}, later packet ${next.trace.verdict}${next.trace.reason ? ` (${next.trace.reason.code})` : ''}`);
  }
  return [...new Set(problems)];
}

/** Traces `req` as a first and as a later packet and checks both. `now` is the caller's clock. */
export function checkHybridFlow(c: CompiledCluster, req: FlowRequest, now: () => number, hangMs: number): HybridOutcome {
  const t0 = now();
  const first = checkFlow(c, { ...req, packet: 'first' });
  const next = checkFlow(c, { ...req, packet: 'next' });
  const ms = now() - t0;
  const problems = hybridProblems(first, next);
  if (ms > hangMs) problems.push(`hang: ${describeRequest(req)} took ${Math.round(ms)} ms`);
  return { problems, traced: first.trace !== undefined, ...(first.trace ? { verdict: first.trace.verdict } : {}) };
}
