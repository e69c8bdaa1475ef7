/**
 * Packet cases through the compiled rules of one node (node-a), kube-proxy
 * and Calico tables together, in the style of kube-proxy's packet-flow tests.
 *
 * IP plan (testdata/plan.ts):
 *   Pod network / clusterCIDR 10.244.0.0/16 (pool "default", natOutgoing);
 *   pool "no-nat" 10.250.0.0/16; service CIDR 10.96.0.0/12.
 *   node-a (this node) 192.168.10.21 on ens18, vxlan.calico 10.244.1.0;
 *   node-b 192.168.10.22.  Client pods 10.244.1.5/.6 (node-a); endpoints node-a 10.244.1.10-.12,
 *   node-b 10.244.2.20-.31; no-nat pod 10.250.0.5.  ExternalIPs 192.168.99.0/24; LB IPs 203.0.113.100-.101;
 *   LB clients 198.51.100.7 (allowed, /25) and .200 (blocked); internet 203.0.113.10.
 *   Services (ClusterIP:80 unless noted): web .10 (2 eps), np .11 NodePort 30080,
 *   local-none .12 NodePort 30081 ETP Local (remote ep only), local-ok .13 LB
 *   203.0.113.100 NodePort 30082 ETP Local (one local ep), lb-fw .14 LB 203.0.113.101
 *   + externalIP 192.168.99.14 with source range, sticky .15 ClientIP affinity,
 *   empty .16 (no endpoints), itp .17 ITP Local (remote ep only), dns .18 (53/udp,
 *   53/tcp), ext .19 externalIP 192.168.99.19.
 */
import { describe, expect, it } from 'vitest';
import { compileCalicoNft } from '../cni/calico/nft';
import { evaluateNftHook, type NftContext, type NftHookResult, type NftPacket } from './evaluate';
import { compileKubeProxyNft } from '../proxy/nftables/kubeProxy';
import type { NftHook } from './ruleset';
import { CALICO_INPUT, INTERNET, KP_INPUT, LB_BLOCKED, LB_CLIENT, NODE_A, POD_A1, POD_A2, POD_NONAT, TUNNEL_A, nodeAContext } from './testdata/plan';

const kp = compileKubeProxyNft(KP_INPUT);
const calico = compileCalicoNft(CALICO_INPUT);
const TABLES = [kp, calico];

function ctx(picks: number[] = []): NftContext {
  return nodeAContext(picks, 1000);
}

function pkt(src: string, dst: string, dport: number, o: Partial<NftPacket> = {}): NftPacket {
  return { src, dst, proto: 'tcp', sport: 40000, dport, mark: 0, ctState: 'new', ...o };
}

function run(hook: NftHook, p: NftPacket, c: NftContext = ctx(), skipNat = false): NftHookResult {
  return evaluateNftHook(TABLES, hook, p, c, { skipNat });
}

interface Case {
  name: string;
  hook: NftHook;
  packet: NftPacket;
  picks?: number[];
  verdict: 'accept' | 'drop' | 'reject';
  nat?: NftHookResult['nat'];
  mark?: number;
}

const fromPod = { iif: 'cali0a1b2c3d4e5' };
const fromWire = { iif: 'ens18' };
const cases: Case[] = [
  { name: 'pod → ClusterIP: DNAT to the picked endpoint, no masquerade mark', hook: 'prerouting', packet: pkt(POD_A1, '10.96.0.10', 80, fromPod), verdict: 'accept', nat: { kind: 'dnat', ip: '10.244.1.10', port: 8080 }, mark: 0 },
  { name: 'pod → ClusterIP, second endpoint picked', hook: 'prerouting', packet: pkt(POD_A1, '10.96.0.10', 80, fromPod), picks: [1], verdict: 'accept', nat: { kind: 'dnat', ip: '10.244.2.20', port: 8080 }, mark: 0 },
  { name: 'hairpin: endpoint → own ClusterIP gets the masquerade mark', hook: 'prerouting', packet: pkt('10.244.1.10', '10.96.0.10', 80, fromPod), verdict: 'accept', nat: { kind: 'dnat', ip: '10.244.1.10', port: 8080 }, mark: 0x4000 },
  { name: 'node → ClusterIP (output): masquerade mark + DNAT', hook: 'output', packet: pkt(NODE_A, '10.96.0.10', 80), picks: [1], verdict: 'accept', nat: { kind: 'dnat', ip: '10.244.2.20', port: 8080 }, mark: 0x4000 },
  { name: 'UDP DNS ClusterIP', hook: 'prerouting', packet: pkt(POD_A1, '10.96.0.18', 53, { ...fromPod, proto: 'udp' }), verdict: 'accept', nat: { kind: 'dnat', ip: '10.244.2.30', port: 53 }, mark: 0 },
  { name: 'wrong port on a ClusterIP: no DNAT at prerouting', hook: 'prerouting', packet: pkt(POD_A1, '10.96.0.10', 81, fromPod), verdict: 'accept' },
  { name: 'wrong port on a ClusterIP: rejected in forward', hook: 'forward', packet: pkt(POD_A1, '10.96.0.10', 81, { ...fromPod, oif: 'ens18' }), verdict: 'reject' },
  { name: 'wrong port on a ClusterIP from the node: rejected in output', hook: 'output', packet: pkt(NODE_A, '10.96.0.10', 81, { oif: 'ens18' }), verdict: 'reject' },
  { name: 'unallocated IP in the service CIDR: dropped in forward', hook: 'forward', packet: pkt(POD_A1, '10.96.0.99', 80, { ...fromPod, oif: 'ens18' }), verdict: 'drop' },
  { name: 'service without endpoints: rejected in forward', hook: 'forward', packet: pkt(POD_A1, '10.96.0.16', 80, { ...fromPod, oif: 'ens18' }), verdict: 'reject' },
  { name: 'ITP Local without a local endpoint: dropped in forward', hook: 'forward', packet: pkt(POD_A1, '10.96.0.17', 80, { ...fromPod, oif: 'ens18' }), verdict: 'drop' },
  { name: 'NodePort, ETP Cluster, external client: mark + DNAT', hook: 'prerouting', packet: pkt(LB_CLIENT, NODE_A, 30080, fromWire), verdict: 'accept', nat: { kind: 'dnat', ip: '10.244.2.21', port: 8080 }, mark: 0x4000 },
  { name: 'NodePort on a non-NodePort address is not a service', hook: 'prerouting', packet: pkt(LB_CLIENT, '192.168.10.99', 30080, fromWire), verdict: 'accept' },
  { name: 'NodePort, ETP Local, local endpoint: DNAT, no mark', hook: 'prerouting', packet: pkt(LB_CLIENT, NODE_A, 30082, fromWire), verdict: 'accept', nat: { kind: 'dnat', ip: '10.244.1.11', port: 8080 }, mark: 0 },
  { name: 'NodePort, ETP Local, no local endpoint: no DNAT at prerouting', hook: 'prerouting', packet: pkt(LB_CLIENT, NODE_A, 30081, fromWire), verdict: 'accept', mark: 0 },
  { name: 'NodePort, ETP Local, no local endpoint: dropped at input', hook: 'input', packet: pkt(LB_CLIENT, NODE_A, 30081, fromWire), verdict: 'drop' },
  { name: 'NodePort, ETP Local, no local endpoint, from a pod: short-circuit to the cluster chain', hook: 'prerouting', packet: pkt(POD_A1, NODE_A, 30081, fromPod), verdict: 'accept', nat: { kind: 'dnat', ip: '10.244.2.22', port: 8080 }, mark: 0 },
  { name: 'NodePort, ETP Local, from the node itself: masquerade + cluster chain', hook: 'output', packet: pkt(NODE_A, NODE_A, 30081), verdict: 'accept', nat: { kind: 'dnat', ip: '10.244.2.22', port: 8080 }, mark: 0x4000 },
  { name: 'LB IP, ETP Local, external client: local endpoint only', hook: 'prerouting', packet: pkt(LB_CLIENT, '203.0.113.100', 80, fromWire), verdict: 'accept', nat: { kind: 'dnat', ip: '10.244.1.11', port: 8080 }, mark: 0 },
  { name: 'LB source range: allowed client', hook: 'prerouting', packet: pkt(LB_CLIENT, '203.0.113.101', 80, fromWire), verdict: 'accept', nat: { kind: 'dnat', ip: '10.244.2.24', port: 8080 }, mark: 0x4000 },
  { name: 'LB source range: blocked client dropped before DNAT', hook: 'prerouting', packet: pkt(LB_BLOCKED, '203.0.113.101', 80, fromWire), verdict: 'drop' },
  { name: 'LB source range does not cover the NodePort', hook: 'prerouting', packet: pkt(LB_BLOCKED, NODE_A, 30083, fromWire), verdict: 'accept', nat: { kind: 'dnat', ip: '10.244.2.24', port: 8080 }, mark: 0x4000 },
  { name: 'externalIP, ETP Cluster: mark + DNAT', hook: 'prerouting', packet: pkt(LB_CLIENT, '192.168.99.19', 80, fromWire), verdict: 'accept', nat: { kind: 'dnat', ip: '10.244.2.31', port: 8080 }, mark: 0x4000 },
  { name: 'established packet: NAT chains are not consulted', hook: 'prerouting', packet: pkt(POD_A1, '10.96.0.10', 80, { ...fromPod, ctState: 'established' }), verdict: 'accept', mark: 0 },
  { name: 'masquerading: marked packet is masqueraded by kube-proxy, mark cleared', hook: 'postrouting', packet: pkt(NODE_A, '10.244.2.20', 8080, { mark: 0x4000, oif: 'vxlan.calico' }), verdict: 'accept', nat: { kind: 'masquerade', fullyRandom: true }, mark: 0 },
  { name: 'Calico nat-outgoing: pod → internet masqueraded', hook: 'postrouting', packet: pkt(POD_A1, INTERNET, 443, { ...fromPod, oif: 'ens18' }), verdict: 'accept', nat: { kind: 'masquerade', fullyRandom: true }, mark: 0 },
  { name: 'Calico nat-outgoing: pod → address in another pool not masqueraded', hook: 'postrouting', packet: pkt(POD_A1, POD_NONAT, 80, { ...fromPod, oif: 'cali99' }), verdict: 'accept', mark: 0 },
  { name: 'Calico nat-outgoing: pool with natOutgoing false not masqueraded', hook: 'postrouting', packet: pkt(POD_NONAT, INTERNET, 443, { iif: 'cali77', oif: 'ens18' }), verdict: 'accept', mark: 0 },
  { name: 'vxlan tunnel masquerade: node IP out vxlan.calico is masqueraded', hook: 'postrouting', packet: pkt(NODE_A, '10.244.2.20', 8080, { oif: 'vxlan.calico' }), verdict: 'accept', nat: { kind: 'masquerade', fullyRandom: true }, mark: 0 },
  { name: 'vxlan tunnel masquerade: tunnel address itself is left alone', hook: 'postrouting', packet: pkt(TUNNEL_A, '10.244.2.20', 8080, { oif: 'vxlan.calico' }), verdict: 'accept', mark: 0 },
  { name: 'vxlan tunnel masquerade: forwarded pod traffic is left alone', hook: 'postrouting', packet: pkt(POD_A1, '10.244.2.20', 8080, { ...fromPod, oif: 'vxlan.calico' }), verdict: 'accept', mark: 0 },
];

describe('evaluateNftHook: packet cases', () => {
  it.each(cases)('$name', (c) => {
    const r = run(c.hook, c.packet, ctx(c.picks));
    expect(r.verdict).toBe(c.verdict);
    expect(r.nat).toEqual(c.nat);
    if (c.mark !== undefined) expect(r.packet.mark).toBe(c.mark);
  });
});

describe('evaluateNftHook: details', () => {
  it('records the path of rules in order, with upstream provenance', () => {
    const r = run('prerouting', pkt(POD_A1, '10.96.0.10', 80, fromPod));
    expect(r.hits.map((h) => `${h.chain}: ${h.effect}`)).toEqual([
      'filter-prerouting-pre-dnat: jump',
      'nat-prerouting: jump',
      'services: vmap',
      'service-AXK6CI2C-demo/web/tcp/http: numgen',
      'endpoint-2ZIRQRN5-demo/web/tcp/http__10.244.1.10/8080: dnat',
    ]);
    const dnat = r.hits.at(-1)!;
    expect(dnat.ruleText).toBe('meta l4proto tcp dnat to 10.244.1.10:8080');
    expect(dnat.table).toBe('ip kube-proxy');
    expect(dnat.source).toMatch(/^K5 /);
    expect(dnat.owner).toEqual({ kind: 'EndpointSlice', namespace: 'demo', name: 'web-abc' });
    expect(r.hits[2]!.detail).toBe('10.96.0.10 . tcp . 80 : goto service-AXK6CI2C-demo/web/tcp/http');
  });

  it('rewrites dst/dport after DNAT so later chains at the hook see the endpoint', () => {
    const r = run('output', pkt(NODE_A, '10.96.0.10', 80));
    expect(r.packet).toMatchObject({ dst: '10.244.1.10', dport: 8080 });
    // filter-output (priority 0) ran after NAT and found nothing to reject.
    expect(r.hits.some((h) => h.chain === 'cluster-ips-check')).toBe(false);
  });

  it('stops the NAT chains after the first translation (kube-proxy masquerade hides Calico nat-outgoing)', () => {
    const r = run('postrouting', pkt(POD_A1, INTERNET, 443, { mark: 0x4000, oif: 'ens18' }));
    expect(r.nat).toEqual({ kind: 'masquerade', fullyRandom: true });
    expect(r.hits.filter((h) => h.table === 'ip calico')).toEqual([]);
  });

  it('session affinity: a later connection from the same client reuses the endpoint', () => {
    const c = ctx([1, 0, 0]);
    const first = run('prerouting', pkt(POD_A1, '10.96.0.15', 80, fromPod), c);
    expect(first.nat).toEqual({ kind: 'dnat', ip: '10.244.2.25', port: 8080 });
    expect(first.hits.some((h) => h.effect === 'affinity')).toBe(true);
    const second = run('prerouting', pkt(POD_A1, '10.96.0.15', 80, { ...fromPod, sport: 40001 }), c);
    expect(second.nat).toEqual({ kind: 'dnat', ip: '10.244.2.25', port: 8080 });
    expect(second.hits.some((h) => h.effect === 'numgen')).toBe(false);
    const other = run('prerouting', pkt(POD_A2, '10.96.0.15', 80, fromPod), c);
    expect(other.nat).toEqual({ kind: 'dnat', ip: '10.244.1.12', port: 8080 });
  });

  it('session affinity: an expired entry no longer pins the endpoint', () => {
    const c = ctx([1, 0]);
    run('prerouting', pkt(POD_A1, '10.96.0.15', 80, fromPod), c);
    c.now = 1000 + 10800 + 1;
    expect(run('prerouting', pkt(POD_A1, '10.96.0.15', 80, fromPod), c).nat).toEqual({ kind: 'dnat', ip: '10.244.1.12', port: 8080 });
  });

  it('skipNat leaves out NAT chains but keeps filter chains', () => {
    const r = run('prerouting', pkt(LB_BLOCKED, '203.0.113.101', 80, fromWire), ctx(), true);
    expect(r.verdict).toBe('drop');
    const ok = run('prerouting', pkt(POD_A1, '10.96.0.10', 80, fromPod), ctx(), true);
    expect(ok.nat).toBeUndefined();
    expect(ok.hits.every((h) => !h.chain.startsWith('nat-'))).toBe(true);
  });

  it('does not mutate the input packet', () => {
    const p = pkt(NODE_A, '10.96.0.10', 80);
    const copy = { ...p };
    run('output', p);
    expect(p).toEqual(copy);
  });

  it('base chains across tables run in priority order', () => {
    const r = run('postrouting', pkt(POD_A1, INTERNET, 443, { ...fromPod, oif: 'ens18' }));
    expect(r.hits.map((h) => `${h.table}/${h.chain}`)).toEqual([
      'ip kube-proxy/nat-postrouting',
      'ip kube-proxy/masquerading',
      'ip calico/nat-POSTROUTING',
      'ip calico/nat-cali-POSTROUTING',
      'ip calico/nat-cali-POSTROUTING',
      'ip calico/nat-cali-nat-outgoing',
    ]);
  });
});
