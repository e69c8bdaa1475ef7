/**
 * A generated cluster (genCluster.ts) as the scenario YAML a user would load:
 * Installation and IPAMConfiguration (Calico) or kube-flannel's ConfigMap,
 * KubeProxyConfiguration for Linux (and winkernel when a Windows node exists),
 * the Fabric, Nodes, Pods, Services and their EndpointSlices.
 *
 * EndpointSlices list the pods a Service selects, as the EndpointSlice
 * controller does (ready; nodeName set); hostNetwork pods are endpoints at
 * their node's IP. Test-only.
 */
import { stringify } from 'yaml';
import { clusterIp, externalIp, FLANNEL_NET_TEXT, hasWindows, lbIp, NS, nodeIp, nodePortOf, podsOf, POOL, type GenCluster, type GenNode } from './genCluster';

const doc = (o: object): string => stringify(o, { lineWidth: 0 });

function cniDocs(c: GenCluster): object[] {
  if (c.cni.kind === 'flannel') {
    const backend = c.cni.backend === 'vxlan' ? { Type: 'vxlan', VNI: 4096, Port: 4789 } : { Type: 'host-gw' };
    return [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kube-flannel-cfg', namespace: 'kube-flannel' }, data: { 'net-conf.json': JSON.stringify({ Network: FLANNEL_NET_TEXT, EnableNFTables: c.proxy === 'nftables', Backend: backend }) } }];
  }
  const bgp = c.cni.encap === 'None' || c.cni.encap.startsWith('IPIP');
  return [
    {
      apiVersion: 'operator.tigera.io/v1',
      kind: 'Installation',
      metadata: { name: 'default' },
      spec: {
        calicoNetwork: {
          bgp: bgp ? 'Enabled' : 'Disabled',
          linuxDataplane: c.cni.dataplane,
          ...(hasWindows(c) ? { windowsDataplane: 'HNS' } : {}),
          ipPools: [{ name: 'default-ipv4-ippool', cidr: POOL, encapsulation: c.cni.encap, natOutgoing: c.cni.natOutgoing ? 'Enabled' : 'Disabled', blockSize: 26 }],
        },
        serviceCIDRs: ['10.96.0.0/12'],
      },
    },
    // Calico for Windows needs strict affinity (every block stays with its node).
    { apiVersion: 'projectcalico.org/v3', kind: 'IPAMConfiguration', metadata: { name: 'default' }, spec: { strictAffinity: true } },
  ];
}

function proxyDocs(c: GenCluster): object[] {
  const linux = { apiVersion: 'kubeproxy.config.k8s.io/v1alpha1', kind: 'KubeProxyConfiguration', mode: c.proxy, clusterCIDR: c.cni.kind === 'calico' ? POOL : FLANNEL_NET_TEXT };
  if (!hasWindows(c)) return [linux];
  const networkName = c.cni.kind === 'calico' ? 'Calico' : c.cni.backend === 'vxlan' ? 'flannel.4096' : 'cbr0';
  return [linux, { apiVersion: 'kubeproxy.config.k8s.io/v1alpha1', kind: 'KubeProxyConfiguration', mode: 'kernelspace', winkernel: { networkName, enableDSR: c.dsr } }];
}

function fabricDoc(c: GenCluster): object {
  const subnets = Array.from({ length: c.subnets }, (_, i) => ({ name: `net${i}`, cidr: `192.168.${10 + i}.0/24`, gateway: `192.168.${10 + i}.1`, mtu: c.mtu }));
  const hosts = [{ name: 'client', ip: '192.168.10.50' }, { name: 'internet', ip: '203.0.113.10', external: true }, ...(c.extraExternal ? [{ name: 'partner', ip: '198.18.0.20', external: true }] : [])];
  return { apiVersion: 'packetwalk.dev/v1', kind: 'Fabric', metadata: { name: 'gen' }, spec: { linuxInterface: 'ens18', subnets, hosts } };
}

function nodeDoc(c: GenCluster, n: GenNode): object {
  const i = Number(n.name.slice('node-'.length));
  const win = n.os === 'windows';
  const annotations = c.cni.kind === 'calico' ? { 'projectcalico.org/IPv4VXLANTunnelAddr': `10.64.${i}.${win ? 1 : 0}` } : undefined;
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: n.name, labels: { 'kubernetes.io/os': n.os }, ...(annotations ? { annotations } : {}) },
    ...(c.cni.kind === 'flannel' ? { spec: { podCIDR: `10.244.${i}.0/24` } } : {}),
    status: { addresses: [{ type: 'InternalIP', address: nodeIp(n) }], nodeInfo: { operatingSystem: n.os, ...(n.build ? { kernelVersion: n.build } : {}) } },
  };
}

/** The scenario as multi-document YAML (what a user writes; the kernel check prints it). */
export function genClusterYaml(c: GenCluster): string {
  return genClusterDocs(c).map(doc).join('---\n');
}

/** The scenario as a JSON `List` (the loader's fast path, for the many clusters of the invariants). */
export function genClusterJson(c: GenCluster): string {
  return JSON.stringify({ apiVersion: 'v1', kind: 'List', items: genClusterDocs(c) });
}

export function genClusterDocs(c: GenCluster): object[] {
  const docs: object[] = [...cniDocs(c), ...proxyDocs(c), fabricDoc(c), ...c.nodes.map((n) => nodeDoc(c, n))];
  const pods = podsOf(c);
  for (const { node, pod, ip } of pods) {
    docs.push({ apiVersion: 'v1', kind: 'Pod', metadata: { name: pod.name, namespace: NS, labels: { app: `a${pod.app}` } }, spec: { nodeName: node.name, ...(pod.hostNetwork ? { hostNetwork: true } : {}) }, status: { podIP: ip } });
  }
  for (const s of c.services) {
    const ingress = lbIp(s);
    const ext = externalIp(s);
    docs.push({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: s.name, namespace: NS },
      spec: {
        type: s.type,
        clusterIP: clusterIp(s),
        selector: { app: `a${s.app}` },
        ports: [{ name: 'p', protocol: s.proto, port: s.port, targetPort: s.targetPort, ...(nodePortOf(s) ? { nodePort: nodePortOf(s) } : {}) }],
        ...(s.type !== 'ClusterIP' ? { externalTrafficPolicy: s.etp } : {}),
        internalTrafficPolicy: s.itp,
        ...(s.affinity ? { sessionAffinity: 'ClientIP' } : {}),
        ...(ext ? { externalIPs: [ext] } : {}),
      },
      ...(ingress ? { status: { loadBalancer: { ingress: [{ ip: ingress }] } } } : {}),
    });
    // One endpoint per address (two hostNetwork pods of a node share its IP).
    const eps = pods.filter((p, i) => p.pod.app === s.app && pods.findIndex((q) => q.pod.app === s.app && q.ip === p.ip) === i);
    docs.push({
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata: { name: `${s.name}-x`, namespace: NS, labels: { 'kubernetes.io/service-name': s.name } },
      addressType: 'IPv4',
      ports: [{ name: 'p', protocol: s.proto, port: s.targetPort }],
      endpoints: eps.map((p) => ({ addresses: [p.ip], conditions: { ready: true }, nodeName: p.node.name, targetRef: { kind: 'Pod', name: p.pod.name, namespace: NS } })),
    });
  }
  return docs;
}
