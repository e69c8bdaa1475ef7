/**
 * Generated clusters for the checks nobody wrote by hand (issue 11, "Prove it
 * on clusters nobody wrote by hand"): one description (`GenCluster`), its
 * fast-check arbitrary and its scenario YAML. Two checks draw from it:
 * - the kernel check (src/kernelcheck/generated/), with `linuxOnly`, which
 *   builds each cluster in network namespaces and compares verdicts;
 * - the hybrid invariants (hybrid.suite.ts): Linux and Windows nodes, Calico
 *   and flannel, several Windows builds.
 *
 * What varies: 2–6 nodes on one or two /24 subnets; the CNI (Calico pool
 * VXLAN / VXLANCrossSubnet / None with BGP / IPIP / IPIPCrossSubnet,
 * natOutgoing; flannel vxlan or host-gw); Calico's Linux dataplane and
 * kube-proxy's mode (nftables or iptables); Services of every type with both
 * traffic policies and ClientIP affinity; hostNetwork pods; external hosts;
 * the Fabric MTU. Addresses are laid out by index, so a description with a
 * node or Service removed (shrinking) still loads.
 *
 * Test-only; never imported by app code.
 */
import fc from 'fast-check';

export type CalicoEncap = 'VXLAN' | 'VXLANCrossSubnet' | 'None' | 'IPIP' | 'IPIPCrossSubnet';
export type ServiceType = 'ClusterIP' | 'NodePort' | 'LoadBalancer';

export interface GenPod {
  name: string;
  /** Label `app: a<app>`: the Services with the same app select it. */
  app: number;
  hostNetwork: boolean;
}

export interface GenNode {
  name: string;
  os: 'linux' | 'windows';
  /** Index into the subnets (0 or 1). */
  subnet: number;
  /** Windows: `kernelVersion` (the build decides the HNS features). */
  build?: string;
  pods: GenPod[];
}

export interface GenService {
  name: string;
  type: ServiceType;
  proto: 'TCP' | 'UDP';
  port: number;
  targetPort: number;
  /** Selects the pods with this app. */
  app: number;
  etp: 'Cluster' | 'Local';
  itp: 'Cluster' | 'Local';
  affinity: boolean;
  externalIP: boolean;
}

export interface GenCluster {
  cni: { kind: 'calico'; encap: CalicoEncap; natOutgoing: boolean; dataplane: 'Nftables' | 'Iptables' } | { kind: 'flannel'; backend: 'vxlan' | 'host-gw' };
  proxy: 'nftables' | 'iptables';
  /** Windows kube-proxy's Direct Server Return. */
  dsr: boolean;
  mtu: number;
  subnets: 1 | 2;
  nodes: GenNode[];
  services: GenService[];
  /** A second host beyond the gateway besides `internet`. */
  extraExternal: boolean;
}

export interface GenOptions {
  /** Linux nodes and Calico only, no IPIP (the kernel check: this kernel has no ipip module). */
  linuxOnly?: boolean;
  maxNodes?: number;
}

/** Windows Server 2019, 2022 and 2025 builds (kernelVersion as the kubelet reports it). */
export const WINDOWS_BUILDS = ['10.0.17763.6414', '10.0.20348.2700', '10.0.26100.4061'] as const;

export const NS = 'gen';
export const POOL = '10.64.0.0/16';
export const FLANNEL_NET_TEXT = '10.244.0.0/16';
/** Ports pods listen on: TCP and UDP backends, and what a flow to a pod dials. */
export const POD_TCP_PORT = 8080;
export const POD_UDP_PORT = 5353;

const nodeArb = (linuxOnly: boolean, twoSubnets: boolean, i: number): fc.Arbitrary<GenNode> =>
  fc
    .record({
      windows: linuxOnly || i === 0 ? fc.constant(false) : fc.boolean(),
      subnet: twoSubnets ? fc.constantFrom(0, 1) : fc.constant(0),
      build: fc.constantFrom(...WINDOWS_BUILDS),
      pods: fc.array(fc.record({ app: fc.nat(3), hostNetwork: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }) }), { minLength: 1, maxLength: 3 }),
    })
    .map(({ windows, subnet, build, pods }) => ({
      name: `node-${i}`,
      os: windows ? ('windows' as const) : ('linux' as const),
      // Node 0 sits on the first subnet so the `client` host always has a node next to it.
      subnet: i === 0 ? 0 : subnet,
      ...(windows ? { build } : {}),
      // Windows runs no hostNetwork pods (DATAPATH-FACTS §7); the kubelet refuses them.
      pods: pods.map((p, j) => ({ name: `p${i}-${j}`, app: p.app, hostNetwork: p.hostNetwork && !windows })),
    }));

const serviceArb = (i: number): fc.Arbitrary<GenService> =>
  fc
    .record({
      type: fc.constantFrom<ServiceType>('ClusterIP', 'NodePort', 'LoadBalancer'),
      proto: fc.oneof({ weight: 3, arbitrary: fc.constant('TCP' as const) }, { weight: 1, arbitrary: fc.constant('UDP' as const) }),
      app: fc.nat(3),
      etp: fc.constantFrom('Cluster' as const, 'Local' as const),
      itp: fc.oneof({ weight: 3, arbitrary: fc.constant('Cluster' as const) }, { weight: 1, arbitrary: fc.constant('Local' as const) }),
      affinity: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      externalIP: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    })
    .map((s) => ({ ...s, name: `s${i}`, port: s.proto === 'TCP' ? 80 + i : 53, targetPort: s.proto === 'TCP' ? POD_TCP_PORT : POD_UDP_PORT }));

const cniArb = (linuxOnly: boolean): fc.Arbitrary<GenCluster['cni']> => {
  const encaps: CalicoEncap[] = linuxOnly ? ['VXLAN', 'VXLANCrossSubnet', 'None'] : ['VXLAN', 'VXLANCrossSubnet', 'None', 'IPIP', 'IPIPCrossSubnet'];
  const calico = fc.record({
    kind: fc.constant('calico' as const),
    encap: fc.constantFrom(...encaps),
    natOutgoing: fc.boolean(),
    dataplane: fc.constantFrom('Nftables' as const, 'Iptables' as const),
  });
  if (linuxOnly) return calico;
  const flannel = fc.record({ kind: fc.constant('flannel' as const), backend: fc.constantFrom('vxlan' as const, 'host-gw' as const) });
  return fc.oneof({ weight: 3, arbitrary: calico }, { weight: 2, arbitrary: flannel });
};

/** A generated cluster. Deterministic for a fast-check seed. */
export function genClusterArb(opts: GenOptions = {}): fc.Arbitrary<GenCluster> {
  const linuxOnly = opts.linuxOnly ?? false;
  return fc
    .record({
      cni: cniArb(linuxOnly),
      proxy: fc.constantFrom('nftables' as const, 'iptables' as const),
      dsr: fc.boolean(),
      mtu: fc.oneof({ weight: 3, arbitrary: fc.constant(1500) }, { weight: 1, arbitrary: fc.constant(1400) }),
      twoSubnets: fc.boolean(),
      nodes: fc.integer({ min: 2, max: opts.maxNodes ?? 6 }),
      services: fc.integer({ min: 1, max: 4 }),
      extraExternal: fc.boolean(),
    })
    .chain((base) => {
      // flannel host-gw needs every node on one L2 segment (its routes go via the other node's IP).
      const two = base.twoSubnets && !(base.cni.kind === 'flannel' && base.cni.backend === 'host-gw');
      return fc.record({
        nodes: fc.tuple(...Array.from({ length: base.nodes }, (_, i) => nodeArb(linuxOnly, two, i))),
        services: fc.tuple(...Array.from({ length: base.services }, (_, i) => serviceArb(i))),
      }).map(({ nodes, services }): GenCluster => ({
        cni: base.cni,
        proxy: base.proxy,
        dsr: base.dsr,
        mtu: base.mtu,
        subnets: two ? 2 : 1,
        nodes: two && !nodes.some((n) => n.subnet === 1) ? nodes.map((n, i) => (i === nodes.length - 1 ? { ...n, subnet: 1 } : n)) : nodes,
        services,
        extraExternal: base.extraExternal,
      }));
    });
}

/** Index of a node in the description (names keep their index when others are dropped). */
const nodeIndex = (n: GenNode): number => Number(n.name.slice('node-'.length));
const podIndex = (p: GenPod): number => Number(p.name.split('-')[1]);
const serviceIndex = (s: GenService): number => Number(s.name.slice(1));

export const nodeIp = (n: GenNode): string => `192.168.${10 + n.subnet}.${20 + nodeIndex(n)}`;
export const clusterIp = (s: GenService): string => `10.96.1.${10 + serviceIndex(s)}`;
export const nodePortOf = (s: GenService): number | undefined => (s.type === 'ClusterIP' ? undefined : 30100 + serviceIndex(s));
/** LoadBalancer ingress: an address beyond the gateway (the load balancer's VIP; nothing on the Fabric routes it). */
export const lbIp = (s: GenService): string | undefined => (s.type === 'LoadBalancer' ? `198.51.100.${100 + serviceIndex(s)}` : undefined);
export const externalIp = (s: GenService): string | undefined => (s.externalIP ? `192.168.10.${200 + serviceIndex(s)}` : undefined);

/** A pod's address: its node's IP (hostNetwork), else from the node's block (Calico /26, flannel /24). */
export function podIp(c: GenCluster, n: GenNode, p: GenPod): string {
  if (p.hostNetwork) return nodeIp(n);
  const i = nodeIndex(n);
  const first = n.os === 'windows' ? 3 : c.cni.kind === 'flannel' ? 2 : 1;
  return c.cni.kind === 'calico' ? `10.64.${i}.${first + podIndex(p)}` : `10.244.${i}.${first + podIndex(p)}`;
}

/** The pods of the cluster with their node. */
export function podsOf(c: GenCluster): { node: GenNode; pod: GenPod; ip: string }[] {
  return c.nodes.flatMap((node) => node.pods.map((pod) => ({ node, pod, ip: podIp(c, node, pod) })));
}

export const hasWindows = (c: GenCluster): boolean => c.nodes.some((n) => n.os === 'windows');
