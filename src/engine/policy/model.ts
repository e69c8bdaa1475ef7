/**
 * The normalised policy model: what Felix's calculation graph hands its
 * dataplanes (proto.Policy rules), built from Kubernetes NetworkPolicy (as
 * libcalico-go's K8sNetworkPolicyToCalico converts it) and from Calico
 * NetworkPolicy / GlobalNetworkPolicy. Linux (felixNft.ts) and Windows
 * (hnsAcl.ts) render the same model, so they decide alike.
 *
 * @see projectcalico/calico libcalico-go/lib/backend/k8s/conversion/conversion.go (K8sNetworkPolicyToCalico, k8sRuleToCalico)
 * @see api pkg/apis/projectcalico/v3 NetworkPolicySpec, Rule, EntityRule
 */
import type { ObjectRef } from '../model/diagnostic';
import type { Selector } from './selectors';

/** Felix's short policy kinds (felix/types/policy_id.go): knp = Kubernetes NetworkPolicy, np / gnp = Calico. */
export type PolicyKind = 'knp' | 'np' | 'gnp';

export type RuleAction = 'Allow' | 'Deny' | 'Pass' | 'Log';

export type RuleProtocol = 'TCP' | 'UDP' | 'SCTP' | 'ICMP';

/** A port match: a number, a range (k8s `endPort`, Calico `"80:90"`) or a named port. */
export type PortMatch = { kind: 'range'; first: number; last: number } | { kind: 'named'; name: string };

/** Source or destination of a rule (Calico EntityRule). */
export interface EntityRule {
  /** Endpoints selected by label (undefined = any address). */
  selector?: Selector;
  /**
   * Namespaces whose endpoints `selector` picks from: undefined = the
   * policy's own namespace (namespaced policies) or every namespace (global).
   */
  namespaceSelector?: Selector;
  nets: string[];
  notNets: string[];
  ports: PortMatch[];
}

export interface PolicyRule {
  action: RuleAction;
  protocol?: RuleProtocol;
  source: EntityRule;
  destination: EntityRule;
  /** Where the rule comes from in its object, e.g. `spec.ingress[0].from[1]`. */
  field: string;
}

export interface Policy {
  ref: ObjectRef;
  kind: PolicyKind;
  /** Felix's PolicyID.ID(): `knp/demo/allow-web`, `np/demo/x`, `gnp/x`. */
  id: string;
  /** The namespace a namespaced policy lives in (undefined for GlobalNetworkPolicy). */
  namespace?: string;
  /** spec.order; undefined sorts after every ordered policy (Calico: "infinite"). */
  order?: number;
  tier: string;
  selector: Selector;
  /** GlobalNetworkPolicy spec.namespaceSelector: the endpoint's namespace must match too. */
  namespaceSelector?: Selector;
  ingress: PolicyRule[] | undefined;
  egress: PolicyRule[] | undefined;
  /** Marked when the object is a preset's assumption (no source gives its text). */
  assumption?: boolean;
}

export interface NamespaceSpec {
  ref: ObjectRef;
  name: string;
  labels: Record<string, string>;
}

/** The Felix rule-set id of a policy for Windows (policy_mgr.go policyIDToString): `policy-<Kind>/<ns>/<name>`. */
export function kindName(k: PolicyKind): string {
  return k === 'knp' ? 'KubernetesNetworkPolicy' : k === 'np' ? 'NetworkPolicy' : 'GlobalNetworkPolicy';
}

export { sortPolicies } from '../model/policyOrder';
