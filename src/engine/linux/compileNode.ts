/**
 * Compiles one Linux node of the scenario into LinuxNodeState. The node's
 * datapath (view.datapathOf, decided once in datapath/datapath.ts) picks the
 * CNI (a plug-in of cni/registry.ts: Calico, flannel, …) and the service proxy
 * (proxy/registry.ts: kube-proxy nftables or iptables); this file only
 * assembles what they return around the host's own parts (lo, the NIC).
 */
import type { ClusterView, PeerNode } from '../model/clusterView';
import { parseCidr } from '../model/ipv4';
import type { NodeSpec } from '../model/scenario';
import { cniPlugin } from '../datapath/datapath';
import { mergeIptables } from './iptables/merge';
import { linuxProxy } from './proxy/registry';
import { serviceProxyInput } from './proxy/proxy';
import type { Link, LinuxNodeState } from './state';
import { moreNics } from './moreNics';

/**
 * @param node the Node object; must be `os: linux`.
 * @param self this node as the cluster view sees it (IP, subnet, block, VTEP).
 */
export function compileLinuxNode(node: NodeSpec, self: PeerNode, view: ClusterView): LinuxNodeState {
  const datapath = view.datapathOf(node.name);
  const hostMtu = view.hostMtu(node.name);
  const prefixLen = self.subnet ? parseCidr(self.subnet.cidr)!.len : 24;
  const more = moreNics(self.moreAddrs ?? [], view.scenario.fabric.linuxInterface, (a) => a.subnet.mtu, node.ref);
  const nic: Link = { name: view.scenario.fabric.linuxInterface, kind: 'physical', mtu: hostMtu, mac: self.nicMac, addrs: [`${self.ip}/${prefixLen}`, ...more.primaryAddrs], owner: node.ref };
  const lo: Link = { name: 'lo', kind: 'loopback', mtu: 65536, mac: '00:00:00:00:00:00', addrs: ['127.0.0.1/8'] };
  const cni = cniPlugin(datapath.cni.modelledAs).linux.compile({ node, self, view, nic });
  const moreIps = (self.moreAddrs ?? []).map((a) => a.ip);
  // kube-proxy matches nodePortAddresses against every interface address (nodeport_addresses.go GetNodeIPs), the primary first.
  const proxy = linuxProxy(datapath.proxy.modelledAs).compile({ ...serviceProxyInput(node, self, view), nodeIPs: [self.ip, ...moreIps, ...cni.localAddrs] });
  return {
    kind: 'linux',
    name: node.name,
    datapath,
    ref: node.ref,
    ip: self.ip,
    nic,
    links: [lo, nic, ...more.links, ...cni.links],
    routes: [...cni.routes, ...more.routes],
    neigh: cni.neigh,
    fdb: cni.fdb,
    sysctls: { 'net.ipv4.ip_forward': '1', ...proxy.sysctls, ...cni.sysctls },
    nft: [...proxy.nft, ...cni.nft],
    iptables: mergeIptables(cni.iptables ?? [], proxy.iptables),
    ipsets: cni.ipsets ?? [],
    cniViews: cni.views ?? [],
    pods: cni.pods,
    localAddrs: [self.ip, ...moreIps, '127.0.0.1', ...cni.localAddrs],
    tunnelAddr: cni.tunnelAddr,
    vtepMac: cni.vtepMac,
  };
}
