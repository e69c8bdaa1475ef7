/**
 * One NetworkPolicy built from the fields of the what-if policy form (issue
 * 13): a networking.k8s.io/v1 NetworkPolicy or a projectcalico.org/v3
 * NetworkPolicy with one rule (one peer, one protocol, at most one port).
 * The fields are checked here as the API server would (names, label keys
 * and values, CIDR, port); the text is written by the `yaml` library, never
 * pasted together from user values, and then goes through the `addPolicy`
 * edit, where the worker checks it with the loader's own policy reader.
 */
import { stringify } from 'yaml';
import { K8S_NETWORK_POLICY_API } from '../engine/model/policyApi';
import { hasHostBits, parseCidr } from '../engine/model/ipv4';
import { isDns1123Subdomain } from '../engine/model/objectNames';

export type PeerKind = 'pods' | 'namespace' | 'cidr';
export type FormProtocol = 'TCP' | 'UDP' | 'ICMP' | 'any';

export interface PolicyFields {
  /** knp: Kubernetes NetworkPolicy, np: Calico NetworkPolicy. */
  kind: 'knp' | 'np';
  namespace: string;
  name: string;
  /** `key=value` of the pods the policy applies to; empty = every pod of the namespace. */
  appliesTo: string;
  direction: 'Ingress' | 'Egress';
  /** Calico only (a Kubernetes policy only allows). */
  action: 'Allow' | 'Deny';
  /** Calico only: spec.order, empty = none (evaluated after every ordered policy). */
  order: string;
  /**
   * Calico Deny only: a last rule `action: Allow` with no match criteria,
   * which matches every other packet of the direction, so the policy does
   * not leave the rest to the tier's end-of-tier deny. Every match field of
   * a Calico rule is optional (the NetworkPolicy reference's sample ends
   * with `egress: - action: Allow`); an Allow or a Deny ends the evaluation
   * of the policies after it (Tier reference, "How policy is evaluated").
   * @see https://docs.tigera.io/calico/latest/reference/resources/networkpolicy
   * @see https://docs.tigera.io/calico/latest/reference/resources/tier
   */
  allowRest: boolean;
  peer: PeerKind;
  /** `key=value` for pods/namespace (empty = all), a CIDR for cidr. */
  peerValue: string;
  protocol: FormProtocol;
  /** A port number or empty (every port). */
  port: string;
}

/** Why a field is refused (the i18n key `whatIf.policyForm.problem.<reason>`). */
export type FieldReason = 'name' | 'namespace' | 'label' | 'cidr' | 'port' | 'portNeedsProtocol' | 'icmpKubernetes' | 'order';
export interface FieldProblem {
  field: keyof PolicyFields;
  reason: FieldReason;
}

export type BuiltPolicy = { ok: true; object: Record<string, unknown>; yaml: string } | { ok: false; problems: FieldProblem[] };

// Label syntax of apimachinery validation (IsQualifiedName, IsValidLabelValue): an optional DNS subdomain prefix and a name of at most 63 characters.
const LABEL_NAME = /^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const labelName = (s: string): boolean => s.length <= 63 && LABEL_NAME.test(s);
function labelKey(s: string): boolean {
  const slash = s.indexOf('/');
  if (slash < 0) return labelName(s);
  return isDns1123Subdomain(s.slice(0, slash)) && labelName(s.slice(slash + 1));
}

/** `key=value` as a label pair; `{}` when empty; undefined when malformed. */
function parseLabel(text: string): { key: string; value: string } | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  const eq = t.indexOf('=');
  if (eq < 0) return undefined;
  const key = t.slice(0, eq).trim();
  const value = t.slice(eq + 1).trim();
  return labelKey(key) && (value === '' || labelName(value)) ? { key, value } : undefined;
}

/** Calico selector syntax (docs: "Selectors"): `key == 'value'`, all() for every endpoint. Key and value are checked label syntax, which has no quote. */
const calicoSelector = (l: { key: string; value: string } | null): string => (l ? `${l.key} == '${l.value}'` : 'all()');
const matchLabels = (l: { key: string; value: string } | null): Record<string, unknown> => (l ? { matchLabels: { [l.key]: l.value } } : {});

function check(f: PolicyFields): { problems: FieldProblem[]; applies?: { key: string; value: string } | null; peer?: { key: string; value: string } | null; port?: number; order?: number } {
  const problems: FieldProblem[] = [];
  if (!isDns1123Subdomain(f.name)) problems.push({ field: 'name', reason: 'name' });
  if (!isDns1123Subdomain(f.namespace)) problems.push({ field: 'namespace', reason: 'namespace' });
  const applies = parseLabel(f.appliesTo);
  if (applies === undefined) problems.push({ field: 'appliesTo', reason: 'label' });
  let peer: { key: string; value: string } | null | undefined = null;
  if (f.peer === 'cidr') {
    // ipBlock.cidr and Calico nets take the network form (the loader refuses host bits, as Kubernetes validation does).
    if (!parseCidr(f.peerValue.trim()) || hasHostBits(f.peerValue.trim()) || !f.peerValue.includes('/')) problems.push({ field: 'peerValue', reason: 'cidr' });
  } else {
    peer = parseLabel(f.peerValue);
    if (peer === undefined) problems.push({ field: 'peerValue', reason: 'label' });
  }
  let port: number | undefined;
  if (f.port.trim() !== '') {
    port = Number(f.port);
    if (!/^\d+$/.test(f.port.trim()) || port < 1 || port > 65535) problems.push({ field: 'port', reason: 'port' });
    // A port needs a protocol with ports (Calico: "ports only valid with TCP, UDP or SCTP"; Kubernetes: TCP/UDP/SCTP).
    else if (f.protocol !== 'TCP' && f.protocol !== 'UDP') problems.push({ field: 'port', reason: 'portNeedsProtocol' });
  }
  // NetworkPolicyPort.protocol is TCP, UDP or SCTP: a Kubernetes policy cannot name ICMP.
  if (f.kind === 'knp' && f.protocol === 'ICMP') problems.push({ field: 'protocol', reason: 'icmpKubernetes' });
  let order: number | undefined;
  if (f.kind === 'np' && f.order.trim() !== '') {
    order = Number(f.order);
    if (!Number.isFinite(order)) problems.push({ field: 'order', reason: 'order' });
  }
  return { problems, ...(applies !== undefined ? { applies } : {}), ...(peer !== undefined ? { peer } : {}), ...(port !== undefined ? { port } : {}), ...(order !== undefined ? { order } : {}) };
}

function kubernetesPolicy(f: PolicyFields, c: ReturnType<typeof check>): Record<string, unknown> {
  const peer = f.peer === 'cidr' ? { ipBlock: { cidr: f.peerValue.trim() } } : f.peer === 'pods' ? { podSelector: matchLabels(c.peer!) } : { namespaceSelector: matchLabels(c.peer!) };
  const ports = f.protocol === 'any' ? undefined : [{ protocol: f.protocol, ...(c.port !== undefined ? { port: c.port } : {}) }];
  const rule = { [f.direction === 'Ingress' ? 'from' : 'to']: [peer], ...(ports ? { ports } : {}) };
  return {
    apiVersion: K8S_NETWORK_POLICY_API,
    kind: 'NetworkPolicy',
    metadata: { name: f.name, namespace: f.namespace },
    spec: { podSelector: matchLabels(c.applies!), policyTypes: [f.direction], [f.direction === 'Ingress' ? 'ingress' : 'egress']: [rule] },
  };
}

function calicoPolicy(f: PolicyFields, c: ReturnType<typeof check>): Record<string, unknown> {
  const peer = f.peer === 'cidr' ? { nets: [f.peerValue.trim()] } : f.peer === 'pods' ? { selector: calicoSelector(c.peer!) } : { namespaceSelector: calicoSelector(c.peer!) };
  const ports = c.port !== undefined ? { ports: [c.port] } : {};
  // Calico rule: the peer is the source of an Ingress rule and the destination of an Egress rule; ports are the destination's.
  const [source, destination] = f.direction === 'Ingress' ? [peer, ports] : [{}, { ...peer, ...ports }];
  const rule = {
    action: f.action,
    ...(f.protocol !== 'any' ? { protocol: f.protocol } : {}),
    ...(Object.keys(source).length ? { source } : {}),
    ...(Object.keys(destination).length ? { destination } : {}),
  };
  const rules = f.action === 'Deny' && f.allowRest ? [rule, { action: 'Allow' }] : [rule];
  return {
    apiVersion: 'projectcalico.org/v3',
    kind: 'NetworkPolicy',
    metadata: { name: f.name, namespace: f.namespace },
    spec: { ...(c.order !== undefined ? { order: c.order } : {}), selector: calicoSelector(c.applies!), types: [f.direction], [f.direction === 'Ingress' ? 'ingress' : 'egress']: rules },
  };
}

/** The policy the fields describe, with its YAML text; or every refused field with the reason. */
export function policyFromFields(f: PolicyFields): BuiltPolicy {
  const c = check(f);
  if (c.problems.length > 0) return { ok: false, problems: c.problems };
  const object = f.kind === 'knp' ? kubernetesPolicy(f, c) : calicoPolicy(f, c);
  return { ok: true, object, yaml: stringify(object) };
}

/** The namespace of the traced flow's destination pod: `pod:NS/NAME`, else the pod that received it (a Service's backend). */
export function flowPodNamespace(flow: { dst?: string | undefined; deliveredPod?: string | undefined }): string | undefined {
  const pod = flow.dst?.startsWith('pod:') ? flow.dst.slice(4) : flow.deliveredPod;
  const slash = pod?.indexOf('/') ?? -1;
  return slash > 0 ? pod!.slice(0, slash) : undefined;
}

/**
 * The namespace a new policy starts in: the flow's destination pod's (the
 * form starts as an Ingress policy, which acts there), else the first
 * namespace that has pods, else `default`; always one of `namespaces` when
 * there are any.
 */
export function initialNamespace(namespaces: readonly string[], podNamespaces: readonly string[], flowNamespace: string | undefined): string {
  const known = (n: string | undefined): n is string => n !== undefined && namespaces.includes(n);
  if (known(flowNamespace)) return flowNamespace;
  return namespaces.find((n) => podNamespaces.includes(n)) ?? (namespaces.includes('default') || namespaces.length === 0 ? 'default' : namespaces[0]!);
}
