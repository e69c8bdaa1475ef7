/**
 * Workload endpoints as Felix's calculation graph sees them, and which
 * policies and rule peers select them.
 *
 * - An endpoint is a pod with its own IP (not hostNetwork). Its labels are
 *   the pod's plus `projectcalico.org/namespace` and
 *   `projectcalico.org/orchestrator: k8s` (libcalico-go WorkloadEndpoint
 *   conversion); its profiles are `kns.<namespace>` (allow all in and out).
 * - A namespace's labels are its own plus `kubernetes.io/metadata.name` (set
 *   by the API server) and `projectcalico.org/name`; a namespace that only
 *   appears on pods has just those two.
 * - Namespaced policies select endpoints of their namespace only; a rule
 *   peer without namespaceSelector stays in the policy's namespace
 *   (a GlobalNetworkPolicy's: every namespace).
 * - Named ports come from the pods' `containers[].ports[]` (Felix's named
 *   port IP sets hold `ip,proto:port` of every selected endpoint).
 * @see libcalico-go/lib/backend/k8s/conversion/workload_endpoint_default.go; NamespaceToProfile (conversion.go)
 */
import type { ClusterView } from '../model/clusterView';
import type { Scenario } from '../model/scenario';
import type { EntityRule, NamespaceSpec, Policy, RuleProtocol } from './model';
import { sortPolicies } from './model';
import { selects, type Labels } from './selectors';

export interface NamedPort {
  name: string;
  protocol: RuleProtocol;
  port: number;
}

export interface PolicyEndpoint {
  /** `ns/name`. */
  pod: string;
  namespace: string;
  node: string;
  ip: string;
  labels: Labels;
  namespaceLabels: Labels;
  namedPorts: NamedPort[];
}

/** The labels of a namespace (given or implicit). */
export function namespaceLabels(namespaces: readonly NamespaceSpec[] | undefined, name: string): Labels {
  const ns = namespaces?.find((n) => n.name === name);
  return { ...(ns?.labels ?? {}), 'kubernetes.io/metadata.name': name, 'projectcalico.org/name': name };
}

/** Every workload endpoint of the scenario, in pod order. */
export function policyEndpoints(s: Scenario, podIP: ReadonlyMap<string, string>): PolicyEndpoint[] {
  return s.pods.flatMap((p) => {
    const key = `${p.namespace}/${p.name}`;
    const ip = podIP.get(key);
    if (p.hostNetwork || !ip) return [];
    return [
      {
        pod: key,
        namespace: p.namespace,
        node: p.nodeName,
        ip,
        labels: { ...p.labels, 'projectcalico.org/namespace': p.namespace, 'projectcalico.org/orchestrator': 'k8s' },
        namespaceLabels: namespaceLabels(s.namespaces, p.namespace),
        namedPorts: (p.ports ?? []).flatMap((cp) => (cp.name ? [{ name: cp.name, protocol: cp.protocol, port: cp.containerPort }] : [])),
      },
    ];
  });
}

/** Endpoints of a cluster view (the pods' given or derived IPs). */
export function viewEndpoints(view: ClusterView): PolicyEndpoint[] {
  return policyEndpoints(view.scenario, view.podIP);
}

/** Whether the policy applies to the endpoint (its selector, its namespace, a GNP's namespaceSelector). */
export function appliesTo(p: Policy, ep: PolicyEndpoint): boolean {
  if (p.namespace !== undefined && p.namespace !== ep.namespace) return false;
  if (p.namespaceSelector && !selects(p.namespaceSelector, ep.namespaceLabels)) return false;
  return selects(p.selector, ep.labels);
}

/** The policies that apply to `ep` in one direction, in Felix's order. */
export function policiesFor(policies: readonly Policy[], ep: PolicyEndpoint, dir: 'ingress' | 'egress'): Policy[] {
  return sortPolicies(policies.filter((p) => p[dir] !== undefined && appliesTo(p, ep)));
}

/** Endpoints a rule peer's selector picks (undefined when the peer has no selector: any address). */
export function peerMembers(e: EntityRule, p: Policy, all: readonly PolicyEndpoint[]): PolicyEndpoint[] | undefined {
  if (!e.selector) return undefined;
  return all.filter((ep) => {
    if (e.namespaceSelector) {
      if (!selects(e.namespaceSelector, ep.namespaceLabels)) return false;
    } else if (p.namespace !== undefined && ep.namespace !== p.namespace) return false;
    return selects(e.selector!, ep.labels);
  });
}

/** `ip,proto:port` members of a named port among `eps` (Felix's named-port IP set). */
export function namedPortMembers(name: string, protocol: RuleProtocol | undefined, eps: readonly PolicyEndpoint[]): { ip: string; protocol: RuleProtocol; port: number }[] {
  return eps.flatMap((ep) => ep.namedPorts.filter((np) => np.name === name && (protocol === undefined || np.protocol === protocol)).map((np) => ({ ip: ep.ip, protocol: np.protocol, port: np.port })));
}
