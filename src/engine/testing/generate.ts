/**
 * Generated clusters as scenario YAML, for property tests and the benchmark:
 * N nodes on one or two /24 subnets (optionally every k-th a Windows node),
 * one pool (VXLAN Always, CrossSubnet or no encapsulation), pods per node,
 * NodePort services (ClusterIP beyond the 2768 ports of the NodePort range)
 * with endpoints spread over the nodes.
 * Deterministic for the same options.
 */
export interface ClusterShape {
  nodes: number;
  podsPerNode: number;
  services: number;
  endpointsPerService: number;
  vxlanMode: 'Always' | 'CrossSubnet' | 'Never';
  /** Put every other node on a second subnet (192.168.11.0/24). */
  twoSubnets: boolean;
  natOutgoing: boolean;
  /** Every k-th node (k ≥ 2; node 0 stays Linux) is a Windows Server 2022 node; absent = none. */
  windowsEvery?: number;
}

export function isWindowsNode(i: number, shape: ClusterShape): boolean {
  return shape.windowsEvery !== undefined && shape.windowsEvery >= 2 && i > 0 && i % shape.windowsEvery === 0;
}

function nodeIp(i: number, shape: ClusterShape): string {
  const second = shape.twoSubnets && i % 2 === 1;
  const host = 20 + (shape.twoSubnets ? Math.floor(i / 2) : i);
  return `192.168.${second ? 11 : 10}.${(host % 230) + 10}`;
}

/** Block i of 10.64.0.0/10 with /26 blocks (room for 65536 nodes). */
function blockBase(i: number): number[] {
  const n = (10 << 24) | (64 << 16);
  const base = (n + i * 64) >>> 0;
  return [base >>> 24, (base >>> 16) & 255, (base >>> 8) & 255, base & 255];
}

function ip(b: number[], offset: number): string {
  return [b[0], b[1], b[2], b[3]! + offset].join('.');
}

/** Pod addresses start after the tunnel address (.0); a Windows block reserves .0–.2 (DATAPATH-FACTS §8.2). */
export function podIp(node: number, pod: number, windows = false): string {
  return ip(blockBase(node), pod + (windows ? 3 : 1));
}

export function nodeAddress(i: number, shape: ClusterShape): string {
  return nodeIp(i, shape);
}

export function generateClusterYaml(shape: ClusterShape): string {
  if (shape.nodes > 220 * (shape.twoSubnets ? 2 : 1)) {
    return generateLargeClusterYaml(shape);
  }
  return buildYaml(shape, (i) => nodeIp(i, shape), shape.twoSubnets ? ['192.168.10.0/24', '192.168.11.0/24'] : ['192.168.10.0/24'], '192.168.10.250');
}

/** Over 220 nodes: one /16 node network, the client host past the nodes (172.16.0.250 is node 248). */
function generateLargeClusterYaml(shape: ClusterShape): string {
  return buildYaml(shape, (i) => `172.16.${Math.floor(i / 250)}.${(i % 250) + 2}`, ['172.16.0.0/16'], '172.16.255.250');
}

/** The default NodePort range 30000–32767 holds 2768 ports: later Services are ClusterIP only. */
const NODE_PORTS = 2768;

function buildYaml(shape: ClusterShape, addr: (i: number) => string, subnets: string[], client: string): string {
  const docs: string[] = [];
  docs.push(`apiVersion: projectcalico.org/v3
kind: IPPool
metadata: {name: pool}
spec: {cidr: 10.64.0.0/10, blockSize: 26, vxlanMode: ${shape.vxlanMode}, natOutgoing: ${shape.natOutgoing}}`);
  docs.push(`apiVersion: operator.tigera.io/v1
kind: Installation
metadata: {name: default}
spec:
  calicoNetwork: {bgp: ${shape.vxlanMode === 'Never' ? 'Enabled' : 'Disabled'}, linuxDataplane: Nftables}
  serviceCIDRs: [10.96.0.0/12]`);
  docs.push(`kind: KubeProxyConfiguration
mode: nftables
clusterCIDR: 10.64.0.0/10`);
  docs.push(`kind: Fabric
metadata: {name: gen}
spec:
  linuxInterface: ens18
  subnets:
${subnets.map((c, i) => `  - {name: net${i}, cidr: ${c}, gateway: ${c.replace(/0\/\d+$/, '1')}}`).join('\n')}
  hosts:
  - {name: client, ip: ${client}}
  - {name: internet, ip: 203.0.113.10, external: true}`);
  for (let i = 0; i < shape.nodes; i++) {
    const win = isWindowsNode(i, shape);
    docs.push(`kind: Node
metadata:
  name: node-${i}
  labels: {kubernetes.io/os: ${win ? 'windows' : 'linux'}}
  annotations: {projectcalico.org/IPv4VXLANTunnelAddr: ${ip(blockBase(i), win ? 1 : 0)}}
status:
  addresses: [{type: InternalIP, address: ${addr(i)}}]${win ? '\n  nodeInfo: {operatingSystem: windows, kernelVersion: 10.0.20348.2700}' : ''}`);
    for (let p = 0; p < shape.podsPerNode; p++) {
      docs.push(`kind: Pod
metadata: {name: pod-${i}-${p}, namespace: gen, labels: {app: app-${(i * shape.podsPerNode + p) % Math.max(1, shape.services)}}}
spec: {nodeName: node-${i}}
status: {podIP: ${podIp(i, p, win)}}`);
    }
  }
  const totalPods = shape.nodes * shape.podsPerNode;
  for (let s = 0; s < shape.services; s++) {
    const clusterIP = `10.${96 + Math.floor(s / 65000)}.${Math.floor((s % 65000) / 250)}.${(s % 250) + 2}`;
    docs.push(`kind: Service
metadata: {name: svc-${s}, namespace: gen}
spec:
  type: ${s < NODE_PORTS ? 'NodePort' : 'ClusterIP'}
  clusterIP: ${clusterIP}
  ports: [{name: http, protocol: TCP, port: 80, targetPort: 8080${s < NODE_PORTS ? `, nodePort: ${30000 + s}` : ''}}]`);
    const eps: string[] = [];
    for (let e = 0; e < Math.min(shape.endpointsPerService, totalPods); e++) {
      const k = (s * 7 + e * 13) % totalPods;
      const node = Math.floor(k / shape.podsPerNode);
      eps.push(`- {addresses: [${podIp(node, k % shape.podsPerNode, isWindowsNode(node, shape))}], nodeName: node-${node}}`);
    }
    docs.push(`kind: EndpointSlice
metadata: {name: svc-${s}-x, namespace: gen, labels: {kubernetes.io/service-name: svc-${s}}}
addressType: IPv4
ports: [{name: http, protocol: TCP, port: 8080}]
${eps.length ? `endpoints:\n${eps.join('\n')}` : 'endpoints: []'}`);
  }
  return docs.join('\n---\n');
}
