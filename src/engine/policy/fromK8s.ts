/**
 * A Kubernetes NetworkPolicy as Calico sees it: libcalico-go's
 * K8sNetworkPolicyToCalico. Order 1000, tier default, selector
 * `projectcalico.org/orchestrator == 'k8s' && <podSelector>`; one Allow rule
 * per protocol (sorted) × peer; ports of one protocol are merged and
 * simplified into ranges (SimplifyPorts), a port without protocol is TCP;
 * ipBlock → nets + notNets (except); a peer without namespaceSelector stays
 * in the policy's namespace, `namespaceSelector: {}` is every namespace.
 * policyTypes absent → Ingress only (the API server's defaulting adds Egress
 * when egress rules exist; a stored object always carries it).
 * @see projectcalico/calico libcalico-go/lib/backend/k8s/conversion/conversion.go
 */
import type { ObjectRef } from '../model/diagnostic';
import type { EntityRule, Policy, PolicyRule, PortMatch, RuleProtocol } from './model';
import type { K8sNetworkPolicyInput } from './schemas';
import { fromLabelSelector, type Selector } from './selectors';

type IngressRule = NonNullable<K8sNetworkPolicyInput['spec']['ingress']>[number];
type Peer = NonNullable<IngressRule['from']>[number];
type Port = NonNullable<IngressRule['ports']>[number];

const ORCHESTRATOR: Selector = { op: 'eq', key: 'projectcalico.org/orchestrator', value: 'k8s' };

function podSelector(s: Parameters<typeof fromLabelSelector>[0] | undefined): Selector {
  const inner = s ? fromLabelSelector(s) : { op: 'all' as const };
  return inner.op === 'all' ? ORCHESTRATOR : { op: 'and', args: [ORCHESTRATOR, ...(inner.op === 'and' ? inner.args : [inner])] };
}

function peerEntity(peer: Peer | undefined): Pick<EntityRule, 'selector' | 'namespaceSelector' | 'nets' | 'notNets'> {
  if (!peer) return { nets: [], notNets: [] };
  if (peer.ipBlock) return { nets: [peer.ipBlock.cidr], notNets: [...peer.ipBlock.except] };
  const e: Pick<EntityRule, 'selector' | 'namespaceSelector' | 'nets' | 'notNets'> = { selector: podSelector(peer.podSelector), nets: [], notNets: [] };
  if (peer.namespaceSelector) e.namespaceSelector = fromLabelSelector(peer.namespaceSelector);
  return e;
}

/** SimplifyPorts: numeric ports merged into sorted ranges, named ports kept first-seen. */
export function simplifyPorts(ports: PortMatch[]): PortMatch[] {
  if (ports.length <= 1) return ports;
  const named = ports.filter((p) => p.kind === 'named');
  const nums = new Set<number>();
  for (const p of ports) if (p.kind === 'range') for (let i = p.first; i <= p.last; i++) nums.add(i);
  if (nums.size <= 1) return ports;
  const sorted = [...nums].sort((a, b) => a - b);
  const out: PortMatch[] = [...named];
  let first = sorted[0]!;
  let last = first;
  for (const n of sorted.slice(1)) {
    if (n === last + 1) last = n;
    else {
      out.push({ kind: 'range', first, last });
      first = last = n;
    }
  }
  out.push({ kind: 'range', first, last });
  return out;
}

function portMatch(p: Port): PortMatch | undefined {
  if (p.port === undefined) return undefined;
  if (typeof p.port === 'string') return /^\d+$/.test(p.port) ? { kind: 'range', first: Number(p.port), last: Number(p.port) } : { kind: 'named', name: p.port };
  return { kind: 'range', first: p.port, last: p.endPort !== undefined && p.endPort >= p.port ? p.endPort : p.port };
}

function rulesOf(peers: Peer[] | undefined, ports: Port[] | undefined, ingress: boolean, field: string): PolicyRule[] {
  // protocol ('' = any) → ports (undefined = every port of that protocol).
  const byProto = new Map<string, PortMatch[] | undefined>();
  if (!ports || ports.length === 0) byProto.set('', undefined);
  else {
    for (const p of ports) {
      const proto = p.protocol ?? 'TCP';
      const m = portMatch(p);
      if (!m) byProto.set(proto, undefined);
      else if (!byProto.has(proto) || byProto.get(proto) !== undefined) byProto.set(proto, [...(byProto.get(proto) ?? []), m]);
    }
  }
  const peerList: (Peer | undefined)[] = peers && peers.length > 0 ? peers : [undefined];
  const out: PolicyRule[] = [];
  for (const proto of [...byProto.keys()].sort()) {
    const portList = simplifyPorts(byProto.get(proto) ?? []);
    peerList.forEach((peer, i) => {
      const pe = peerEntity(peer);
      const peerField = peer ? `${field}.${ingress ? 'from' : 'to'}[${i}]` : field;
      const none: EntityRule = { nets: [], notNets: [], ports: [] };
      const r: PolicyRule = ingress
        ? { action: 'Allow', source: { ...pe, ports: [] }, destination: { ...none, ports: portList }, field: peerField }
        : { action: 'Allow', source: none, destination: { ...pe, ports: portList }, field: peerField };
      if (proto !== '') r.protocol = proto as RuleProtocol;
      out.push(r);
    });
  }
  return out;
}

/** The Calico view of a Kubernetes NetworkPolicy. */
export function policyFromK8s(v: K8sNetworkPolicyInput, ref: ObjectRef, namespace: string): Policy {
  const types = v.spec.policyTypes ?? ['Ingress'];
  const ingress = (v.spec.ingress ?? []).flatMap((r, i) => rulesOf(r.from, r.ports, true, `spec.ingress[${i}]`));
  const egress = (v.spec.egress ?? []).flatMap((r, i) => rulesOf(r.to, r.ports, false, `spec.egress[${i}]`));
  return {
    ref,
    kind: 'knp',
    id: `knp/${namespace}/${v.metadata.name}`,
    namespace,
    order: 1000,
    tier: 'default',
    selector: podSelector(v.spec.podSelector),
    ingress: types.includes('Ingress') ? ingress : undefined,
    egress: types.includes('Egress') ? egress : undefined,
  };
}
