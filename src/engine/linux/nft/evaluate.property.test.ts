/**
 * Property tests (fast-check) over the compiled rules of testdata/plan.ts and
 * over randomly generated Services: evaluation always ends in a verdict, every
 * hit is a printed line, NAT happens only where the kernel allows it, and the
 * compiled tables are internally consistent (every jump/goto/map target
 * exists).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EndpointSliceSpec, ServiceSpec } from '../../model/scenario';
import { compileCalicoNft } from '../cni/calico/nft';
import { evaluateNftHook, type NftContext, type NftPacket } from './evaluate';
import { compileKubeProxyNft } from '../proxy/nftables/kubeProxy';
import { printNftRuleset } from './print';
import type { NftHook, NftTable, NftVerdict } from './ruleset';
import { CALICO_INPUT, INTERNET, KP_INPUT, LB_BLOCKED, LB_CLIENT, NODE_A, POD_A1, POD_A2, POD_NONAT, TUNNEL_A, ep, slice, svc, nodeAContext } from './testdata/plan';

const TABLES = [compileKubeProxyNft(KP_INPUT), compileCalicoNft(CALICO_INPUT)];
const PRINTED_LINES = new Set(printNftRuleset(TABLES).split('\n').map((l) => l.trim()));

const ipv4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((o) => o.join('.'));
const srcArb = fc.oneof(fc.constantFrom(POD_A1, POD_A2, POD_NONAT, NODE_A, TUNNEL_A, LB_CLIENT, LB_BLOCKED, INTERNET, '10.244.1.10', '10.244.2.20', '127.0.0.1'), ipv4);
const dstArb = fc.oneof(
  fc.constantFrom(NODE_A, TUNNEL_A, INTERNET, '192.168.99.14', '192.168.99.19', '203.0.113.100', '203.0.113.101', '10.96.0.99', '10.244.2.20'),
  fc.integer({ min: 10, max: 19 }).map((n) => `10.96.0.${n}`),
  ipv4,
);
const portArb = fc.oneof(fc.constantFrom(53, 80, 81, 8080, 30080, 30081, 30082, 30083), fc.integer({ min: 1, max: 65535 }));
const hookArb = fc.constantFrom<NftHook>('prerouting', 'input', 'forward', 'output', 'postrouting');
const ifArb = fc.constantFrom(undefined, 'ens18', 'vxlan.calico', 'cali0a1b2c3d4e5', 'lo');
const packetArb: fc.Arbitrary<NftPacket> = fc.record({
  src: srcArb,
  dst: dstArb,
  proto: fc.constantFrom('tcp' as const, 'udp' as const, 'icmp' as const),
  sport: portArb,
  dport: portArb,
  mark: fc.oneof(fc.constant(0), fc.constant(0x4000), fc.nat({ max: 0xffffffff })),
  iif: ifArb,
  oif: ifArb,
  ctState: fc.constantFrom('new' as const, 'established' as const, 'related' as const, 'invalid' as const),
}).map((p) => {
  const q: NftPacket = { src: p.src, dst: p.dst, proto: p.proto, mark: p.mark, ctState: p.ctState };
  if (p.proto !== 'icmp') Object.assign(q, { sport: p.sport, dport: p.dport });
  if (p.iif) q.iif = p.iif;
  if (p.oif) q.oif = p.oif;
  return q;
});

function ctx(picks: number[] = []): NftContext {
  return nodeAContext(picks);
}

const caseArb = fc.record({ hook: hookArb, packet: packetArb, picks: fc.array(fc.integer({ min: -5, max: 50 }), { maxLength: 4 }), skipNat: fc.boolean() });

describe('evaluateNftHook properties', () => {
  it('always ends in a verdict, and every hit is a line of the printed ruleset', () => {
    fc.assert(
      fc.property(caseArb, ({ hook, packet, picks, skipNat }) => {
        const r = evaluateNftHook(TABLES, hook, packet, ctx(picks), { skipNat });
        expect(['accept', 'drop', 'reject']).toContain(r.verdict);
        for (const h of r.hits) expect(PRINTED_LINES.has(h.ruleText)).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });

  it('is deterministic for the same packet and picks', () => {
    fc.assert(
      fc.property(caseArb, ({ hook, packet, picks, skipNat }) => {
        const a = evaluateNftHook(TABLES, hook, packet, ctx(picks), { skipNat });
        const b = evaluateNftHook(TABLES, hook, packet, ctx(picks), { skipNat });
        expect(a).toEqual(b);
      }),
      { numRuns: 300 },
    );
  });

  it('translates only new/related packets, DNAT only before routing, masquerade only at postrouting', () => {
    fc.assert(
      fc.property(caseArb, ({ hook, packet, picks, skipNat }) => {
        const r = evaluateNftHook(TABLES, hook, packet, ctx(picks), { skipNat });
        if (!r.nat) return;
        expect(skipNat).toBe(false);
        expect(['new', 'related']).toContain(packet.ctState);
        if (r.nat.kind === 'dnat') expect(['prerouting', 'output']).toContain(hook);
        else expect(['postrouting', 'input']).toContain(hook);
      }),
      { numRuns: 1500 },
    );
  });

  it('changes no mark bit but kube-proxy masquerade bit and Felix policy bits, and rejects only where kube-proxy rejects', () => {
    fc.assert(
      fc.property(caseArb, ({ hook, packet, picks, skipNat }) => {
        const r = evaluateNftHook(TABLES, hook, packet, ctx(picks), { skipNat });
        // 0x4000: kube-proxy's masquerade bit; 0xffff0000: Felix's mark mask (accept/pass/drop/scratch bits).
        expect(((r.packet.mark ^ packet.mark) & ~(0x4000 | 0xffff0000)) >>> 0).toBe(0);
        if (r.verdict === 'reject') expect(['input', 'forward', 'output']).toContain(hook);
        // Felix drops even established traffic of a cali… interface it has no endpoint for ("Unknown interface").
        const unknownWorkload = [packet.iif, packet.oif].some((i) => i?.startsWith('cali'));
        if (packet.ctState !== 'new' && !unknownWorkload) expect(r.verdict).toBe('accept');
      }),
      { numRuns: 1500 },
    );
  });
});

// Random Services: structure of the compiled table.
const svcArb = fc.record({
  type: fc.constantFrom('ClusterIP' as const, 'NodePort' as const, 'LoadBalancer' as const),
  etp: fc.constantFrom('Cluster' as const, 'Local' as const),
  itp: fc.constantFrom('Cluster' as const, 'Local' as const),
  affinity: fc.boolean(),
  ext: fc.boolean(),
  ranges: fc.boolean(),
  proto: fc.constantFrom('TCP' as const, 'UDP' as const, 'SCTP' as const),
  eps: fc.array(
    fc.record({ host: fc.integer({ min: 2, max: 40 }), node: fc.constantFrom('node-a', 'node-b'), ready: fc.boolean(), serving: fc.boolean(), terminating: fc.boolean() }),
    { maxLength: 5 },
  ),
});

type SvcGen = typeof svcArb extends fc.Arbitrary<infer T> ? T : never;

function buildServices(specs: SvcGen[]): { services: ServiceSpec[]; slices: EndpointSliceSpec[] } {
  const services = specs.map((s, i) =>
    svc(`s${i}`, {
      type: s.type,
      clusterIP: `10.96.1.${i + 1}`,
      externalTrafficPolicy: s.etp,
      internalTrafficPolicy: s.itp,
      sessionAffinity: s.affinity ? 'ClientIP' : 'None',
      externalIPs: s.ext ? [`192.168.99.${i + 1}`] : [],
      loadBalancerIngress: s.type === 'LoadBalancer' ? [`203.0.113.${i + 1}`] : [],
      loadBalancerSourceRanges: s.ranges ? ['198.51.100.0/25', '192.168.10.0/24'] : [],
      ports: [{ name: 'p', protocol: s.proto, port: 80, targetPort: 8080, ...(s.type !== 'ClusterIP' ? { nodePort: 30000 + i } : {}) }],
    }),
  );
  const slices = specs.map((s, i) =>
    slice(
      `s${i}`,
      s.eps.map((e) => ep(`10.244.${e.node === 'node-a' ? 1 : 2}.${e.host}`, e.node, { ready: e.ready, serving: e.serving, terminating: e.terminating })),
      [{ name: 'p', port: 8080, protocol: s.proto }],
    ),
  );
  return { services, slices };
}

function targets(t: NftTable): string[] {
  const out: string[] = [];
  const v = (x: NftVerdict) => {
    if (x.kind === 'jump' || x.kind === 'goto') out.push(x.chain);
  };
  for (const c of t.chains)
    for (const r of c.rules)
      for (const s of r.stmt) {
        if (s.kind === 'verdict') v(s.verdict);
        if (s.kind === 'numgen-vmap') s.targets.forEach(v);
      }
  for (const s of t.sets) if (s.kind === 'vmap') s.elements.forEach((e) => v(e.verdict));
  return out;
}

describe('compileKubeProxyNft properties', () => {
  it('every jump/goto target exists, names are unique, referenced sets exist', () => {
    fc.assert(
      fc.property(fc.array(svcArb, { maxLength: 6 }), fc.boolean(), fc.boolean(), (specs, masqAll, detect) => {
        const { services, slices } = buildServices(specs);
        const t = compileKubeProxyNft({ ...KP_INPUT, masqueradeAll: masqAll, ...(detect ? {} : { clusterCIDR: undefined }), services, endpointSlices: slices });
        const chainNames = t.chains.map((c) => c.name);
        expect(new Set(chainNames).size).toBe(chainNames.length);
        const setNames = t.sets.map((s) => s.name);
        expect(new Set(setNames).size).toBe(setNames.length);
        for (const target of targets(t)) expect(chainNames).toContain(target);
        for (const c of t.chains)
          for (const r of c.rules) {
            for (const m of r.match) if (m.kind === 'ip' && m.operand.kind === 'set-ref') expect(setNames).toContain(m.operand.name);
            for (const s of r.stmt) if (s.kind === 'vmap') expect(setNames).toContain(s.map);
          }
        expect(printNftRuleset([t])).toBe(printNftRuleset([compileKubeProxyNft({ ...KP_INPUT, masqueradeAll: masqAll, ...(detect ? {} : { clusterCIDR: undefined }), services, endpointSlices: slices })]));
      }),
      { numRuns: 300 },
    );
  });
});
