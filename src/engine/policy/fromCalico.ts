/**
 * Calico NetworkPolicy / GlobalNetworkPolicy (projectcalico.org/v3) into the
 * policy model. Defaults as the v3 API documents them: `selector` empty =
 * all(), `types` absent = Ingress, plus Egress when there are egress rules
 * (Egress alone when there are only egress rules); tier `default`.
 *
 * What the model does not enforce is skipped with a warning naming the
 * field: tiers other than `default` (the policy), and in a rule notSelector,
 * notPorts, notProtocol, icmp/notICMP, serviceAccounts, services, http
 * (the rule). `doNotTrack`, `preDNAT` and `applyOnForward` policies are not
 * workload policies in the filter table: skipped too.
 * @see docs.tigera.io Calico NetworkPolicy / GlobalNetworkPolicy resource reference
 */
import type { ObjectRef } from '../model/diagnostic';
import type { EntityRule, Policy, PolicyRule, PortMatch, RuleProtocol } from './model';
import type { CalicoEntityInput, CalicoPolicyInput, CalicoRuleInput } from './schemas';
import { parseSelector, type Selector } from './selectors';

export type PolicyDiag = (severity: 'error' | 'warning', field: string, message: string) => void;

const PROTOCOLS: Record<string, RuleProtocol> = { tcp: 'TCP', udp: 'UDP', sctp: 'SCTP', icmp: 'ICMP', '6': 'TCP', '17': 'UDP', '132': 'SCTP', '1': 'ICMP' };

function selectorAt(text: string | undefined, field: string, diag: PolicyDiag): Selector | undefined | null {
  if (text === undefined) return undefined;
  const r = parseSelector(text);
  if ('error' in r) {
    diag('error', field, `selector "${text}" does not parse: ${r.error}`);
    return null;
  }
  return r.selector;
}

function portOf(p: number | string, field: string, diag: PolicyDiag): PortMatch | null {
  if (typeof p === 'number') return { kind: 'range', first: p, last: p };
  const range = /^(\d+):(\d+)$/.exec(p);
  if (range) {
    const [first, last] = [Number(range[1]), Number(range[2])];
    if (first <= last && last <= 65535) return { kind: 'range', first, last };
    diag('error', field, `port range "${p}" is not first:last within 0–65535`);
    return null;
  }
  if (/^\d+$/.test(p)) return Number(p) <= 65535 ? { kind: 'range', first: Number(p), last: Number(p) } : null;
  if (/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(p) && p.length <= 15) return { kind: 'named', name: p };
  diag('error', field, `"${p}" is neither a port, a range nor a port name`);
  return null;
}

const UNSUPPORTED_ENTITY = ['notSelector', 'notPorts', 'serviceAccounts', 'services'] as const;

function entityOf(e: CalicoEntityInput | undefined, field: string, diag: PolicyDiag): EntityRule | null {
  const out: EntityRule = { nets: [...(e?.nets ?? [])], notNets: [...(e?.notNets ?? [])], ports: [] };
  if (!e) return out;
  for (const k of UNSUPPORTED_ENTITY) {
    if (e[k] !== undefined) {
      diag('warning', `${field}.${k}`, `${k} is not modelled by packetwalk; the rule is skipped`);
      return null;
    }
  }
  const sel = selectorAt(e.selector, `${field}.selector`, diag);
  const ns = selectorAt(e.namespaceSelector, `${field}.namespaceSelector`, diag);
  if (sel === null || ns === null) return null;
  if (sel) out.selector = sel;
  if (ns) {
    out.namespaceSelector = ns;
    // A namespaceSelector alone selects every endpoint of those namespaces.
    out.selector ??= { op: 'all' };
  }
  for (const [i, p] of (e.ports ?? []).entries()) {
    const m = portOf(p, `${field}.ports[${i}]`, diag);
    if (!m) return null;
    out.ports.push(m);
  }
  return out;
}

function ruleOf(r: CalicoRuleInput, field: string, diag: PolicyDiag): PolicyRule | null {
  for (const k of ['notProtocol', 'icmp', 'notICMP', 'http'] as const) {
    if (r[k] !== undefined) {
      diag('warning', `${field}.${k}`, `${k} is not modelled by packetwalk; the rule is skipped`);
      return null;
    }
  }
  if (r.ipVersion === 6) {
    diag('warning', `${field}.ipVersion`, 'an IPv6 rule matches nothing in this IPv4 model; skipped');
    return null;
  }
  let protocol: RuleProtocol | undefined;
  if (r.protocol !== undefined) {
    protocol = PROTOCOLS[String(r.protocol).toLowerCase()];
    if (!protocol) {
      diag('warning', `${field}.protocol`, `protocol ${r.protocol} is not modelled (TCP, UDP, SCTP, ICMP are); the rule is skipped`);
      return null;
    }
  }
  const source = entityOf(r.source, `${field}.source`, diag);
  const destination = entityOf(r.destination, `${field}.destination`, diag);
  if (!source || !destination) return null;
  if ((source.ports.length > 0 || destination.ports.length > 0) && protocol !== 'TCP' && protocol !== 'UDP' && protocol !== 'SCTP') {
    diag('error', `${field}.protocol`, 'ports need protocol TCP, UDP or SCTP (Calico rejects the rule)');
    return null;
  }
  const rule: PolicyRule = { action: r.action, source, destination, field };
  if (protocol) rule.protocol = protocol;
  return rule;
}

/** A Calico NetworkPolicy (namespace given) or GlobalNetworkPolicy (namespace undefined); null when skipped whole. */
export function policyFromCalico(v: CalicoPolicyInput, ref: ObjectRef, namespace: string | undefined, diag: PolicyDiag): Policy | null {
  const s = v.spec;
  const tier = s.tier ?? 'default';
  if (tier !== 'default') {
    diag('warning', 'spec.tier', `tier ${tier}: only the default tier is modelled; the policy is skipped`);
    return null;
  }
  for (const k of ['doNotTrack', 'preDNAT', 'applyOnForward'] as const) {
    if (s[k]) {
      diag('warning', `spec.${k}`, `${k} policies are not modelled; the policy is skipped`);
      return null;
    }
  }
  if (s.serviceAccountSelector !== undefined) {
    diag('warning', 'spec.serviceAccountSelector', 'serviceAccountSelector is not modelled; the policy is skipped');
    return null;
  }
  let selector = selectorAt(s.selector, 'spec.selector', diag);
  const nsSel = namespace === undefined ? selectorAt(s.namespaceSelector, 'spec.namespaceSelector', diag) : undefined;
  if (selector === null || nsSel === null) return null;
  selector ??= { op: 'all' };
  const ingress = (s.ingress ?? []).flatMap((r, i) => ruleOf(r, `spec.ingress[${i}]`, diag) ?? []);
  const egress = (s.egress ?? []).flatMap((r, i) => ruleOf(r, `spec.egress[${i}]`, diag) ?? []);
  const types = s.types ?? ((s.egress ?? []).length > 0 ? ((s.ingress ?? []).length > 0 ? ['Ingress', 'Egress'] : ['Egress']) : ['Ingress']);
  const kind = namespace === undefined ? 'gnp' : 'np';
  const p: Policy = {
    ref,
    kind,
    id: namespace === undefined ? `gnp/${v.metadata.name}` : `np/${namespace}/${v.metadata.name}`,
    tier,
    selector,
    ingress: types.includes('Ingress') ? ingress : undefined,
    egress: types.includes('Egress') ? egress : undefined,
  };
  if (nsSel) p.namespaceSelector = nsSel;
  if (namespace !== undefined) p.namespace = namespace;
  if (s.order !== undefined) p.order = s.order;
  return p;
}
