/**
 * A flow's trace against what the flows file expects of it: each expectation
 * that does not hold becomes one sentence (in --lang) naming what was wanted
 * and what the trace did.
 */
import type { Trace } from '../engine/index';
import type { FlowExpectation } from './flowsFile';
import type { Translate } from './i18n';

/** Every name a forward step can be found by: node, component, layer or interface, table, chain. */
function namesOnPath(t: Trace): Set<string> {
  const names = new Set<string>();
  for (const s of t.steps) for (const n of [s.node, s.at.component, s.at.layer, s.at.table, s.at.chain]) if (n) names.add(n);
  return names;
}

function backendMatches(t: Trace, want: string): boolean {
  const d = t.delivered;
  if (!d) return false;
  return want === d.pod || want === d.ip || (d.port !== undefined && want === `${d.ip}:${d.port}`);
}

function backendOf(t: Trace, none: string): string {
  const d = t.delivered;
  return d ? `${d.pod ? `${d.pod} ` : ''}${d.ip}${d.port !== undefined ? `:${d.port}` : ''}` : none;
}

/** The expectations the trace breaks, as sentences; empty when the flow behaves as expected. */
export function unmetExpectations(t: Trace, e: FlowExpectation, tr: Translate): string[] {
  const none = tr('check.none');
  const why = (x: Trace): string => (x.reason ? ` (${x.reason.code}: ${tr(`reason.${x.reason.code}`, x.reason.params)})` : '');
  const out: string[] = [];
  if (t.verdict !== e.verdict) out.push(tr('check.expected.verdict', { want: e.verdict, got: `${t.verdict}${why(t)}` }));
  if (e.reason && t.reason?.code !== e.reason) out.push(tr('check.expected.reason', { want: e.reason, got: t.reason?.code ?? none }));
  // A flow that works is one whose reply comes back too.
  const wantReply = e.reply ?? (e.verdict === 'delivered' && t.reply ? 'delivered' : undefined);
  const gotReply = t.reply?.verdict ?? 'none';
  if (wantReply && gotReply !== wantReply) out.push(tr('check.expected.reply', { want: wantReply, got: `${gotReply}${t.reply ? why(t.reply) : ''}` }));
  const path = namesOnPath(t);
  const missing = [e.via ?? []].flat().filter((n) => !path.has(n));
  if (missing.length) out.push(tr('check.expected.via', { want: missing.join(', ') }));
  if (e.seenSrcIp && t.delivered?.seenSrcIp !== e.seenSrcIp) out.push(tr('check.expected.seenSrcIp', { want: e.seenSrcIp, got: t.delivered?.seenSrcIp ?? none }));
  if (e.backend && !backendMatches(t, e.backend)) out.push(tr('check.expected.backend', { want: e.backend, got: backendOf(t, none) }));
  return out;
}
