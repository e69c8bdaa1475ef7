/**
 * What decided a packet in Felix's filter chains, read back from the rules
 * a hook walk hit: for each workload chain entered (cali-tw-/cali-fw-), the
 * policy rule that allowed or denied it, the tier's default deny, or the
 * namespace profile when no policy selects the pod. The trace shows it as
 * one step naming the policy (linked to its object) and the rule's field.
 */
import type { ObjectRef } from '../model/diagnostic';
import type { NftHit } from '../linux/nft/evaluate';
import type { Packet } from '../model/packet';
import type { StepInput } from '../model/steps';
import type { Reason } from '../model/trace';

export interface PolicyDecision {
  kind: 'allow' | 'deny' | 'defaultDeny' | 'profile';
  direction: 'ingress' | 'egress';
  /** The workload interface whose chain decided. */
  iface: string;
  chain: string;
  ruleId: string;
  ruleText: string;
  source: string;
  policy?: ObjectRef;
  /** The rule's field in its object, e.g. `spec.ingress[0].from[1]`. */
  rule?: string;
  /** For the default deny: the policies whose chains the packet passed without a verdict (those that select the pod). */
  selecting?: ObjectRef[];
}

const ENDPOINT = /^filter-cali-(tw|fw)-(.+)$/;
const POLICY = /^filter-cali-(pi|po)-/;
const PROFILE = /^filter-cali-(pri|pro)-/;
const ACCEPT_MARK = /\| 0x00010000$/;

function ruleField(source: string): string | undefined {
  return /; rule (\S+)/.exec(source)?.[1];
}

/** The decisions in hit order (one per workload chain that reached a verdict). */
export function policyDecisions(hits: readonly NftHit[]): PolicyDecision[] {
  const out: PolicyDecision[] = [];
  let ep: { iface: string; direction: 'ingress' | 'egress'; chain: string; selecting: ObjectRef[] } | undefined;
  const decide = (h: NftHit, kind: PolicyDecision['kind']) => {
    if (!ep) return;
    const d: PolicyDecision = { kind, direction: ep.direction, iface: ep.iface, chain: h.chain, ruleId: h.ruleId, ruleText: h.ruleText, source: h.source };
    if (h.owner && kind !== 'defaultDeny') d.policy = h.owner;
    if (kind === 'defaultDeny') d.selecting = ep.selecting;
    const field = ruleField(h.source);
    if (field) d.rule = field;
    out.push(d);
    ep = undefined;
  };
  for (const h of hits) {
    // Every chain below is Felix's `filter-cali-…`; other hits (kube-proxy's, most of a trace) skip the patterns.
    if (h.effect !== 'vmap' && !h.chain.startsWith('filter-cali-')) continue;
    const target = h.effect === 'vmap' ? /goto (filter-cali-(?:tw|fw)-\S+)$/.exec(h.detail ?? '')?.[1] : undefined;
    const m = target ? ENDPOINT.exec(target) : undefined;
    if (m) {
      ep = { iface: m[2]!, direction: m[1] === 'tw' ? 'ingress' : 'egress', chain: target!, selecting: [] };
      continue;
    }
    // The endpoint chain jumps to each policy that selects the pod (felixNft.ts endpointChain).
    if (ep && h.effect === 'jump' && h.chain === ep.chain && h.owner && h.owner.kind !== 'Pod') ep.selecting.push(h.owner);
    if (POLICY.test(h.chain)) {
      if (h.effect === 'mark' && ACCEPT_MARK.test(h.ruleText.replace(/ comment ".*"$/, ''))) decide(h, 'allow');
      else if (h.effect === 'drop') decide(h, 'deny');
    } else if (PROFILE.test(h.chain) && h.effect === 'mark') decide(h, 'profile');
    else if (ENDPOINT.test(h.chain) && h.effect === 'drop' && h.ruleText.includes('End of tier')) decide(h, 'defaultDeny');
  }
  return out;
}

/** `NetworkPolicy demo/web`, `GlobalNetworkPolicy x`. */
export function describeRef(r: ObjectRef): string {
  return `${r.kind} ${r.namespace !== undefined ? `${r.namespace}/` : ''}${r.name}`;
}

/** The policy a decision names: the deciding policy, or for the default deny the policies that select the pod. */
function policyParam(d: PolicyDecision): string {
  return d.policy ? describeRef(d.policy) : (d.selecting ?? []).map(describeRef).join(', ');
}

/**
 * Why the hook dropped the packet, when a policy did: the last decision is a
 * Deny rule or the tier's default deny, and its rule is the hook's dropping
 * rule. The verdict then names the policy as the step does (`policy-deny`,
 * `policy-default-deny`); any other drop stays the caller's `nft-drop`.
 */
export function policyDropReason(decisions: readonly PolicyDecision[], hits: readonly NftHit[], podOf: (iface: string) => string, at: { hook: string; node: string }): Reason | undefined {
  const last = decisions[decisions.length - 1];
  const drop = [...hits].reverse().find((h) => h.effect === 'drop');
  if (!last || !drop || last.ruleId !== drop.ruleId) return undefined;
  const params = { policy: policyParam(last), pod: podOf(last.iface), direction: last.direction, hook: at.hook, node: at.node };
  if (last.kind === 'deny') return { code: 'policy-deny', params: { ...params, rule: last.rule ?? '' } };
  if (last.kind === 'defaultDeny') return { code: 'policy-default-deny', params };
  return undefined;
}

/** The trace step for a decision: `policy.allow|deny|defaultDeny|profile`, the rule linked to the policy (or the pod). */
export function policyStep(d: PolicyDecision, hook: string, before: Packet, podOf: (iface: string) => string): StepInput {
  const pod = podOf(d.iface);
  const [ns = '', name = ''] = pod.split('/');
  const owner: ObjectRef = d.kind === 'profile' ? { kind: 'Namespace', name: ns } : (d.policy ?? { kind: 'Pod', namespace: ns, name });
  return {
    at: { component: 'netfilter', table: 'ip calico', chain: d.chain, layer: hook },
    action: d.kind === 'allow' || d.kind === 'profile' ? 'allow' : 'drop',
    before,
    rule: { id: d.ruleId, text: d.ruleText, source: d.source, owner },
    explain: `policy.${d.kind}`,
    params: { pod, direction: d.direction, policy: policyParam(d), rule: d.rule ?? '', namespace: ns },
    level: d.kind === 'profile' ? 'detail' : 'hop',
  };
}
