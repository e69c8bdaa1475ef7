/**
 * The policy form's fields become one policy the engine's own reader loads
 * (issue 13): both kinds, each peer, protocol and port, an empty selector;
 * bad names, labels, CIDRs and ports are refused with the field named.
 */
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../engine/index';
import { readOnePolicy } from '../engine/policy/readOne';
import { fromYaml, trace } from '../engine/testing/traceHelpers';
import { applyEdit } from './edits';
import { flowPodNamespace, initialNamespace, policyFromFields, type PolicyFields } from './policyFields';

const BASE: PolicyFields = { kind: 'np', namespace: 'demo', name: 'deny-web', appliesTo: 'app=hello', direction: 'Ingress', action: 'Deny', order: '100', allowRest: false, peer: 'pods', peerValue: 'app=web', protocol: 'TCP', port: '' };

/** Builds the fields and reads the text back with the loader's reader: no error diagnostics. */
function read(change: Partial<PolicyFields>) {
  const built = policyFromFields({ ...BASE, ...change });
  if (!built.ok) throw new Error(`refused: ${JSON.stringify(built.problems)}`);
  const r = readOnePolicy(built.yaml);
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return { ...r.policy!, yaml: built.yaml };
}

const reasons = (change: Partial<PolicyFields>) => {
  const built = policyFromFields({ ...BASE, ...change });
  return built.ok ? [] : built.problems;
};

describe('policyFromFields', () => {
  it('Calico NetworkPolicy: order, selector, a Deny rule from pods by label over TCP', () => {
    const p = read({});
    expect(p).toMatchObject({ id: 'np/demo/deny-web', kind: 'np', namespace: 'demo', order: 100 });
    expect(p.ingress).toHaveLength(1);
    expect(p.ingress![0]).toMatchObject({ action: 'Deny', protocol: 'TCP' });
    expect(p.yaml).toContain("selector: app == 'web'");
    expect(p.egress).toBeUndefined();
  });

  it('Kubernetes NetworkPolicy: an Allow rule from pods with protocol and port', () => {
    const p = read({ kind: 'knp', port: '8080' });
    expect(p).toMatchObject({ id: 'knp/demo/deny-web', kind: 'knp' });
    expect(p.ingress![0]).toMatchObject({ action: 'Allow', protocol: 'TCP' });
    expect(p.ingress![0]!.destination.ports).toEqual([{ first: 8080, last: 8080 }].map((r) => expect.objectContaining(r)));
  });

  it('each peer: pods, a namespace by label, a CIDR, for both kinds and both directions', () => {
    for (const kind of ['knp', 'np'] as const) {
      for (const direction of ['Ingress', 'Egress'] as const) {
        const ns = read({ kind, direction, peer: 'namespace', peerValue: 'team=a' });
        const rules = direction === 'Ingress' ? ns.ingress! : ns.egress!;
        expect(rules).toHaveLength(1);
        const cidr = read({ kind, direction, peer: 'cidr', peerValue: '10.10.0.0/16' });
        const side = (r: (typeof rules)[number]) => (direction === 'Ingress' ? r.source : r.destination);
        expect(side((direction === 'Ingress' ? cidr.ingress! : cidr.egress!)[0]!).nets).toEqual(['10.10.0.0/16']);
      }
    }
  });

  it('protocol any leaves the protocol out; UDP and ICMP are named', () => {
    expect(read({ protocol: 'any' }).ingress![0]!.protocol).toBeUndefined();
    expect(read({ kind: 'knp', protocol: 'any' }).ingress![0]!.protocol).toBeUndefined();
    expect(read({ protocol: 'UDP', port: '53' }).ingress![0]).toMatchObject({ protocol: 'UDP' });
    expect(read({ protocol: 'ICMP' }).ingress![0]).toMatchObject({ protocol: 'ICMP' });
  });

  it('an empty selector applies to every pod of the namespace (Calico all(), Kubernetes {})', () => {
    expect(read({ appliesTo: '' }).yaml).toContain('selector: all()');
    expect(read({ kind: 'knp', appliesTo: '', peerValue: '' }).yaml).toContain('podSelector: {}');
    expect(read({ order: '' }).order).toBeUndefined();
  });

  it('refuses a bad name, label, CIDR, port and ICMP in a Kubernetes policy, naming each field', () => {
    expect(reasons({ name: 'Deny_Web' })).toEqual([{ field: 'name', reason: 'name' }]);
    expect(reasons({ name: '' })).toEqual([{ field: 'name', reason: 'name' }]);
    expect(reasons({ appliesTo: "app=he'llo" })).toEqual([{ field: 'appliesTo', reason: 'label' }]);
    expect(reasons({ peerValue: 'app' })).toEqual([{ field: 'peerValue', reason: 'label' }]);
    expect(reasons({ peer: 'cidr', peerValue: '10.0.0.1/8' })).toEqual([{ field: 'peerValue', reason: 'cidr' }]);
    expect(reasons({ peer: 'cidr', peerValue: '300.0.0.0/8' })).toEqual([{ field: 'peerValue', reason: 'cidr' }]);
    expect(reasons({ port: '70000' })).toEqual([{ field: 'port', reason: 'port' }]);
    expect(reasons({ port: '8O' })).toEqual([{ field: 'port', reason: 'port' }]);
    expect(reasons({ protocol: 'ICMP', port: '80' })).toEqual([{ field: 'port', reason: 'portNeedsProtocol' }]);
    expect(reasons({ kind: 'knp', protocol: 'ICMP' })).toEqual([{ field: 'protocol', reason: 'icmpKubernetes' }]);
    expect(reasons({ order: 'high' })).toEqual([{ field: 'order', reason: 'order' }]);
  });

  it('values that look like YAML stay strings: the text is written by the yaml library', () => {
    const p = read({ appliesTo: 'app=true', peerValue: 'tier=1.0', kind: 'knp' });
    expect(p.yaml).toMatch(/app: "true"|app: 'true'/);
    expect(p.yaml).toMatch(/tier: "1.0"|tier: '1.0'/);
  });
});

describe('the namespace the form starts in', () => {
  const namespaces = ['default', 'demo', 'kube-system'];

  it("is the traced flow's destination pod's, else the first namespace with pods, not an empty `default`", () => {
    expect(initialNamespace(namespaces, ['demo', 'kube-system'], flowPodNamespace({ dst: 'pod:kube-system/coredns-1' }))).toBe('kube-system');
    // A Service: the pod that received it.
    expect(initialNamespace(namespaces, ['demo'], flowPodNamespace({ dst: 'svc:demo/hello', deliveredPod: 'demo/hello-2' }))).toBe('demo');
    expect(initialNamespace(namespaces, ['demo', 'kube-system'], flowPodNamespace({ dst: 'host:internet' }))).toBe('demo');
    expect(initialNamespace(namespaces, ['demo'], undefined)).toBe('demo');
    // A namespace the list does not hold is not chosen; with no pods anywhere, `default` as before.
    expect(initialNamespace(namespaces, ['demo'], 'other')).toBe('demo');
    expect(initialNamespace(namespaces, [], undefined)).toBe('default');
    expect(initialNamespace([], [], undefined)).toBe('default');
  });
});

describe('"then allow everything else" (Calico Deny)', () => {
  it('adds a last rule action: Allow with no match; nothing for an Allow rule or a Kubernetes policy', () => {
    const p = read({ allowRest: true });
    expect(p.ingress).toHaveLength(2);
    expect(p.ingress![1]).toMatchObject({ action: 'Allow', source: {}, destination: {} });
    expect(p.ingress![1]!.protocol).toBeUndefined();
    expect(p.yaml).toMatch(/- action: Allow\n$/);
    expect(read({ allowRest: true, action: 'Allow' }).ingress).toHaveLength(1);
    expect(read({ allowRest: true, kind: 'knp' }).ingress).toHaveLength(1);
  });

  it('on the lab: web → hello is denied either way; net → hello passes with it and meets the end-of-tier deny without it', () => {
    const lab = PRESETS.find((x) => x.name === 'k8s-lab')!.yaml;
    const withPolicy = (allowRest: boolean) => {
      const built = policyFromFields({ ...BASE, allowRest });
      if (!built.ok) throw new Error('refused');
      return fromYaml(applyEdit(lab, { op: 'addPolicy', yaml: built.yaml }));
    };
    for (const allowRest of [true, false]) {
      const c = withPolicy(allowRest);
      expect(trace(c, { src: 'pod:demo/web', dst: 'pod:demo/hello', proto: 'tcp' }).reason?.code).toBe('policy-deny');
      const net = trace(c, { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'tcp' });
      if (allowRest) expect(net.verdict).toBe('delivered');
      else expect(net.reason).toMatchObject({ code: 'policy-default-deny', params: { policy: 'NetworkPolicy demo/deny-web' } });
    }
  });
});
