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
 * A layer's rules by destination: rules that name only single addresses
 * (load-balancer VIPs, one per Service frontend) under each address, the
 * rest in `general`. Lists hold rule positions in layer order.
 */
interface LayerIndex {
  rules: VfpRule[];
  count: number;
  general: number[];
  byDst: Map<number, number[]>;
}

const layerIndexes = new WeakMap<VfpLayer, LayerIndex>();

function layerIndex(layer: VfpLayer): LayerIndex {
  const hit = layerIndexes.get(layer);
  if (hit && hit.rules === layer.rules && hit.count === layer.rules.length) return hit;
  const ix: LayerIndex = { rules: layer.rules, count: layer.rules.length, general: [], byDst: new Map() };
  layer.rules.forEach((r, i) => {
    const dst = r.match.dst;
    if (!dst || dst.length === 0 || dst.some((c) => c.len !== 32)) {
      ix.general.push(i);
      return;
    }
    for (const base of new Set(dst.map((c) => c.base))) {
      const list = ix.byDst.get(base);
      if (list) list.push(i);
      else ix.byDst.set(base, [i]);
    }
  });
  layerIndexes.set(layer, ix);
  return ix;
}

/**
 * The matching rule with the lowest priority number (the earlier one on a
 * tie). Only the rules that could hold the destination are tried, in layer
 * order, so a layer with 10,000 Service VIPs costs a map probe, not a scan.
 */
export function matchLayer(layer: VfpLayer, p: Packet, dir: VfpDirection): VfpRule | undefined {
  const ix = layerIndex(layer);
  const forDst = ix.byDst.get(ipToInt(innerIp(p).dst)) ?? [];
  let best: VfpRule | undefined;
  const consider = (i: number): void => {
    const r = layer.rules[i]!;
    if (ruleMatches(r, p, dir) && (!best || r.priority < best.priority)) best = r;
  };
  // Merge the two position lists so rules are tried in layer order.
  let a = 0;
  let b = 0;
  while (a < ix.general.length || b < forDst.length) {
    if (b >= forDst.length || (a < ix.general.length && ix.general[a]! < forDst[b]!)) consider(ix.general[a++]!);
    else consider(forDst[b++]!);
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
