/**
 * iptables tables through the shared hook walk, with kernel semantics:
 * statistic random picks one endpoint per service-chain visit, `recent`
 * keeps a client on its endpoint, KUBE-FIREWALL drops outside packets to
 * 127.0.0.0/8, and localhost NodePorts DNAT in nat OUTPUT.
 */
import { describe, expect, it } from 'vitest';
import { walkHook } from '../nft/evaluate';
import type { NftContext, NftPacket } from '../nft/match';
import { OVERALL_INPUT } from '../nft/testdata/upstream';
import { compileKubeProxyIptables } from '../proxy/iptables/kubeProxyIptables';
import { iptablesWalkTable } from './evaluate';

const NODE = '192.168.0.2';
const slice = (eps: string[]) => ({
  ref: { kind: 'EndpointSlice', namespace: 'ns7', name: 'svc7-1' },
  namespace: 'ns7',
  name: 'svc7-1',
  serviceName: 'svc7',
  ports: [{ name: 'p80', port: 80, protocol: 'TCP' as const }],
  endpoints: eps.map((ip) => ({ addresses: [ip], ready: true, serving: true, terminating: false })),
});
const svc7 = { ...OVERALL_INPUT.services[0]!, ref: { kind: 'Service', namespace: 'ns7', name: 'svc7' }, namespace: 'ns7', name: 'svc7', clusterIP: '172.30.0.47', sessionAffinity: 'ClientIP' as const, sessionAffinityTimeout: 60 };
const rules = compileKubeProxyIptables({ ...OVERALL_INPUT, nodePortAddresses: [], localhostNodePorts: true, services: [...OVERALL_INPUT.services, svc7], endpointSlices: [...OVERALL_INPUT.endpointSlices, slice(['10.180.0.7', '10.180.0.8', '10.180.0.9'])] });
const tables = rules.iptables.map(iptablesWalkTable);

function ctx(pickIndex: number, affinity = new Map<string, Map<string, number>>()): NftContext & { picks: string[][] } {
  const picks: string[][] = [];
  return { isLocalAddress: (a) => a === NODE || a === '127.0.0.1', pick: (c) => (picks.push(c), pickIndex), affinity, picks };
}
const pkt = (o: Partial<NftPacket>): NftPacket => ({ src: '10.1.2.3', dst: '172.30.0.47', proto: 'tcp', sport: 40000, dport: 80, mark: 0, ctState: 'new', ...o });

describe('iptables evaluation', () => {
  it('statistic: one pick per KUBE-SVC visit over the endpoint rules; each index DNATs to its endpoint', () => {
    const got = [0, 1, 2].map((i) => {
      const c = ctx(i);
      const r = walkHook(tables, 'prerouting', pkt({}), c, { skipNat: false });
      expect(c.picks).toHaveLength(1);
      expect(c.picks[0]!.map((x) => x.split('__')[1])).toEqual(['10.180.0.7/80', '10.180.0.8/80', '10.180.0.9/80']);
      return r.nat;
    });
    expect(got).toEqual(['10.180.0.7', '10.180.0.8', '10.180.0.9'].map((ip) => ({ kind: 'dnat', ip, port: 80 })));
  });

  it('recent: a client stays on the endpoint it was sent to within the timeout', () => {
    const affinity = new Map<string, Map<string, number>>();
    const first = walkHook(tables, 'prerouting', pkt({}), ctx(1, affinity), { skipNat: false });
    const c = ctx(2, affinity);
    const again = walkHook(tables, 'prerouting', pkt({ sport: 40001 }), c, { skipNat: false });
    expect(again.nat).toEqual(first.nat);
    expect(c.picks).toHaveLength(0);
    expect(again.hits.some((h) => h.ruleText.includes('--rcheck --seconds 60 --reap'))).toBe(true);
  });

  it('KUBE-FIREWALL drops a packet from outside to 127.0.0.1 at INPUT', () => {
    const r = walkHook(tables, 'input', pkt({ src: '192.168.0.9', dst: '127.0.0.1', dport: 22 }), ctx(0), { skipNat: false });
    expect(r.verdict).toBe('drop');
    expect(r.hits.at(-1)!.chain).toBe('KUBE-FIREWALL');
  });

  it('localhost NodePort: 127.0.0.1:3003 from the node itself is DNATed in nat OUTPUT and marked for masquerade', () => {
    const r = walkHook(tables, 'output', pkt({ src: '127.0.0.1', dst: '127.0.0.1', dport: 3003 }), ctx(0), { skipNat: false });
    expect(r.nat).toEqual({ kind: 'dnat', ip: '10.180.0.3', port: 80 });
    expect(r.packet.mark & 0x4000).toBe(0x4000);
    expect(r.hits.some((h) => h.ruleText.includes('-d 127.0.0.0/8 --dport 3003'))).toBe(true);
  });

  it('a service without endpoints is rejected in filter KUBE-SERVICES', () => {
    const r = walkHook(tables, 'forward', pkt({ dst: '172.30.0.46' }), ctx(0), { skipNat: false });
    expect(r.verdict).toBe('reject');
  });
});
