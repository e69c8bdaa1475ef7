/**
 * Property: for the same pods, policies, ports and addresses, Felix's
 * nftables chains (evaluated by the model's nft evaluator) and the HNS ACLs
 * Felix for Windows writes (evaluated as VFP's ACL layer does) decide the
 * same: egress at the source pod, ingress at the destination pod.
 *
 * The generated rules stay within what both dataplanes render: Felix for
 * Windows skips negated matches (ipBlock except), named ports and Log, and
 * turns a Pass in the last tier into Block where Linux falls through to the
 * profile; those differences have their own tests (windowsAcl.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateNftHook, type NftPacket } from '../linux/nft/evaluate';
import type { NftTable } from '../linux/nft/ruleset';
import type { Packet } from '../model/packet';
import type { PolicyEndpoint } from './endpoints';
import { compileFelixFilter } from './felixNft';
import type { EntityRule, Policy, PolicyRule, PortMatch } from './model';
import type { Selector } from './selectors';
import { felixEndpointAcls } from './windowsAcl';
import { aclMatches, parseAcl, switchAcls } from './windowsAclMatch';

const ep = (pod: string, ip: string, app: string): PolicyEndpoint => {
  const [namespace = ''] = pod.split('/');
  return { pod, namespace, node: 'n1', ip, labels: { app, 'projectcalico.org/namespace': namespace, 'projectcalico.org/orchestrator': 'k8s' }, namespaceLabels: { 'kubernetes.io/metadata.name': namespace, team: namespace === 'x' ? 'red' : 'blue' }, namedPorts: [] };
};
const PODS = [ep('x/a1', '10.0.1.1', 'a'), ep('x/b1', '10.0.1.2', 'b'), ep('y/a2', '10.0.2.1', 'a'), ep('y/c2', '10.0.2.2', 'c')];
const IFACE = new Map(PODS.map((p, i) => [p.pod, `cali${i}`]));
const OUTSIDE = ['192.168.10.5', '192.168.20.7', '8.8.8.8'];

const sel = fc.constantFrom<Selector>({ op: 'all' }, { op: 'eq', key: 'app', value: 'a' }, { op: 'eq', key: 'app', value: 'b' }, { op: 'in', key: 'app', values: ['b', 'c'] }, { op: 'eq', key: 'app', value: 'zzz' });
const nets = fc.constantFrom<string[]>([], [], [], ['10.0.1.0/24'], ['10.0.0.0/16'], ['192.168.10.0/24'], ['192.168.10.0/24', '10.0.2.0/24'], ['8.8.8.8/32']);
const ranges = fc.constantFrom<PortMatch[]>([], [{ kind: 'range', first: 80, last: 80 }], [{ kind: 'range', first: 80, last: 80 }], [{ kind: 'range', first: 8000, last: 8080 }], [{ kind: 'range', first: 53, last: 53 }, { kind: 'range', first: 443, last: 443 }]);

const entity = (withPorts: boolean): fc.Arbitrary<EntityRule> =>
  fc.record({
    selector: fc.option(sel, { nil: undefined, freq: 2 }),
    namespaceSelector: fc.option(fc.constantFrom<Selector>({ op: 'all' }, { op: 'eq', key: 'team', value: 'blue' }), { nil: undefined }),
    nets,
    ports: withPorts ? ranges : fc.constant<PortMatch[]>([]),
  }).map((e) => {
    const out: EntityRule = { nets: e.nets, notNets: [], ports: e.ports };
    if (e.selector) {
      out.selector = e.selector;
      if (e.namespaceSelector) out.namespaceSelector = e.namespaceSelector;
    }
    return out;
  });

/** The pod's own side of a rule (destination of ingress, source of egress) is mostly left open, as Kubernetes policies leave it. */
const side = (withPorts: boolean, own: boolean): fc.Arbitrary<EntityRule> =>
  own ? fc.oneof({ weight: 4, arbitrary: (withPorts ? ranges : fc.constant<PortMatch[]>([])).map((ports): EntityRule => ({ nets: [], notNets: [], ports })) }, { weight: 1, arbitrary: entity(withPorts) }) : entity(withPorts);

const rule = (i: number, dir: 'ingress' | 'egress'): fc.Arbitrary<PolicyRule> =>
  fc.record({ action: fc.constantFrom<'Allow' | 'Deny'>('Allow', 'Allow', 'Deny'), protocol: fc.constantFrom<PolicyRule['protocol']>(undefined, 'TCP', 'TCP', 'UDP', 'ICMP') }).chain(({ action, protocol }) => {
    const ports = protocol === 'TCP' || protocol === 'UDP';
    return fc.record({ source: side(ports, dir === 'egress'), destination: side(ports, dir === 'ingress') }).map((r): PolicyRule => ({ action, ...(protocol ? { protocol } : {}), source: r.source, destination: r.destination, field: `${dir}${i}` }));
  });

const policy = fc
  .record({
    ns: fc.constantFrom('x', 'y'),
    selector: sel,
    order: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
    ingress: fc.option(fc.array(fc.nat(), { maxLength: 3 }), { nil: undefined }),
    egress: fc.option(fc.array(fc.nat(), { maxLength: 3 }), { nil: undefined }),
  })
  .chain((p) => fc.record({ ingress: p.ingress ? fc.tuple(...p.ingress.map((_, i) => rule(i, 'ingress'))) : fc.constant(undefined), egress: p.egress ? fc.tuple(...p.egress.map((_, i) => rule(i, 'egress'))) : fc.constant(undefined) }).map((rules) => ({ ...p, ...rules })));

const policies = fc.array(policy, { maxLength: 4 }).map((ps) =>
  ps.map((p, i): Policy => ({
    ref: { kind: 'NetworkPolicy', namespace: p.ns, name: `p${i}` },
    kind: 'np',
    id: `np/${p.ns}/p${i}`,
    namespace: p.ns,
    ...(p.order !== undefined ? { order: p.order } : {}),
    tier: 'default',
    selector: p.selector,
    ingress: p.ingress ? [...p.ingress] : undefined,
    egress: p.egress ? [...p.egress] : undefined,
  })),
);

const flow = fc.record({
  src: fc.constantFrom(...PODS.map((p) => p.pod), ...OUTSIDE),
  dst: fc.constantFrom(...PODS.map((p) => p.pod)),
  proto: fc.constantFrom<'tcp' | 'udp' | 'icmp'>('tcp', 'tcp', 'tcp', 'udp', 'icmp'),
  sport: fc.constantFrom(40000, 40000, 53, 80, 8000),
  dport: fc.constantFrom(80, 80, 80, 443, 53, 8000, 8080, 9000),
});

type Flow = typeof flow extends fc.Arbitrary<infer T> ? T : never;
const ipOf = (x: string): string => PODS.find((p) => p.pod === x)?.ip ?? x;

/** Linux: the FORWARD hook of a node holding both pods (egress chain of the source, then ingress of the destination). */
function linuxAllows(ps: Policy[], f: Flow): boolean {
  const local = PODS.map((endpoint) => ({ iface: IFACE.get(endpoint.pod)!, endpoint }));
  const { sets, chains } = compileFelixFilter({ local, all: PODS, policies: ps, workloadIfacePrefix: 'cali' });
  const table: NftTable = { family: 'ip', name: 'calico', sets, chains, source: 'test' };
  const pkt: NftPacket = { src: ipOf(f.src), dst: ipOf(f.dst), proto: f.proto, ...(f.proto === 'icmp' ? {} : { sport: f.sport, dport: f.dport }), mark: 0, iif: IFACE.get(f.src) ?? 'eth0', oif: IFACE.get(f.dst)!, ctState: 'new' };
  const ctx = { isLocalAddress: () => false, pick: () => 0, affinity: new Map() };
  return evaluateNftHook([table], 'forward', pkt, ctx, { skipNat: true }).verdict === 'accept';
}

function packetOf(f: Flow): Packet {
  const l4 = f.proto === 'icmp' ? { kind: 'icmp' as const, type: 8, code: 0, id: 1, seq: 1 } : f.proto === 'tcp' ? { kind: 'tcp' as const, sport: f.sport, dport: f.dport, flags: 'S' } : { kind: 'udp' as const, sport: f.sport, dport: f.dport };
  return { headers: [{ kind: 'ipv4', src: ipOf(f.src), dst: ipOf(f.dst), ttl: 64, proto: f.proto }, l4] };
}

/** Windows: the lowest-priority matching Switch ACL of the source pod (Out), then of the destination pod (In). */
function windowsAllows(ps: Policy[], f: Flow): boolean {
  const p = packetOf(f);
  const decide = (pod: string, dir: 'in' | 'out'): boolean => {
    const acls = switchAcls(felixEndpointAcls(PODS.find((x) => x.pod === pod)!, ps, PODS, []).map((a) => a.acl)).filter((a) => a.Direction === (dir === 'in' ? 'In' : 'Out'));
    const hit = acls.filter((a) => aclMatches(parseAcl(a), p, dir)).sort((a, b) => a.Priority - b.Priority)[0];
    return hit?.Action === 'Allow';
  };
  return (!IFACE.has(f.src) || decide(f.src, 'out')) && decide(f.dst, 'in');
}

describe('HNS ACL evaluation and the Linux chains decide alike', () => {
  it('for generated policies, pods, ports and addresses', () => {
    fc.assert(
      fc.property(policies, flow, (ps, f) => {
        expect(windowsAllows(ps, f)).toBe(linuxAllows(ps, f));
      }),
      { numRuns: 1500, seed: 1302 },
    );
  });

  it('the generator reaches both verdicts and the Deny action (the property is not vacuous)', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(policies, flow, (ps, f) => {
        seen.add(linuxAllows(ps, f) ? 'allow' : 'drop');
        if (ps.some((p) => [...(p.ingress ?? []), ...(p.egress ?? [])].some((r) => r.action === 'Deny'))) seen.add('deny-rule');
      }),
      { numRuns: 200, seed: 7 },
    );
    expect([...seen].sort()).toEqual(['allow', 'deny-rule', 'drop']);
  });
});
