/**
 * The dispatch index skips only rules that cannot match: on a kube-proxy
 * table with many Services (KUBE-SERVICES and KUBE-NODEPORTS over the
 * threshold), every packet gets the same verdict, NAT, hits and random picks
 * as the rule-by-rule walk.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { walkHook, type WalkTable } from '../nft/evaluate';
import type { NftContext, NftPacket } from '../nft/match';
import { svc } from '../nft/testdata/plan';
import { OVERALL_INPUT } from '../nft/testdata/upstream';
import { compileKubeProxyIptables } from '../proxy/iptables/kubeProxyIptables';
import { chainDispatch } from './dispatchIndex';
import { iptablesWalkTable } from './evaluate';

const N = 40;
const clusterIp = (i: number) => `172.30.1.${i + 1}`;
const services = Array.from({ length: N }, (_, i) =>
  svc(`many${i}`, { type: 'NodePort', clusterIP: clusterIp(i), ports: [{ name: 'p80', protocol: i % 3 === 0 ? 'UDP' : 'TCP', port: 80 + (i % 4), targetPort: 8080, nodePort: 30100 + i }] }, 'many'),
);
const slices = services.map((s, i) => ({
  ref: { kind: 'EndpointSlice', namespace: 'many', name: `${s.name}-1` },
  namespace: 'many',
  name: `${s.name}-1`,
  serviceName: s.name,
  ports: [{ name: 'p80', port: 8080, protocol: s.ports[0]!.protocol }],
  endpoints: [0, 1].map((k) => ({ addresses: [`10.180.${i}.${k + 1}`], ready: true, serving: true, terminating: false })),
}));
const rules = compileKubeProxyIptables({ ...OVERALL_INPUT, localhostNodePorts: true, services: [...OVERALL_INPUT.services, ...services], endpointSlices: [...OVERALL_INPUT.endpointSlices, ...slices] });
const indexed = rules.iptables.map(iptablesWalkTable);
const linear: WalkTable[] = indexed.map((w) => ({ ...w, nextCandidate: undefined }));

function ctx(pickIndex: number): NftContext & { picks: string[][] } {
  const picks: string[][] = [];
  return { isLocalAddress: (a) => a === '192.168.0.2' || a === '127.0.0.1', pick: (c) => (picks.push(c), pickIndex), affinity: new Map(), picks };
}

describe('iptables dispatch index', () => {
  it('indexes the kube-proxy chains with one rule per Service port', () => {
    const nat = rules.iptables.find((t) => t.name === 'nat')!;
    for (const name of ['KUBE-SERVICES', 'KUBE-NODEPORTS']) expect(chainDispatch(nat.chains.find((c) => c.name === name)!)).toBeDefined();
  });

  it('walks every packet as the rule-by-rule walk does', () => {
    const dst = fc.oneof(fc.integer({ min: 0, max: N + 2 }).map(clusterIp), fc.constantFrom('192.168.0.2', '172.30.0.41', '127.0.0.1', '10.180.3.1', '8.8.8.8', '010.1.1.1'));
    const packet = fc.record({
      src: fc.constantFrom('10.0.1.5', '192.168.0.9', '203.0.113.7'),
      dst,
      proto: fc.constantFrom('tcp', 'udp', 'icmp'),
      dport: fc.oneof(fc.integer({ min: 78, max: 84 }), fc.integer({ min: 30098, max: 30100 + N + 1 })),
      iif: fc.constantFrom('eth0', 'cali1'),
    });
    fc.assert(
      fc.property(packet, fc.constantFrom('prerouting', 'output', 'input', 'forward', 'postrouting') as fc.Arbitrary<'prerouting'>, fc.nat(3), (p, hook, pick) => {
        const pkt: NftPacket = { ...p, sport: 40000, mark: 0, ctState: 'new', ...(p.proto === 'icmp' ? { dport: undefined } : {}) };
        const a = ctx(pick);
        const b = ctx(pick);
        expect(walkHook(indexed, hook, pkt, a, { skipNat: false })).toEqual(walkHook(linear, hook, pkt, b, { skipNat: false }));
        expect(a.picks).toEqual(b.picks);
      }),
      { numRuns: 600 },
    );
  });
});
