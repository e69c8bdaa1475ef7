/**
 * HNS ACL entries as VFP's ACL layer (ACL_ENDPOINT_LAYER) runs them on a
 * pod's port: `In` for packets from the switch to the pod (remote = source,
 * local = destination), `Out` for packets the pod sends (local = source,
 * remote = destination). An entry matches when its protocol (256 = any),
 * addresses and ports all hold; among matching entries the lowest Priority
 * number wins (vfpMatch.ts). Replies of an allowed connection never get
 * here: VFP's unified flow table passes them (nodePath.ts).
 *
 * Assumption: entries with RuleType Host are for the host's firewall, not
 * the switch port (Felix adds them "to allow traffic through the host
 * windows firewall", endpoint_mgr.go): the ACL layer skips them.
 * @see DATAPATH-FACTS §5 [M9] (VFP layers and priorities); C23 endpoint_mgr.go
 */
import { cidrContains, parseCidr, type Cidr } from '../model/ipv4';
import type { ObjectRef } from '../model/diagnostic';
import type { Packet } from '../model/packet';
import type { ExplainKey } from '../model/stepVocabulary';
import type { Reason } from '../model/trace';
import { innerIp, ports } from '../model/packetOps';
import type { HnsAclPolicy } from '../windows/hns';
import type { VfpDirection, VfpRule } from '../windows/vfp';
import type { AclOrigin } from './windowsAcl';
import { describeRef } from './linuxVerdict';

/** The parsed conditions of one ACL entry (what VFP compares). */
export interface AclMatch {
  /** IANA protocol number; 256 = any. */
  protocol: number;
  local?: Cidr[];
  remote?: Cidr[];
  localPorts?: [number, number][];
  remotePorts?: [number, number][];
}

/** The ACL facts a VFP rule carries for the trace: its conditions and, for Felix's entries, where it comes from. */
export interface VfpAclInfo {
  match: AclMatch;
  origin?: AclOrigin;
  pod?: string;
}

const PROTO_OF: Record<string, number> = { tcp: 6, udp: 17, icmp: 1 };

function cidrs(s: string | undefined): Cidr[] | undefined {
  if (!s) return undefined;
  return s.split(',').flatMap((a) => {
    const c = parseCidr(a.trim().includes('/') ? a.trim() : `${a.trim()}/32`);
    return c ? [c] : [];
  });
}

function portRanges(s: string | undefined): [number, number][] | undefined {
  if (!s) return undefined;
  return s.split(',').flatMap((x): [number, number][] => {
    const [a, b] = x.trim().split('-').map(Number);
    return Number.isInteger(a) ? [[a!, Number.isInteger(b) ? b! : a!]] : [];
  });
}

export function parseAcl(a: HnsAclPolicy): AclMatch {
  const m: AclMatch = { protocol: Number.isInteger(a.Protocol) ? a.Protocol : 256 };
  const local = cidrs(a.LocalAddresses);
  const remote = cidrs(a.RemoteAddresses);
  const lp = portRanges(a.LocalPorts);
  const rp = portRanges(a.RemotePorts);
  if (local) m.local = local;
  if (remote) m.remote = remote;
  if (lp) m.localPorts = lp;
  if (rp) m.remotePorts = rp;
  return m;
}

const inRanges = (rs: [number, number][] | undefined, port: number | undefined): boolean => !rs || (port !== undefined && rs.some(([a, b]) => port >= a && port <= b));

/** Whether the entry's conditions hold for the packet in the port's direction. */
export function aclMatches(m: AclMatch, p: Packet, dir: VfpDirection): boolean {
  const ip = innerIp(p);
  if (m.protocol !== 256 && m.protocol !== PROTO_OF[ip.proto]) return false;
  const [local, remote] = dir === 'in' ? [ip.dst, ip.src] : [ip.src, ip.dst];
  if (m.local && !m.local.some((c) => cidrContains(c, local))) return false;
  if (m.remote && !m.remote.some((c) => cidrContains(c, remote))) return false;
  if ((m.localPorts || m.remotePorts) && ip.proto === 'icmp') return false;
  const { sport, dport } = ports(p);
  const [lport, rport] = dir === 'in' ? [dport, sport] : [sport, dport];
  return inRanges(m.localPorts, lport) && inRanges(m.remotePorts, rport);
}

/** The ACL layer's view of an endpoint's entries: Switch-scoped ones only. */
export function switchAcls(acls: readonly HnsAclPolicy[]): HnsAclPolicy[] {
  return acls.filter((a) => a.Type === 'ACL' && a.RuleType !== 'Host');
}

/** Trace step text for an ACL decision: `policy.acl*` when Felix's origin is known, the generic `windows.acl*` otherwise. */
export function aclExplain(info: VfpAclInfo | undefined, acl: { id: string; priority: number; direction: VfpDirection; block: boolean }): { explain: ExplainKey; params: Record<string, string | number>; owner?: ObjectRef } {
  const o = info?.origin;
  const direction = acl.direction === 'in' ? 'ingress' : 'egress';
  const base = { pod: info?.pod ?? '', direction, acl: acl.id || '(no Id)', priority: acl.priority };
  if (!o || o.kind === 'hostScope') return { explain: acl.block ? 'windows.aclBlock' : 'windows.aclAllow', params: { rule: acl.id || String(acl.priority) } };
  if (o.kind === 'rule') return { explain: acl.block ? 'policy.aclBlock' : 'policy.aclAllow', params: { ...base, policy: describeRef(o.policy), rule: o.rule }, owner: o.policy };
  if (o.kind === 'endOfTier') return { explain: 'policy.aclDefaultDeny', params: base };
  if (o.kind === 'profile') return { explain: 'policy.aclProfile', params: { ...base, namespace: o.namespace } };
  return { explain: 'policy.aclHost', params: base };
}

/** `proto 6 local 10.0.0.5/32 ports 80 remote 10.0.0.0/24`: the entry's conditions for the vfpctrl-like listing. */
export function formatAclMatch(m: AclMatch): string {
  const ranges = (rs: [number, number][]) => rs.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(',');
  return [
    m.protocol !== 256 ? `protocol ${m.protocol}` : undefined,
    m.local ? `local ${m.local.map((c) => c.text).join(',')}` : undefined,
    m.localPorts ? `local ports ${ranges(m.localPorts)}` : undefined,
    m.remote ? `remote ${m.remote.map((c) => c.text).join(',')}` : undefined,
    m.remotePorts ? `remote ports ${ranges(m.remotePorts)}` : undefined,
  ]
    .filter(Boolean)
    .join(' ') || 'any';
}

/** The explain key, params and level of an ACL layer step for a matched VFP rule. */
export function aclStep(r: VfpRule, blocked: boolean): { explain: ExplainKey; params: Record<string, string | number>; level: 'hop' | 'detail' } {
  const e = aclExplain(r.acl, { id: r.id, priority: r.priority, direction: r.direction, block: blocked });
  const decisive = blocked || r.acl?.origin?.kind === 'rule';
  return { explain: e.explain, params: e.params, level: decisive ? 'hop' : 'detail' };
}

/**
 * Why the ACL layer dropped the packet: the policy rule, or the end-of-tier
 * Block with the policies that select the pod, when Felix's origin is known
 * (named as the step names it); else the entry (`acl-block`).
 */
export function aclBlockReason(r: VfpRule, node: string): Reason {
  const o = r.acl?.origin;
  const base = { pod: r.acl?.pod ?? '', direction: r.direction === 'in' ? 'ingress' : 'egress', priority: r.priority, node };
  if (o?.kind === 'rule') return { code: 'policy-acl-block', params: { ...base, policy: describeRef(o.policy), rule: o.rule, acl: r.id || '(no Id)' } };
  if (o?.kind === 'endOfTier') return { code: 'policy-acl-default-deny', params: { ...base, policy: o.policies.map(describeRef).join(', ') } };
  return { code: 'acl-block', params: { rule: r.id, node } };
}
