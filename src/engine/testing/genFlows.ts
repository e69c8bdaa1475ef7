/**
 * Flows over a generated cluster (genCluster.ts): from a pod (hostNetwork
 * ones too), a node or outside (the `client` host on the first subnet, the
 * `internet` host beyond the gateway) to a pod, a ClusterIP, a NodePort, a
 * LoadBalancer IP, an external IP or an external host; TCP, UDP and ICMP;
 * ICMP and UDP sizes around the Fabric MTU (with and without DF). Every
 * destination is one the cluster has, so most flows reach a datapath
 * decision rather than a request error. Test-only.
 */
import fc from 'fast-check';
import type { FlowRequest } from '../trace/request';
import { clusterIp, externalIp, lbIp, NS, nodePortOf, podsOf, POD_TCP_PORT, POD_UDP_PORT, type GenCluster } from './genCluster';

export interface GenFlowOptions {
  /** Also draw `packet: 'next'` (a packet of an established connection). */
  nextPackets?: boolean;
}

type Dst = Omit<FlowRequest, 'src'>;

/** Sources: pods, nodes, and the hosts outside the cluster. */
export function flowSources(c: GenCluster): string[] {
  return [...podsOf(c).map((p) => `pod:${NS}/${p.pod.name}`), ...c.nodes.map((n) => `node:${n.name}`), 'host:client', 'host:internet'];
}

/** What a destination is; the draw weighs kinds, not single addresses (a cluster has many more pod addresses than Services). */
export type DstKind = 'pod' | 'cluster-ip' | 'node-port' | 'lb-or-external-ip' | 'vip-ping' | 'node' | 'outside';
const WEIGHTS: Record<DstKind, number> = { pod: 3, 'cluster-ip': 3, 'node-port': 2, 'lb-or-external-ip': 2, 'vip-ping': 1, node: 1, outside: 2 };

/** Destinations by kind, with their protocol and port (a Service's own protocol; a plain address gets each of TCP, UDP, ICMP). */
export function flowDestinations(c: GenCluster): Record<DstKind, Dst[]> {
  const out: Record<DstKind, Dst[]> = { pod: [], 'cluster-ip': [], 'node-port': [], 'lb-or-external-ip': [], 'vip-ping': [], node: [], outside: [] };
  const plain = (kind: DstKind, dst: string, tcp: number, udp: number): void => {
    out[kind].push({ dst, proto: 'tcp', dport: tcp }, { dst, proto: 'udp', dport: udp }, { dst, proto: 'icmp' });
  };
  for (const p of podsOf(c)) plain('pod', `pod:${NS}/${p.pod.name}`, POD_TCP_PORT, POD_UDP_PORT);
  for (const s of c.services) {
    const proto = s.proto === 'TCP' ? ('tcp' as const) : ('udp' as const);
    out['cluster-ip'].push({ dst: `svc:${NS}/${s.name}`, proto, dport: s.port });
    // A ClusterIP answers no ping (kube-proxy has no rule for ICMP; the kernel has no such address).
    out['vip-ping'].push({ dst: clusterIp(s), proto: 'icmp' });
    const np = nodePortOf(s);
    if (np !== undefined) for (const n of c.nodes) out['node-port'].push({ dst: `node:${n.name}`, proto, dport: np });
    for (const vip of [lbIp(s), externalIp(s)]) if (vip) out['lb-or-external-ip'].push({ dst: vip, proto, dport: s.port });
  }
  for (const n of c.nodes) plain('node', `node:${n.name}`, POD_TCP_PORT, POD_UDP_PORT);
  plain('outside', 'host:internet', 443, 53);
  plain('outside', 'host:client', 8443, 5353);
  return out;
}

function destinationArb(c: GenCluster): fc.Arbitrary<Dst> {
  const byKind = flowDestinations(c);
  const kinds = (Object.keys(byKind) as DstKind[]).filter((k) => byKind[k].length > 0);
  return fc.oneof(...kinds.map((k) => ({ weight: WEIGHTS[k], arbitrary: fc.constantFrom(...byKind[k]) })));
}

/** Sizes (IP total length) around the MTU: on the wire, and less the 50 bytes of VXLAN (or 20 of IPIP). */
export function sizesAround(mtu: number): number[] {
  return [mtu - 51, mtu - 50, mtu - 49, mtu - 21, mtu - 20, mtu - 1, mtu, mtu + 1];
}

/** One flow on a generated cluster. */
export function genFlowArb(c: GenCluster, opts: GenFlowOptions = {}): fc.Arbitrary<FlowRequest> {
  const srcs = flowSources(c);
  return fc
    .record({
      src: fc.constantFrom(...srcs),
      dst: destinationArb(c),
      sized: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      size: fc.constantFrom(...sizesAround(c.mtu)),
      df: fc.constantFrom<boolean | undefined>(undefined, true, false),
      next: opts.nextPackets ? fc.boolean() : fc.constant(false),
    })
    .map(({ src, dst, sized, size, df, next }) => {
      const req: FlowRequest = { src, ...dst };
      // Sizes only where one datagram is one packet: ICMP echo, UDP (a TCP SYN carries no data).
      if (sized && dst.proto !== 'tcp') {
        req.size = size;
        if (df !== undefined && dst.proto === 'icmp') req.df = df;
      }
      if (next) req.packet = 'next';
      return req;
    });
}
