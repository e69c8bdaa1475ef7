/**
 * Felix's per-workload chains in the iptables dataplane: the dispatch chains
 * (`cali-from-wl-dispatch` / `cali-to-wl-dispatch`, split into
 * `…-dispatch-<char>` children when several interfaces share a prefix), one
 * `cali-fw-<iface>` (from the pod: egress) and `cali-tw-<iface>` (to the pod:
 * ingress) per endpoint, and the profile chains they jump to.
 *
 * An endpoint chain is: conntrack (RELATED,ESTABLISHED accept, INVALID drop),
 * clear the accept and pass marks, (egress only) drop VXLAN and IPIP packets
 * a workload encapsulated itself, then the policy tiers, then the profiles
 * `kns.<namespace>` (the namespace profile, which allows everything) and
 * `ksa.<namespace>.<serviceaccount>` (labels only, no rules), each followed
 * by "Return if profile accepted", and a final "Drop if no profiles matched".
 *
 * The policy seam: `EndpointPolicy` returns the tier block Felix renders
 * between the encap drops and the profiles ("Start of tier …", a jump per
 * policy with "Return if policy accepted", "Drop if no policies passed
 * packet") and the policy chains it jumps to. Without it (no NetworkPolicy
 * selects the pod) there are no tiers, as in Felix.
 * Assumption: pods run as service account `default` (the scenario has no
 * serviceAccountName).
 *
 * @see projectcalico/calico v3.29.6 felix/rules/endpoints.go (WorkloadEndpointToIptablesChains, endpointIptablesChain, appendConntrackRules, EndpointChainName)
 * @see projectcalico/calico v3.29.6 felix/rules/dispatch.go (WorkloadDispatchChains, buildSingleDispatchChains, sortAndDivideEndpointNamesToPrefixTree)
 * @see projectcalico/calico v3.29.6 felix/rules/policy.go (ProfileToIptablesChains, ProtoRulesToIptablesRules, CalculateActions)
 * @see projectcalico/calico v3.29.6 libcalico-go/lib/backend/k8s/conversion (namespace profiles allow all, kns./ksa. profile names)
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { base64urlnopad } from '@scure/base';
import type { ObjectRef } from '../../../../model/diagnostic';
import type { IptablesChain, IptablesRule } from '../../../iptables/ruleset';
import { chain, FELIX, m, MARK_ACCEPT, MARK_PASS, rule, t } from './rules';

const EP = `${FELIX} felix/rules/endpoints.go endpointIptablesChain`;
const DISPATCH = `${FELIX} felix/rules/dispatch.go WorkloadDispatchChains`;
const PROFILE = `${FELIX} felix/rules/policy.go ProfileToIptablesChains`;
/** iptables chain names are at most 28 characters (felix/iptables MaxChainNameLength). */
const MAX_CHAIN = 28;

/** One workload endpoint on this node. */
export interface WorkloadEndpoint {
  /** Host-side interface (`cali…`). */
  iface: string;
  namespace: string;
  pod: string;
  ref: ObjectRef;
  serviceAccount: string;
}

/** NetworkPolicy's block in one endpoint chain (Felix's tiers) and the chains it jumps to. */
export interface EndpointPolicyBlock {
  rules: IptablesRule[];
  chains: IptablesChain[];
}

/** Plug-in point for NetworkPolicy: the tier block for an endpoint and direction, or undefined when no policy applies. */
export type EndpointPolicy = (ep: WorkloadEndpoint, dir: 'ingress' | 'egress') => EndpointPolicyBlock | undefined;

/** hashutils.GetLengthLimitedID: prefix + suffix, or prefix + `_` + base64url(sha256(suffix)) cut to fit. */
export function lengthLimitedId(prefix: string, suffix: string, max = MAX_CHAIN): string {
  const total = prefix.length + suffix.length;
  if (total < max || (total === max && !suffix.startsWith('_'))) return prefix + suffix;
  const hash = base64urlnopad.encode(sha256(utf8ToBytes(suffix)));
  return `${prefix}_${hash.slice(0, max - 1 - prefix.length)}`;
}

export const profileIds = (ep: WorkloadEndpoint): string[] => [`kns.${ep.namespace}`, `ksa.${ep.namespace}.${ep.serviceAccount}`];

function endpointChain(ep: WorkloadEndpoint, dir: 'ingress' | 'egress', policy: EndpointPolicy | undefined): { chain: IptablesChain; extra: IptablesChain[] } {
  const name = lengthLimitedId(dir === 'ingress' ? 'cali-tw-' : 'cali-fw-', ep.iface);
  const rules: IptablesRule[] = [
    rule([m.ct('RELATED', 'ESTABLISHED')], t.accept, `${FELIX} felix/rules/endpoints.go appendConntrackRules`, ep.ref),
    rule([m.ct('INVALID')], t.drop, `${FELIX} felix/rules/endpoints.go appendConntrackRules`, ep.ref),
    rule([], t.clearMark(MARK_ACCEPT | MARK_PASS), EP, ep.ref),
  ];
  if (dir === 'egress') {
    // AllowVXLANPacketsFromWorkloads / AllowIPIPPacketsFromWorkloads default false: a pod may not tunnel around policy.
    rules.push(
      rule([m.proto('udp'), m.comment('Drop VXLAN encapped packets originating in workloads'), m.dports(4789)], t.drop, `${EP} (VXLANPort 4789)`, ep.ref),
      rule([m.proto('ipencap'), m.comment('Drop IPinIP encapped packets originating in workloads')], t.drop, EP, ep.ref),
    );
  }
  const block = policy?.(ep, dir);
  if (block) rules.push(...block.rules);
  const pfx = dir === 'ingress' ? 'cali-pri-' : 'cali-pro-';
  for (const id of profileIds(ep)) {
    rules.push(rule([], t.jump(lengthLimitedId(pfx, id)), EP, ep.ref), rule([m.comment('Return if profile accepted'), m.mark(MARK_ACCEPT, MARK_ACCEPT)], t.ret, EP, ep.ref));
  }
  rules.push(rule([m.comment('Drop if no profiles matched')], t.drop, EP, ep.ref));
  return { chain: chain(name, rules, EP, ep.ref), extra: block?.chains ?? [] };
}

/** Profile chains: kns.<ns> allows (SetMark accept; the trailing Return is stripped); ksa.<ns>.<sa> has no rules (one comment-only rule). */
function profileChains(ep: WorkloadEndpoint): IptablesChain[] {
  const out: IptablesChain[] = [];
  for (const [dir, pfx] of [['ingress', 'cali-pri-'], ['egress', 'cali-pro-']] as const) {
    const [kns, ksa] = profileIds(ep) as [string, string];
    const nsRef: ObjectRef = { kind: 'Namespace', name: ep.namespace };
    out.push(chain(lengthLimitedId(pfx, kns), [rule([m.comment(`Profile ${kns} ${dir}`)], t.setMark(MARK_ACCEPT), `${PROFILE}; namespace profile allows all`, nsRef)], PROFILE, nsRef));
    out.push(chain(lengthLimitedId(pfx, ksa), [rule([m.comment(`Profile ${ksa} ${dir}`)], t.none, `${PROFILE}; service-account profile has labels only`)], PROFILE));
  }
  return out;
}

/** Longest common prefix of sorted names (libcalico-go stringutils.CommonPrefix). */
function commonPrefix(names: string[]): string {
  if (names.length === 0) return '';
  let p = names[0]!;
  for (const n of names) while (!n.startsWith(p)) p = p.slice(0, -1);
  return p;
}

/** The dispatch tree of one direction: a root chain and a child chain per shared next character. */
function dispatchChains(names: string[], root: string, dir: 'i' | 'o', pfx: string): IptablesChain[] {
  const sorted = [...new Set(names)].sort();
  const common = commonPrefix(sorted);
  const groups = new Map<string, string[]>();
  for (const n of sorted) {
    const key = n.length > common.length ? n.slice(0, common.length + 1) : common;
    groups.set(key, [...(groups.get(key) ?? []), n]);
  }
  const match = (name: string) => (dir === 'i' ? m.in(name) : m.out(name));
  const unknown = rule([m.comment('Unknown interface')], t.drop, DISPATCH);
  const children: IptablesChain[] = [];
  const rootRules: IptablesRule[] = [];
  for (const [prefix, group] of groups) {
    if (group.length > 1) {
      const child = `${root}-${prefix.slice(common.length)}`;
      rootRules.push(rule([match(`${prefix}+`)], t.goto(child), DISPATCH));
      children.push(chain(child, [...group.map((n) => rule([match(n)], t.goto(lengthLimitedId(pfx, n)), DISPATCH)), unknown], DISPATCH));
    } else {
      rootRules.push(rule([match(group[0]!)], t.goto(lengthLimitedId(pfx, group[0]!)), DISPATCH));
    }
  }
  return [...children, chain(root, [...rootRules, unknown], DISPATCH)];
}

/** All workload chains of a node: dispatch, cali-tw-/cali-fw- per endpoint, profiles, and what the policy plug-in adds. */
export function workloadChains(endpoints: WorkloadEndpoint[], policy?: EndpointPolicy): IptablesChain[] {
  const names = endpoints.map((e) => e.iface);
  const out: IptablesChain[] = [...dispatchChains(names, 'cali-from-wl-dispatch', 'i', 'cali-fw-'), ...dispatchChains(names, 'cali-to-wl-dispatch', 'o', 'cali-tw-')];
  const seen = new Set(out.map((c) => c.name));
  const add = (c: IptablesChain) => {
    if (seen.has(c.name)) return;
    seen.add(c.name);
    out.push(c);
  };
  for (const ep of endpoints) {
    for (const dir of ['ingress', 'egress'] as const) {
      const { chain: c, extra } = endpointChain(ep, dir, policy);
      add(c);
      extra.forEach(add);
    }
    profileChains(ep).forEach(add);
  }
  return out;
}
