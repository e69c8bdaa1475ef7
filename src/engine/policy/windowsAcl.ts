/**
 * The HNS ACL policies Felix for Windows writes on a pod's HNS endpoint,
 * from the same policy model the Linux chains use (felixNft.ts).
 *
 * - One policy rule → ACL entries (policysets.go protoRuleToHnsRules):
 *   Action Allow / Block (Deny; Pass too, see below); Protocol by number (256 =
 *   any); the rule's source and destination (nets, or the selected pods'
 *   addresses, intersected when a rule has both) become RemoteAddresses /
 *   LocalAddresses by direction (ingress: source = remote; egress: source =
 *   local), source ports → RemotePorts (ingress) or LocalPorts (egress).
 *   Addresses and ports are split into chunks of 4000 (SplitIPList,
 *   SplitPortList): one entry per combination of chunks.
 * - Skipped on Windows (ErrNotSupported): negated matches (ipBlock
 *   `except`, notNets), named ports, Log. A selector that selects no pod
 *   has an empty IP set, which Felix treats as missing (ErrMissingIPSet):
 *   the rule is skipped too.
 * - Per endpoint and direction (endpoint_mgr.go CompleteDeferredWork,
 *   GetPolicySetRules, flattener.go): the rules of the policies that select
 *   the pod, in policy order, then a Block (the end of the default tier);
 *   a pass left in the last tier becomes Block (flattenTiers); no policy →
 *   the profile kns.<ns> (Allow) and the Block. Priorities are then
 *   rewritten 1000, 1001, … (rewritePriorities); an Allow with
 *   RuleType Host is appended; `allow-host-to-endpoint` (priority 900,
 *   inbound from the host's addresses) comes first (nodeToEndpointRule).
 * - Ids `<set>-<rule id>-<n>` (AclRuleId feature): the set is
 *   `policy-<Kind>/<ns>/<name>` or `profile-kns.<ns>` (policyIDToString).
 *
 * Assumptions: the rule id is a hash of the policy and the rule's field
 * (Felix hashes the rule's content), and the Host-scoped Allow has no
 * Priority (HNS with AclNoHostRulePriority).
 * Not modelled: tiers other than default, staged policies, the static rules
 * file, IPv6 (Windows is IPv4-only here).
 *
 * @see C23 projectcalico/calico felix/dataplane/windows/policysets/policysets.go (protoRuleToHnsRules,
 *   GetPolicySetRules, NewRule, NewHostRule), policyset_defs.go (PolicyRuleBasePriority 1000,
 *   HostToEndpointRulePriority 900), ../endpoint_mgr.go, ../flattener.go, ../policy_mgr.go
 */
import type { HnsAclPolicy } from '../windows/hns';
import { sha1Bytes } from '../model/macs';
import { cidrContains, parseCidr } from '../model/ipv4';
import type { ObjectRef } from '../model/diagnostic';
import { peerMembers, policiesFor, type PolicyEndpoint } from './endpoints';
import { kindName, type EntityRule, type Policy, type PolicyRule, type PortMatch } from './model';

export const ACL_SRC = 'C23 felix/dataplane/windows/policysets/policysets.go protoRuleToHnsRules; endpoint_mgr.go; flattener.go';
const CHUNK = 4000;
const BASE_PRIORITY = 1000;

/** Where an ACL entry comes from: the trace and the views name it. */
export type AclOrigin =
  | { kind: 'rule'; policy: ObjectRef; rule: string; assumption?: boolean }
  | { kind: 'endOfTier'; policies: ObjectRef[] }
  | { kind: 'profile'; namespace: string }
  | { kind: 'hostToEndpoint' }
  | { kind: 'hostScope' };

export interface FelixAcl {
  acl: HnsAclPolicy;
  origin: AclOrigin;
}

/** Why a rule has no ACL entry on Windows. */
export type AclSkip = 'negated-match' | 'named-port' | 'log' | 'empty-selector' | 'no-overlap';

export interface RuleAcls {
  entries: HnsAclPolicy[];
  skipped?: AclSkip;
}

const PROTO_NUMBER = { TCP: 6, UDP: 17, SCTP: 132, ICMP: 1 } as const;

/** 16 base64url characters of a hash, like Felix's rule ids (assumption: hashed from the policy id and field). */
export function aclRuleId(policyId: string, field: string): string {
  const b = sha1Bytes(`${policyId}/${field}`);
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let out = '';
  for (let i = 0; out.length < 16; i++) out += abc[b[i]! & 63]!;
  return out;
}

/** The policy set id (policy_mgr.go policyIDToString). */
export function policySetId(p: Policy): string {
  return `policy-${kindName(p.kind)}/${p.namespace !== undefined ? `${p.namespace}/` : ''}${p.ref.name}`;
}

const portText = (x: PortMatch & { kind: 'range' }): string => (x.first === x.last ? String(x.first) : `${x.first}-${x.last}`);

function chunks<T>(xs: T[]): T[][] {
  if (xs.length === 0) return [[]];
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += CHUNK) out.push(xs.slice(i, i + CHUNK));
  return out;
}

/** A side's addresses: its nets, its selector's pods (as /32), both intersected; undefined = the rule is skipped. */
function addresses(e: EntityRule, p: Policy, all: readonly PolicyEndpoint[]): { list: string[] } | { skip: AclSkip } {
  const members = peerMembers(e, p, all);
  if (!members) return { list: [...e.nets] };
  const ips = [...new Set(members.map((m) => m.ip))];
  if (ips.length === 0) return { skip: 'empty-selector' };
  if (e.nets.length === 0) return { list: ips.map((ip) => `${ip}/32`) };
  const inNets = ips.filter((ip) => e.nets.some((n) => cidrContains(parseCidr(n), ip)));
  return inNets.length ? { list: inNets.map((ip) => `${ip}/32`) } : { skip: 'no-overlap' };
}

/** The ACL entries of one rule (priority left at the base; the endpoint's list renumbers them). */
export function ruleToAcls(r: PolicyRule, p: Policy, dir: 'ingress' | 'egress', all: readonly PolicyEndpoint[], setId = policySetId(p)): RuleAcls {
  if (r.action === 'Log') return { entries: [], skipped: 'log' };
  if (r.source.notNets.length || r.destination.notNets.length) return { entries: [], skipped: 'negated-match' };
  if ([...r.source.ports, ...r.destination.ports].some((x) => x.kind === 'named')) return { entries: [], skipped: 'named-port' };
  const src = addresses(r.source, p, all);
  if ('skip' in src) return { entries: [], skipped: src.skip };
  const dst = addresses(r.destination, p, all);
  if ('skip' in dst) return { entries: [], skipped: dst.skip };
  const inbound = dir === 'ingress';
  const srcPorts = r.source.ports.flatMap((x) => (x.kind === 'range' ? [portText(x)] : []));
  const dstPorts = r.destination.ports.flatMap((x) => (x.kind === 'range' ? [portText(x)] : []));
  const [local, remote] = inbound ? [dst.list, src.list] : [src.list, dst.list];
  const [localPorts, remotePorts] = inbound ? [dstPorts, srcPorts] : [srcPorts, dstPorts];
  const ruleId = aclRuleId(p.id, r.field);
  const entries: HnsAclPolicy[] = [];
  for (const la of chunks(local))
    for (const lp of chunks(localPorts))
      for (const ra of chunks(remote))
        for (const rp of chunks(remotePorts)) {
          const acl: HnsAclPolicy = {
            Type: 'ACL',
            Id: `${setId}-${ruleId}-${entries.length}`,
            Protocol: r.protocol ? PROTO_NUMBER[r.protocol] : 256,
            // Pass: flattenTiers turns a pass in the last tier (here the only one) into Block.
            Action: r.action === 'Allow' ? 'Allow' : 'Block',
            Direction: inbound ? 'In' : 'Out',
            RuleType: 'Switch',
            Priority: BASE_PRIORITY,
          };
          if (la.length) acl.LocalAddresses = la.join(',');
          if (ra.length) acl.RemoteAddresses = ra.join(',');
          if (lp.length) acl.LocalPorts = lp.join(',');
          if (rp.length) acl.RemotePorts = rp.join(',');
          entries.push(acl);
        }
  return { entries };
}

const block = (dir: 'ingress' | 'egress'): HnsAclPolicy => ({ Type: 'ACL', Id: '', Protocol: 256, Action: 'Block', Direction: dir === 'ingress' ? 'In' : 'Out', RuleType: 'Switch', Priority: BASE_PRIORITY });

/** One direction of an endpoint: the flattened, renumbered list and the Host-scoped Allow. */
function directionAcls(ep: PolicyEndpoint, policies: readonly Policy[], all: readonly PolicyEndpoint[], dir: 'ingress' | 'egress'): FelixAcl[] {
  const pols = policiesFor(policies, ep, dir);
  const out: FelixAcl[] = [];
  if (pols.length > 0) {
    for (const p of pols)
      for (const r of p[dir] ?? [])
        for (const acl of ruleToAcls(r, p, dir, all).entries) {
          out.push({ acl, origin: { kind: 'rule', policy: p.ref, rule: r.field, ...(p.assumption ? { assumption: true } : {}) } });
        }
    out.push({ acl: block(dir), origin: { kind: 'endOfTier', policies: pols.map((p) => p.ref) } });
  } else {
    const setId = `profile-kns.${ep.namespace}`;
    out.push({ acl: { Type: 'ACL', Id: `${setId}-${aclRuleId(setId, dir)}-0`, Protocol: 256, Action: 'Allow', Direction: dir === 'ingress' ? 'In' : 'Out', RuleType: 'Switch', Priority: BASE_PRIORITY }, origin: { kind: 'profile', namespace: ep.namespace } });
    out.push({ acl: block(dir), origin: { kind: 'endOfTier', policies: [] } });
  }
  // rewritePriorities: ascending from the base, one per entry (fewer than 64000 entries).
  out.forEach((a, i) => (a.acl = { ...a.acl, Priority: BASE_PRIORITY + i }));
  out.push({ acl: { Type: 'ACL', Id: '', Protocol: 256, Action: 'Allow', Direction: dir === 'ingress' ? 'In' : 'Out', RuleType: 'Host', Priority: 0 }, origin: { kind: 'hostScope' } });
  return out;
}

/** Every ACL entry Felix applies to the endpoint, in the order it sends them to HNS (getHnsPolicyRules). */
export function felixEndpointAcls(ep: PolicyEndpoint, policies: readonly Policy[], all: readonly PolicyEndpoint[], hostAddrs: readonly string[]): FelixAcl[] {
  const out: FelixAcl[] = [];
  if (hostAddrs.length) {
    out.push({ acl: { Type: 'ACL', Id: 'allow-host-to-endpoint', Protocol: 256, Action: 'Allow', Direction: 'In', RemoteAddresses: hostAddrs.map((a) => `${a}/32`).join(','), RuleType: 'Switch', Priority: 900 }, origin: { kind: 'hostToEndpoint' } });
  }
  return [...out, ...directionAcls(ep, policies, all, 'ingress'), ...directionAcls(ep, policies, all, 'egress')];
}
