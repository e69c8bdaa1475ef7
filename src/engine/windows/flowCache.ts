/** The VFP unified flow cache of a Windows node: recording the composed flow and applying it in one step. */
import type { CtTuple, UftEntry } from '../model/hop';
import type { Packet } from '../model/packet';
import { sameTuple, tupleOf } from '../model/flowTuple';
import { describeTransposition, uftTable, type UftHit } from './uft';
import { type VfpPort } from './vfp';
import { encapsulate } from './egress';
import type { Ctx, Decision } from './nodeContext';
import { decrementTtl, rewrite } from './nodeContext';

export function recordFlow(c: Ctx, port: VfpPort, before: Packet, after: Packet, route: Decision): void {
  const key = tupleOf(before);
  const result = tupleOf(after);
  const entry: UftEntry = { port: port.id, key, result, route, text: describeTransposition(key, result, route), hits: 0 };
  uftTable(c.ctx, c.st.name).push(entry);
  c.rec.add({
    at: { component: 'uft', layer: port.label },
    action: 'flow-create',
    before,
    after,
    rule: { text: `unified flow ${port.label}: ${entry.text}`, source: 'M9/M10 VFP unified flow table; the seed («единый поток»)' },
    explain: 'windows.uftCreate',
    params: { action: entry.text },
  });
}

/** Where a cached flow sends the packet: the forward route, or the reply's once a first reply cached it. */
export function cachedRoute(hit: UftHit): Decision | undefined {
  return hit.dir === 'forward' ? hit.entry.route : hit.entry.replyRoute;
}

/** Applies a cached flow in one step; the route is unknown for a first reply (the routing layer decides it). */
export function applyFlow(c: Ctx, hit: UftHit, p: Packet, port: string): { packet: Packet; route?: Decision } {
  const e = hit.entry;
  e.hits++;
  const forward = hit.dir === 'forward';
  const target: CtTuple = forward ? e.result : { proto: e.key.proto, src: e.key.dst, sport: e.key.dport, dst: e.key.src, dport: e.key.sport };
  let q = rewrite(p, target);
  const route = cachedRoute(hit);
  if (route && route.kind !== 'local') q = decrementTtl(q);
  // The cached transposition includes the encapsulation: one step, as VFP applies it.
  if (route?.kind === 'encap') q = encapsulate(c, q, route);
  const text = forward ? e.text : e.replyText ?? describeTransposition(tupleOf(p), target);
  c.rec.add({
    at: { component: 'uft', layer: port },
    action: forward ? 'flow-hit' : 'flow-reverse',
    before: p,
    after: q,
    rule: { text: `unified flow: ${e.text}${forward ? '' : ` (reversed for the reply: ${text})`}`, source: 'M9/M10 VFP unified flow table; the seed («к ответам — обратное»)' },
    explain: forward ? 'windows.uftHit' : 'windows.uftReverse',
    params: { action: text },
    level: sameTuple(tupleOf(p), tupleOf(q)) && !route ? 'detail' : 'hop',
  });
  return { packet: q, ...(route ? { route } : {}) };
}
