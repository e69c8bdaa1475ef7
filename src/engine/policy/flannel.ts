/**
 * Flannel implements no NetworkPolicy (the seed: «Сетевых политик Flannel
 * не реализует»; flannel-io/flannel README: "Flannel is focused on
 * networking. For network policy, other projects such as Calico can be
 * used"). The packet passes; the trace says which policies would select the
 * pod, so nobody mistakes a delivered packet for an allowed one.
 */
import type { ClusterView } from '../model/clusterView';
import type { Packet } from '../model/packet';
import type { StepInput } from '../model/steps';
import type { Reason } from '../model/trace';
import { policiesFor, viewEndpoints } from './endpoints';

export interface UnenforcedPolicies {
  ingress: string[];
  egress: string[];
}

const name = (ref: { namespace?: string; name: string }) => `${ref.namespace !== undefined ? `${ref.namespace}/` : ''}${ref.name}`;

/** The policies that select each pod (`ns/name` → names by direction), for the pods some policy selects. */
export function unenforcedByPod(view: ClusterView): Map<string, UnenforcedPolicies> {
  const out = new Map<string, UnenforcedPolicies>();
  const policies = view.scenario.networkPolicies;
  if (policies.length === 0) return out;
  for (const ep of viewEndpoints(view)) {
    const u = { ingress: policiesFor(policies, ep, 'ingress').map((p) => name(p.ref)), egress: policiesFor(policies, ep, 'egress').map((p) => name(p.ref)) };
    if (u.ingress.length || u.egress.length) out.set(ep.pod, u);
  }
  return out;
}

const SOURCE = 'the seed («Сетевых политик Flannel не реализует»); flannel-io/flannel README (network policy is left to other projects)';

/** The step and the trace warning for a packet leaving (egress) or reaching (ingress) a pod with unenforced policies. */
export function notEnforced(pod: string, dir: 'ingress' | 'egress', names: string[], before: Packet): { step: StepInput; warning: Reason } {
  const policies = names.join(', ');
  return {
    step: { at: { component: 'pod', layer: pod }, action: 'allow', before, rule: { text: `flannel: NetworkPolicy ${policies} not enforced`, source: SOURCE }, explain: 'policy.notEnforced', params: { pod, policies, direction: dir } },
    warning: { code: 'policy-not-enforced', params: { pod, policies } },
  };
}
