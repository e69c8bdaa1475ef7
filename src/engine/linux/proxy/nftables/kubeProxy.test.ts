/**
 * Targeted compile cases for kube-proxy's table, each tied to an upstream
 * behaviour (proxier.go / topology.go / nodeport_addresses.go). Uses the IP
 * plan of testdata/plan.ts (node-a 192.168.10.21, clusterCIDR 10.244.0.0/16).
 */
import { describe, expect, it } from 'vitest';
import type { ServiceSpec } from '../../../model/scenario';
import { compileKubeProxyNft, nodePortIPs, type KubeProxyNftInput } from './kubeProxy';
import { formatRule } from '../../nft/format';
import { printNftRuleset } from '../../nft/print';
import { findChain, findSet, type NftTable } from '../../nft/ruleset';
import { KP_INPUT, ep, slice, svc } from '../../nft/testdata/plan';

const http = [{ name: 'http', port: 8080, protocol: 'TCP' as const }];
const tcp80 = { name: 'http', protocol: 'TCP' as const, port: 80, targetPort: 8080 };

function compile(services: ServiceSpec[], slices: KubeProxyNftInput['endpointSlices'], o: Partial<KubeProxyNftInput> = {}): NftTable {
  return compileKubeProxyNft({ ...KP_INPUT, services, endpointSlices: slices, ...o });
}
/** Per-service-port chains only: prefix + 8-character hash (so `services`, `firewall-check` do not count). */
const perService = (prefix: string) => new RegExp(`^${prefix}[A-Z2-7]{8}-`);
const chainsOf = (t: NftTable, prefix: string) => t.chains.filter((c) => perService(prefix).test(c.name));
const rulesOf = (t: NftTable, prefix: string) => chainsOf(t, prefix).flatMap((c) => c.rules.map(formatRule));
const numgen = (t: NftTable, prefix: string) => rulesOf(t, prefix).find((r) => r.startsWith('numgen')) ?? '';

describe('compileKubeProxyNft', () => {
  it('uses only ready endpoints while any is ready (TestTerminatingEndpointsTrafficPolicyCluster)', () => {
    const t = compile([svc('a', { clusterIP: '10.96.0.50', ports: [tcp80] })], [
      slice('a', [
        ep('10.244.2.1', 'node-b'),
        ep('10.244.2.2', 'node-b', { ready: false, serving: true, terminating: true }),
        ep('10.244.2.3', 'node-b', { ready: false, serving: false, terminating: true }),
      ], http),
    ]);
    expect(numgen(t, 'service-')).toMatch(/^numgen random mod 1 vmap \{ 0 : goto endpoint-\w+-demo\/a\/tcp\/http__10\.244\.2\.1\/8080 \}$/);
  });

  it('falls back to serving+terminating endpoints when none is ready', () => {
    const t = compile([svc('a', { clusterIP: '10.96.0.50', ports: [tcp80] })], [
      slice('a', [
        ep('10.244.2.2', 'node-b', { ready: false, serving: true, terminating: true }),
        ep('10.244.2.3', 'node-b', { ready: false, serving: false, terminating: true }),
      ], http),
    ]);
    expect(numgen(t, 'service-')).toContain('10.244.2.2/8080');
    expect(numgen(t, 'service-')).not.toContain('10.244.2.3');
    expect(findSet(t, 'no-endpoint-services')!.elements).toEqual([]);
  });

  it('rejects when no endpoint is usable at all', () => {
    const t = compile([svc('a', { clusterIP: '10.96.0.50', ports: [tcp80] })], [slice('a', [ep('10.244.2.3', 'node-b', { ready: false, serving: false, terminating: true })], http)]);
    expect(findSet(t, 'no-endpoint-services')!.elements.map((e) => 'verdict' in e && e.verdict)).toEqual([{ kind: 'goto', chain: 'reject-chain' }]);
    expect(chainsOf(t, 'service-')).toEqual([]);
  });

  it('ETP Local uses a local serving+terminating endpoint when no local one is ready', () => {
    const s = svc('a', { type: 'NodePort', clusterIP: '10.96.0.50', externalTrafficPolicy: 'Local', ports: [{ ...tcp80, nodePort: 30500 }] });
    const t = compile([s], [slice('a', [ep('10.244.1.20', 'node-a', { ready: false, serving: true, terminating: true }), ep('10.244.2.20', 'node-b')], http)]);
    expect(numgen(t, 'local-')).toContain('10.244.1.20/8080');
    expect(numgen(t, 'service-')).toContain('10.244.2.20/8080');
    expect(numgen(t, 'service-')).not.toContain('10.244.1.20');
    // Both endpoint chains exist (the merged "all reachable" list).
    expect(chainsOf(t, 'endpoint-')).toHaveLength(2);
  });

  it('orders endpoints by the string ip:port, as kube-proxy sorts them', () => {
    const t = compile([svc('a', { clusterIP: '10.96.0.50', ports: [tcp80] })], [slice('a', [ep('10.244.2.9', 'node-b'), ep('10.244.2.10', 'node-b')], http)]);
    const r = numgen(t, 'service-');
    expect(r.indexOf('10.244.2.10/8080')).toBeLessThan(r.indexOf('10.244.2.9/8080'));
  });

  it('ITP Local: the ClusterIP goes to the local- chain, which also holds the masquerade rule', () => {
    const t = compile([svc('a', { clusterIP: '10.96.0.50', internalTrafficPolicy: 'Local', ports: [tcp80] })], [slice('a', [ep('10.244.1.20', 'node-a'), ep('10.244.2.20', 'node-b')], http)]);
    expect(chainsOf(t, 'service-')).toEqual([]);
    expect(rulesOf(t, 'local-')[0]).toBe('ip daddr 10.96.0.50 ip saddr != 10.244.0.0/16 jump mark-for-masquerade');
    expect(numgen(t, 'local-')).toContain('10.244.1.20/8080');
    expect(numgen(t, 'local-')).not.toContain('10.244.2.20');
  });

  it('masqueradeAll marks every ClusterIP packet (rule flagged as an assumption)', () => {
    const t = compile([svc('a', { clusterIP: '10.96.0.50', ports: [tcp80] })], [slice('a', [ep('10.244.2.1', 'node-b')], http)], { masqueradeAll: true });
    const c = chainsOf(t, 'service-')[0]!;
    expect(formatRule(c.rules[0]!)).toBe('ip daddr 10.96.0.50 jump mark-for-masquerade');
    expect(c.rules[0]!.assumption).toBe(true);
  });

  it('without a local-traffic detector there is no ClusterIP masquerade rule and no pod short-circuit', () => {
    const s = svc('a', { type: 'NodePort', clusterIP: '10.96.0.50', externalTrafficPolicy: 'Local', ports: [{ ...tcp80, nodePort: 30500 }] });
    const t = compile([s], [slice('a', [ep('10.244.1.20', 'node-a')], http)], { clusterCIDR: undefined });
    expect(rulesOf(t, 'service-').some((r) => r.includes('mark-for-masquerade'))).toBe(false);
    expect(rulesOf(t, 'external-')[0]).toBe('fib saddr type local jump mark-for-masquerade comment "masquerade local traffic"');
  });

  it('uses the mark of the configured bit', () => {
    const t = compile([], [], { masqueradeBit: 15 });
    expect(findChain(t, 'mark-for-masquerade')!.rules.map(formatRule)).toEqual(['meta mark set meta mark | 0x00008000']);
  });

  it('LB source ranges that contain the node IP also allow the LB IPs themselves', () => {
    const s = svc('a', { type: 'LoadBalancer', clusterIP: '10.96.0.50', loadBalancerIngress: ['203.0.113.50'], loadBalancerSourceRanges: ['192.168.10.0/24'], ports: [{ ...tcp80, nodePort: 30500 }] });
    const t = compile([s], [slice('a', [ep('10.244.2.1', 'node-b')], http)]);
    expect(rulesOf(t, 'firewall-')).toEqual(['ip saddr != { 192.168.10.0/24, 203.0.113.50 } drop']);
  });

  it('skips ExternalName and headless services; names an unnamed port ns/svc', () => {
    const t = compile(
      [
        svc('x', { type: 'ExternalName', ports: [tcp80] }),
        svc('h', { clusterIP: 'None', ports: [tcp80] }),
        svc('u', { clusterIP: '10.96.0.51', ports: [{ protocol: 'TCP', port: 80, targetPort: 80 }] }),
      ],
      [],
    );
    expect(findSet(t, 'cluster-ips')!.elements.map((e) => e.key[0])).toEqual(['10.96.0.51']);
    expect(findSet(t, 'no-endpoint-services')!.elements.map((e) => e.comment)).toEqual(['demo/u']);
  });

  it('matches an unnamed service port with an unnamed slice port', () => {
    const t = compile([svc('u', { clusterIP: '10.96.0.51', ports: [{ protocol: 'TCP', port: 80, targetPort: 8080 }] })], [slice('u', [ep('10.244.2.1', 'node-b')], [{ port: 8080, protocol: 'TCP' }])]);
    expect(t.chains.some((c) => /^service-\w{8}-demo\/u\/tcp\/$/.test(c.name))).toBe(true);
  });
});

describe('NodePort addresses', () => {
  it('primary selects the first node IP; CIDRs select matching node IPs; [] or /0 match all', () => {
    expect(nodePortIPs(['primary'], ['192.168.10.21', '10.0.0.5'])).toEqual(['192.168.10.21']);
    expect(nodePortIPs(['10.0.0.0/8'], ['192.168.10.21', '10.0.0.5'])).toEqual(['10.0.0.5']);
    expect(nodePortIPs([], ['192.168.10.21'])).toBeUndefined();
    expect(nodePortIPs(['0.0.0.0/0'], ['192.168.10.21'])).toBeUndefined();
    expect(nodePortIPs(['127.0.0.0/8'], ['127.0.0.1'])).toEqual([]);
  });

  it('with match-all, nodeport-ips is absent and NodePorts match any local address but loopback', () => {
    const t = compile([], [], { nodePortAddresses: [] });
    expect(findSet(t, 'nodeport-ips')).toBeUndefined();
    expect(findChain(t, 'services')!.rules.map(formatRule)[1]).toBe('fib daddr type local ip daddr != 127.0.0.0/8 meta l4proto . th dport vmap @service-nodeports');
    expect(findChain(t, 'nodeport-endpoints-check')!.rules.map(formatRule)).toEqual(['ip daddr != 127.0.0.0/8 meta l4proto . th dport vmap @no-endpoint-nodeports']);
    expect(printNftRuleset([t])).not.toContain('@nodeport-ips');
  });
});
