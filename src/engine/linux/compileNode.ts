/**
 * Compiles one Linux node of the scenario into LinuxNodeState: links and
 * addresses, pod netns, routes, neighbours, FDB, sysctls and the nftables
 * ruleset (kube-proxy's and Calico's tables). A flannel cluster (flannel
 * ConfigMap, no Calico pool) gets flannel's parts instead (flannel.ts).
 *
 * Pod side (DATAPATH-FACTS §1.1): eth0 holds the pod IP as /32, MTU = the
 * smallest encap MTU (VXLAN: host MTU − 50), routes `default via 169.254.1.1
 * dev eth0` + `169.254.1.1 dev eth0 scope link`; the host side `cali…` has MAC
 * ee:ee:ee:ee:ee:ee and proxy_arp=1, so it answers for 169.254.1.1.
 */
import type { ClusterView, PeerNode } from '../model/clusterView';
import { parseCidr } from '../model/ipv4';
import { CALICO_VETH_HOST_MAC, podMac } from '../model/macs';
import { VXLAN_OVERHEAD } from '../model/packet';
import type { NodeSpec } from '../model/scenario';
import { POD_GATEWAY, VXLAN_IFACE, vethNameForPod, WORKLOAD_IFACE_PREFIX } from './names';
import { compilePodNeighbours, compileVtepEntries } from './neigh';
import { compileCalicoNft } from './nft/calico';
import { compileKubeProxyNft } from './nft/kubeProxy';
import { compileFlannelNode } from './flannel';
import { compileFlannelHostRoutes, compileHostRoutes } from './routes';
import type { Link, LinuxNodeState, LinuxPodNetns } from './state';

const CNI = 'C9 cni-plugin/pkg/dataplane/linux/dataplane_linux.go';

/** Whether any enabled pool uses VXLAN (then Felix creates vxlan.calico). */
function vxlanEnabled(view: ClusterView): boolean {
  return (view.scenario.calico?.pools ?? []).some((p) => !p.disabled && p.vxlanMode !== 'Never');
}

/** Felix's pod MTU: the smallest MTU of the enabled encapsulations. @see DATAPATH-FACTS §1.1 [C6] */
export function podMtu(view: ClusterView, hostMtu: number): number {
  const pools = (view.scenario.calico?.pools ?? []).filter((p) => !p.disabled);
  let mtu = hostMtu;
  if (pools.some((p) => p.vxlanMode !== 'Never')) mtu = Math.min(mtu, hostMtu - VXLAN_OVERHEAD);
  if (pools.some((p) => p.ipipMode !== 'Never')) mtu = Math.min(mtu, hostMtu - 20);
  return mtu;
}

function compilePods(node: NodeSpec, view: ClusterView, mtu: number): LinuxPodNetns[] {
  return view.podsOnNode(node.name).flatMap((p) => {
    const ip = view.podIP.get(`${p.namespace}/${p.name}`);
    if (p.hostNetwork || !ip) return [];
    const hostVeth = vethNameForPod(p.namespace, p.name);
    const eth0: Link = { name: 'eth0', kind: 'veth', mtu, mac: podMac(p.namespace, p.name), addrs: [`${ip}/32`], owner: p.ref };
    return [
      {
        pod: `${p.namespace}/${p.name}`,
        ref: p.ref,
        ip,
        eth0,
        hostVeth,
        routes: [
          { dst: parseCidr('0.0.0.0/0')!, type: 'unicast', via: POD_GATEWAY, dev: 'eth0', source: CNI },
          { dst: parseCidr(`${POD_GATEWAY}/32`)!, type: 'unicast', dev: 'eth0', scope: 'link', source: CNI },
        ],
        neigh: [{ ip: POD_GATEWAY, dev: 'eth0', mac: CALICO_VETH_HOST_MAC, state: 'REACHABLE', source: `${CNI} (proxy_arp on the host side)`, proxied: true }],
      },
    ];
  });
}

/** kube-proxy's table: the same under Calico and flannel. */
function kubeProxyTable(node: NodeSpec, self: PeerNode, view: ClusterView) {
  const s = view.scenario;
  return compileKubeProxyNft({
    nodeName: node.name,
    nodeIPs: [self.ip],
    clusterCIDR: s.kubeProxy.clusterCIDR,
    serviceCIDRs: s.serviceCIDRs,
    masqueradeBit: s.kubeProxy.masqueradeBit,
    masqueradeAll: s.kubeProxy.masqueradeAll,
    nodePortAddresses: s.kubeProxy.nodePortAddresses,
    services: s.services,
    endpointSlices: s.endpointSlices,
  });
}

/**
 * A flannel node (see flannel.ts): NIC, `flannel.<VNI>` (vxlan), `cni0` and
 * its veth ports; kube-proxy's table and `ip flannel-ipv4`; no Calico table.
 */
function compileFlannelLinuxNode(node: NodeSpec, self: PeerNode, view: ClusterView, nic: Link, links: Link[]): LinuxNodeState {
  const parts = compileFlannelNode(node, self, view, nic.name);
  const sysctls: Record<string, string> = { 'net.ipv4.ip_forward': '1' };
  const pods = parts?.pods ?? [];
  return {
    kind: 'linux',
    name: node.name,
    datapath: view.datapathOf(node.name),
    ref: node.ref,
    ip: self.ip,
    nic,
    links: [...links, ...(parts?.links ?? [])],
    routes: parts ? compileFlannelHostRoutes({ self, view, nic: nic.name, lease: parts.lease }) : [],
    neigh: [...(parts?.neigh ?? []), ...compilePodNeighbours(pods)],
    fdb: parts?.fdb ?? [],
    sysctls,
    nft: [kubeProxyTable(node, self, view), ...(parts ? [parts.nft] : [])],
    pods,
    localAddrs: [self.ip, '127.0.0.1', ...(parts?.localAddrs ?? [])],
    tunnelAddr: parts?.vxlan ? self.tunnelAddr : undefined,
    vtepMac: parts?.vxlan ? self.vtepMac : undefined,
  };
}

/**
 * @param node the Node object; must be `os: linux`.
 * @param self this node as the cluster view sees it (IP, subnet, block, VTEP).
 */
export function compileLinuxNode(node: NodeSpec, self: PeerNode, view: ClusterView): LinuxNodeState {
  const s = view.scenario;
  const nicName = s.fabric.linuxInterface;
  const hostMtu = view.hostMtu(node.name);
  const mtu = podMtu(view, hostMtu);
  const vxlanMtu = hostMtu - VXLAN_OVERHEAD;
  const pods = compilePods(node, view, mtu);
  const prefixLen = self.subnet ? parseCidr(self.subnet.cidr)!.len : 24;
  const nic: Link = { name: nicName, kind: 'physical', mtu: hostMtu, mac: self.nicMac, addrs: [`${self.ip}/${prefixLen}`], owner: node.ref };
  const links: Link[] = [{ name: 'lo', kind: 'loopback', mtu: 65536, mac: '00:00:00:00:00:00', addrs: ['127.0.0.1/8'] }, nic];
  if (view.datapathOf(node.name).cni.modelledAs === 'flannel') return compileFlannelLinuxNode(node, self, view, nic, links);
  const withVxlan = vxlanEnabled(view) && self.tunnelAddr !== undefined && self.vtepMac !== undefined;
  if (withVxlan) {
    links.push({
      name: VXLAN_IFACE,
      kind: 'vxlan',
      mtu: vxlanMtu,
      mac: self.vtepMac!,
      addrs: [`${self.tunnelAddr}/32`],
      vxlan: { vni: s.calico!.vxlanVNI, port: s.calico!.vxlanPort, local: self.ip, dev: nicName, learning: false },
    });
  }
  for (const p of pods) links.push({ name: p.hostVeth, kind: 'veth', mtu, mac: CALICO_VETH_HOST_MAC, addrs: [], peer: { pod: p.pod, ifname: 'eth0' }, owner: p.ref });

  const vtep = withVxlan ? compileVtepEntries(self, view.peers) : { neigh: [], fdb: [] };
  const sysctls: Record<string, string> = { 'net.ipv4.ip_forward': '1' };
  for (const p of pods) {
    sysctls[`net.ipv4.conf.${p.hostVeth}.proxy_arp`] = '1';
    sysctls[`net.ipv4.neigh.${p.hostVeth}.proxy_delay`] = '0';
    sysctls[`net.ipv4.conf.${p.hostVeth}.forwarding`] = '1';
    sysctls[`net.ipv4.conf.${p.hostVeth}.route_localnet`] = '1';
  }
  const nft = [kubeProxyTable(node, self, view)];
  if (s.calico) {
    nft.push(
      compileCalicoNft({
        nodeName: node.name,
        hostIPs: [self.ip],
        pools: s.calico.pools,
        vxlan: withVxlan ? { ifname: VXLAN_IFACE, tunnelAddr: self.tunnelAddr!, port: s.calico.vxlanPort } : undefined,
        workloadIfacePrefix: WORKLOAD_IFACE_PREFIX,
      }),
    );
  }
  return {
    kind: 'linux',
    name: node.name,
    datapath: view.datapathOf(node.name),
    ref: node.ref,
    ip: self.ip,
    nic,
    links,
    routes: compileHostRoutes({ self, view, nic: nicName, pods, vxlanMtu }),
    neigh: [...vtep.neigh, ...compilePodNeighbours(pods)],
    fdb: vtep.fdb,
    sysctls,
    nft,
    pods,
    localAddrs: [self.ip, '127.0.0.1', ...(withVxlan ? [self.tunnelAddr!] : [])],
    tunnelAddr: withVxlan ? self.tunnelAddr : undefined,
    vtepMac: withVxlan ? self.vtepMac : undefined,
  };
}
