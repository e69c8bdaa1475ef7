/**
 * Which rule of a VFP layer a packet hits: among the rules of the packet's
 * direction whose conditions all hold, the lowest priority number wins.
 * @see DATAPATH-FACTS §5 [M9] (within a group the highest-priority match wins).
 */
import { cidrContains, ipToInt } from '../model/ipv4';
import type { Packet } from '../model/packet';
import { innerIp, ports } from '../model/packetOps';
import type { VfpDirection, VfpLayer, VfpRule } from './vfp';
import { aclMatches, formatAclMatch } from '../policy/windowsAclMatch';

export function ruleMatches(r: VfpRule, p: Packet, dir: VfpDirection): boolean {
  if (r.direction !== dir) return false;
  if (r.acl) return aclMatches(r.acl.match, p, dir);
  const ip = innerIp(p);
  const m = r.match;
  if (m.proto && m.proto !== ip.proto) return false;
  if (m.src && !m.src.some((c) => cidrContains(c, ip.src))) return false;
  if (m.dst && !m.dst.some((c) => cidrContains(c, ip.dst))) return false;
  if (m.dport !== undefined && ports(p).dport !== m.dport) return false;
  return true;
}

/**
 * A layer's rules by destination: a rule that names destination prefixes is
 * filed under each prefix (by length, then network address), so a packet
 * probes one map per prefix length the layer uses (load-balancer VIPs /32,
 * remote subnets' encapsulation rules /26, …); the rest (no destination, or
 * an ACL rule, which matches on its own fields) is in `general`. Lists hold
 * rule positions in layer order.
 */
interface LayerIndex {
  rules: VfpRule[];
  count: number;
  general: number[];
  byDst: Map<number, Map<number, number[]>>;
}

const layerIndexes = new WeakMap<VfpLayer, LayerIndex>();

function layerIndex(layer: VfpLayer): LayerIndex {
  const hit = layerIndexes.get(layer);
  if (hit && hit.rules === layer.rules && hit.count === layer.rules.length) return hit;
  const ix: LayerIndex = { rules: layer.rules, count: layer.rules.length, general: [], byDst: new Map() };
  layer.rules.forEach((r, i) => {
    const dst = r.match.dst;
    if (r.acl || !dst || dst.length === 0 || dst.some((c) => typeof c !== 'object' || c === null)) {
      ix.general.push(i);
      return;
    }
    for (const c of dst) {
      let byBase = ix.byDst.get(c.len);
      if (!byBase) ix.byDst.set(c.len, (byBase = new Map()));
      const list = byBase.get(c.base);
      if (!list) byBase.set(c.base, [i]);
      else if (list.at(-1) !== i) list.push(i);
    }
  });
  layerIndexes.set(layer, ix);
  return ix;
}

const maskOf = (len: number): number => (len === 0 ? 0 : (0xffffffff << (32 - len)) >>> 0);

/**
 * The matching rule with the lowest priority number (the earlier one on a
 * tie). Only the rules that could hold the destination are tried, in layer
 * order, so a layer with 10,000 Service VIPs costs a few map probes, not a scan.
 */
export function matchLayer(layer: VfpLayer, p: Packet, dir: VfpDirection): VfpRule | undefined {
  const ix = layerIndex(layer);
  const n = ipToInt(innerIp(p).dst);
  let candidates = ix.general;
  for (const [len, byBase] of ix.byDst) {
    const list = Number.isInteger(n) ? byBase.get((n & maskOf(len)) >>> 0) : undefined;
    if (list) candidates = candidates.length === 0 ? list : [...candidates, ...list];
  }
  // In layer order (a rule filed under two prefixes that both hold the address is tried once).
  if (candidates !== ix.general && candidates.length > 1) candidates = [...new Set(candidates)].sort((x, y) => x - y);
  let best: VfpRule | undefined;
  for (const i of candidates) {
    const r = layer.rules[i]!;
    if (ruleMatches(r, p, dir) && (!best || r.priority < best.priority)) best = r;
  }
  return best;
}

/** vfpctrl-like one-line form of a rule, used in traces and the `vfp` view. */
export function formatRule(r: VfpRule): string {
  const m = r.match;
  const cond = [
    m.proto ? `proto ${m.proto.toUpperCase()}` : undefined,
    m.src ? `src ${m.src.map((c) => c.text).join(',')}` : undefined,
    m.dst ? `dst ${m.dst.map((c) => c.text).join(',')}` : undefined,
    m.dport !== undefined ? `dport ${m.dport}` : undefined,
  ].filter(Boolean);
  if (r.acl) cond.push(formatAclMatch(r.acl.match));
  const a = r.action;
  const act =
    a.type === 'lb' ? `lb → ${a.backends.map((b) => `${b.ip}:${b.port}`).join(', ')}${a.dsr ? ' (DSR)' : ''}${a.snatTo ? `, snat ${a.snatTo}` : ''}`
    : a.type === 'snat' ? `dynnat → ${a.ip}`
    : a.type === 'encap' ? `encap VXLAN VNI ${a.vni} → PA ${a.pa}, DR MAC ${a.drMac}`
    : a.type === 'decap' ? `decap VXLAN VSID ${a.vni}`
    : a.type === 'mac-rewrite' ? `rewrite MAC → ${a.srcMac}, route by host`
    : a.type;
  return `Rule ${r.id}  priority ${r.priority}  ${r.direction}  ${cond.join(' ') || 'any'}  → ${act}`;
}
