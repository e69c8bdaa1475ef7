/**
 * Which rule of a VFP layer a packet hits: among the rules of the packet's
 * direction whose conditions all hold, the lowest priority number wins.
 * @see DATAPATH-FACTS §5 [M9] (within a group the highest-priority match wins).
 */
import { cidrContains } from '../model/ipv4';
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

export function matchLayer(layer: VfpLayer, p: Packet, dir: VfpDirection): VfpRule | undefined {
  let best: VfpRule | undefined;
  for (const r of layer.rules) if (ruleMatches(r, p, dir) && (!best || r.priority < best.priority)) best = r;
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
