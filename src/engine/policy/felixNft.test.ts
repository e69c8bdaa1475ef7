/**
 * Felix's filter chains with policies on k8s-lab: names, order and marks as
 * felix/rules renders them, and what a packet meets at the pod's ingress.
 */
import { describe, expect, it } from 'vitest';
import { formatRule } from '../linux/nft/format';
import { findChain, findSet } from '../linux/nft/ruleset';
import type { LinuxNodeState } from '../linux/state';
import { fromYaml, trace } from '../testing/traceHelpers';
import { PRESETS } from '../presets/catalog';
import { innerIp } from '../model/packetOps';
import { LAB_WITH_POLICIES_YAML } from './testdata/labPolicies';

const c = fromYaml(LAB_WITH_POLICIES_YAML);
const node1 = c.nodes.get('k8s-lab-node-1') as LinuxNodeState;
const calico = node1.nft.find((t) => t.name === 'calico')!;
const hello = node1.pods.find((p) => p.pod === 'demo/hello')!;

describe('Felix filter chains', () => {
  it('dispatches by interface through verdict maps to the workload chains', () => {
    expect(findChain(calico, 'filter-cali-FORWARD')!.rules.map(formatRule)).toEqual([
      'counter packets 0 bytes 0 meta mark set meta mark & 0xffe5ffff',
      'iifname "cali*" counter packets 0 bytes 0 jump filter-cali-from-wl-dispatch',
      'oifname "cali*" counter packets 0 bytes 0 jump filter-cali-to-wl-dispatch',
    ]);
    expect(findChain(calico, 'filter-cali-to-wl-dispatch')!.rules.map(formatRule)).toEqual(['counter packets 0 bytes 0 oifname vmap @filter-cali-to-wl-dispatch', 'counter packets 0 bytes 0 drop comment "Unknown interface"']);
    const map = findSet(calico, 'filter-cali-to-wl-dispatch')!;
    expect(map.elements).toContainEqual(expect.objectContaining({ key: [hello.hostVeth], verdict: { kind: 'goto', chain: `filter-cali-tw-${hello.hostVeth}` } }));
  });

  it('the ingress chain: conntrack, tier default with the policies in order, the default deny, the profile', () => {
    expect(findChain(calico, `filter-cali-tw-${hello.hostVeth}`)!.rules.map(formatRule)).toEqual([
      'ct state established,related counter packets 0 bytes 0 accept',
      'ct state invalid counter packets 0 bytes 0 drop',
      'counter packets 0 bytes 0 meta mark set meta mark & 0xfffcffff',
      'counter packets 0 bytes 0 meta mark set meta mark & 0xfffdffff comment "Start of tier default"',
      'meta mark & 0x00020000 == 0x00000000 counter packets 0 bytes 0 jump filter-cali-pi-np/demo/deny-admin',
      'meta mark & 0x00010000 == 0x00010000 counter packets 0 bytes 0 return comment "Return if policy accepted"',
      'meta mark & 0x00020000 == 0x00000000 counter packets 0 bytes 0 jump filter-cali-pi-knp/demo/allow-hello',
      'meta mark & 0x00010000 == 0x00010000 counter packets 0 bytes 0 return comment "Return if policy accepted"',
      'meta mark & 0x00020000 == 0x00000000 counter packets 0 bytes 0 jump filter-cali-pi-knp/demo/default-deny',
      'meta mark & 0x00010000 == 0x00010000 counter packets 0 bytes 0 return comment "Return if policy accepted"',
      'meta mark & 0x00020000 == 0x00000000 counter packets 0 bytes 0 drop comment "End of tier default. Drop if no policies passed packet"',
      'counter packets 0 bytes 0 jump filter-cali-pri-kns.demo',
      'meta mark & 0x00010000 == 0x00010000 counter packets 0 bytes 0 return comment "Return if profile accepted"',
      'counter packets 0 bytes 0 drop comment "Drop if no profiles matched"',
    ]);
  });

  it('policy chains: named port set, ipBlock except as a negated match block, Deny with the drop mark', () => {
    const allow = findChain(calico, 'filter-cali-pi-knp/demo/allow-hello')!.rules.map(formatRule);
    expect(allow[0]).toMatch(/^ip saddr @cali40s-\S+ ip daddr \. meta l4proto \. tcp dport @cali40n-\S+ counter packets 0 bytes 0 meta mark set meta mark \| 0x00010000 comment "KubernetesNetworkPolicy demo\/allow-hello ingress"$/);
    expect(allow.slice(1)).toEqual([
      'meta mark & 0x00010000 == 0x00010000 counter packets 0 bytes 0 return',
      'counter packets 0 bytes 0 meta mark set meta mark & 0xffefffff | 0x00080000',
      'ip saddr 192.168.10.23 counter packets 0 bytes 0 meta mark set meta mark & 0xfff7ffff',
      'ip saddr 192.168.10.0/24 tcp dport { 8080, 8443 } meta mark & 0x00080000 == 0x00080000 counter packets 0 bytes 0 meta mark set meta mark | 0x00010000',
    ]);
    expect(findChain(calico, 'filter-cali-pi-np/demo/deny-admin')!.rules.map(formatRule)).toEqual([
      'tcp dport 9000-9099 counter packets 0 bytes 0 meta mark set meta mark | 0x00040000 comment "NetworkPolicy demo/deny-admin ingress"',
      'meta mark & 0x00040000 == 0x00040000 counter packets 0 bytes 0 drop',
    ]);
    expect(findChain(calico, 'filter-cali-pi-knp/demo/default-deny')!.rules.map(formatRule)).toEqual(['comment "KubernetesNetworkPolicy demo/default-deny ingress"']);
    const named = calico.sets.find((s) => s.name.startsWith('cali40n-'))!;
    expect(named.elements.map((e) => e.key)).toEqual([['172.21.211.8', 'tcp', '8080']]);
  });
});

describe('policy on the path (k8s-lab)', () => {
  it('pod → pod on the named port is allowed by the rule that says so; the reply passes by conntrack', () => {
    const t = trace(c, { src: 'pod:demo/net', dst: 'pod:demo/hello', dport: 8080 });
    expect(t.verdict).toBe('delivered');
    const allow = t.steps.find((s) => s.explain.key === 'policy.allow')!;
    expect(allow).toMatchObject({ node: 'k8s-lab-node-1', rule: { owner: { kind: 'NetworkPolicy', namespace: 'demo', name: 'allow-hello' } } });
    expect(allow.explain.params).toMatchObject({ policy: 'NetworkPolicy demo/allow-hello', rule: 'spec.ingress[0].from[0]', direction: 'ingress' });
    expect(t.reply?.verdict).toBe('delivered');
    expect(t.reply!.steps.some((s) => s.rule?.text === 'ct state established,related counter packets 0 bytes 0 accept')).toBe(true);
  });

  it('a port no rule allows hits the default deny; a Calico Deny names its rule', () => {
    const d = trace(c, { src: 'pod:demo/net', dst: 'pod:demo/hello', dport: 8081 });
    expect(d.verdict).toBe('dropped');
    expect(d.steps.find((s) => s.explain.key === 'policy.defaultDeny')?.explain.params).toMatchObject({ pod: 'demo/hello', direction: 'ingress' });
    // The verdict names the policies as the step does, so the banner, the CLI and the exports say who dropped it.
    expect(d.reason).toMatchObject({ code: 'policy-default-deny', params: { pod: 'demo/hello', direction: 'ingress', hook: 'forward', node: 'k8s-lab-node-1' } });
    expect(d.reason?.params.policy).toContain('NetworkPolicy demo/');
    const x = trace(c, { src: 'pod:demo/net', dst: 'pod:demo/hello', dport: 9001 });
    expect(x.verdict).toBe('dropped');
    expect(x.steps.find((s) => s.explain.key === 'policy.deny')?.explain.params).toMatchObject({ policy: 'NetworkPolicy demo/deny-admin', rule: 'spec.ingress[0]' });
    expect(x.reason).toEqual({ code: 'policy-deny', params: { policy: 'NetworkPolicy demo/deny-admin', rule: 'spec.ingress[0]', pod: 'demo/hello', direction: 'ingress', hook: 'forward', node: 'k8s-lab-node-1' } });
  });

  it('hostNetwork on another node comes from the tunnel address under VXLAN Always: the ipBlock of node addresses does not match', () => {
    const t = trace(c, { src: 'node:k8s-lab-node-2', dst: 'pod:demo/hello', dport: 8443 });
    expect(t.verdict).toBe('dropped');
    expect(t.steps.find((s) => s.explain.key === 'policy.defaultDeny')).toBeDefined();
  });
});

describe("the migration's ipBlock trap (k8s-main before/after with part 20's policies)", () => {
  const withPolicies = (name: string) => fromYaml(PRESETS.find((p) => p.name === name)!.yaml); // the presets carry part 20's policies

  it('hostNetwork on node-1 → hello on node-2: allowed by the node ipBlock before, dropped by the default deny after', () => {
    const flow = { src: 'node:k8s-node-1', dst: 'pod:demo/hello', dport: 8080 } as const;
    const before = trace(withPolicies('k8s-main-before'), flow);
    expect(before.verdict).toBe('delivered');
    expect(before.delivered).toMatchObject({ seenSrcIp: '192.168.10.20' });
    expect(before.steps.find((s) => s.explain.key === 'policy.allow')?.explain.params).toMatchObject({ policy: 'NetworkPolicy demo/allow-nodes-to-hello', rule: 'spec.ingress[0].from[0]' });
    const after = trace(withPolicies('k8s-main-after'), flow);
    expect(after.verdict).toBe('dropped');
    const deny = after.steps.find((s) => s.explain.key === 'policy.defaultDeny')!;
    expect(deny.node).toBe('k8s-node-2');
    expect(innerIp(deny.before).src).toBe('172.20.211.0');
    // The default deny names the policies that select the pod (the endpoint chain's jumps).
    expect(deny.explain.params?.policy).toBe('NetworkPolicy demo/allow-clients-to-hello, NetworkPolicy demo/allow-nodes-to-hello, NetworkPolicy demo/default-deny');
    expect(after.reason).toMatchObject({ code: 'policy-default-deny', params: { policy: deny.explain.params?.policy, node: 'k8s-node-2' } });
  });
});
