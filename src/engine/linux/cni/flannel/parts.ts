/**
 * The flannel parts of a Linux node: the `cni0` bridge with one veth port per
 * pod, each pod's netns, the `flannel.<VNI>` VXLAN device (vxlan backend),
 * the static VTEP entries and flannel's nftables table. Routes come from
 * routes.ts (compileFlannelHostRoutes); compileNode.ts assembles the node.
 *
 * Pod side — flannel's CNI delegates to the bridge plugin with
 * `isGateway: true`, `mtu: FLANNEL_MTU`, `ipMasq: false` (flanneld
 * masquerades itself) and `ipam: {type: host-local, subnet: <lease>,
 * routes: [{dst: <Network>}]}`; kube-flannel's cni-conf.json adds
 * `hairpinMode: true` and `isDefaultGateway: true`
 * (containernetworking/plugins plugins/meta/flannel/flannel_linux.go;
 * plugins/main/bridge README). So inside a pod: `eth0` holds `<podIP>/24`,
 * and the routes are `default via <lease .1>`, the kernel's
 * `<lease> dev eth0 proto kernel scope link src <podIP>` and
 * `<Network> via <lease .1>`. On the host, `cni0` holds `<lease .1>/24`.
 *
 * MTU (FLANNEL_MTU): vxlan = NIC MTU − 50 (vxlan_network.go MTU(), encapOverhead),
 * host-gw = NIC MTU (hostgw.go `Mtu: extIface.Iface.MTU`). `flannel.<VNI>`
 * gets the kernel default NIC MTU − 50 as well.
 *
 * Assumptions: the bridge's and the host veths' MACs and the veth names are
 * derived (the kernel and the CNI pick random ones); bridged pod → pod frames
 * do not pass the `ip` netfilter hooks (br_netfilter's bridge-nf-call-iptables
 * is not modelled).
 */
import type { ClusterView, PeerNode } from '../../../model/clusterView';
import { intToIp, parseCidr, type Cidr } from '../../../model/ipv4';
import { linuxLinkMac, podMac } from '../../../model/macs';
import { VXLAN_OVERHEAD } from '../../../model/packet';
import type { NodeSpec } from '../../../model/scenario';
import { flannelSettings, type FlannelSpec } from '../../../model/flannel';
import { bridgeVethName, CNI_BRIDGE, flannelVxlanIface } from '../../names';
import { compileVtepEntries, FLANNEL_FDB } from '../../neigh';
import { compileFlannelNft } from './nft';
import type { NftTable } from '../../nft/ruleset';
import type { FdbEntry, Link, LinuxPodNetns, Neighbour, Route } from '../../../linux/state';
import { unenforcedByPod } from '../../../policy/flannel';

const CNI_FLANNEL = 'containernetworking/plugins plugins/meta/flannel/flannel_linux.go (bridge delegate, host-local ipam with the Network route)';
const CNI_BRIDGE_SRC = 'containernetworking/plugins plugins/main/bridge (isDefaultGateway: default via the bridge address)';

export interface FlannelNodeParts {
  lease: Cidr;
  mtu: number;
  links: Link[];
  pods: LinuxPodNetns[];
  neigh: Neighbour[];
  fdb: FdbEntry[];
  nft: NftTable;
  /** Addresses the host owns besides the NIC's: cni0's `.1`, flannel.VNI's `.0`. */
  localAddrs: string[];
  /** The VXLAN device, when the backend is vxlan. */
  vxlan?: Link;
}

/** FLANNEL_MTU as flanneld writes it to subnet.env. */
export function flannelMtu(f: FlannelSpec, hostMtu: number): number {
  return f.backend.type === 'vxlan' ? hostMtu - VXLAN_OVERHEAD : hostMtu;
}

function compilePods(node: NodeSpec, view: ClusterView, lease: Cidr, mtu: number, bridgeMac: string): LinuxPodNetns[] {
  const gw = intToIp(lease.base + 1);
  const network = parseCidr(flannelSettings(view.scenario)!.network)!;
  const unenforced = unenforcedByPod(view);
  const local = view.podsOnNode(node.name).flatMap((p) => {
    const ip = view.podIP.get(`${p.namespace}/${p.name}`);
    return p.hostNetwork || !ip ? [] : [{ p, ip }];
  });
  return local.map(({ p, ip }) => {
    const eth0: Link = { name: 'eth0', kind: 'veth', mtu, mac: podMac(p.namespace, p.name), addrs: [`${ip}/${lease.len}`], owner: p.ref };
    const routes: Route[] = [
      { dst: parseCidr('0.0.0.0/0')!, type: 'unicast', via: gw, dev: 'eth0', source: CNI_BRIDGE_SRC },
      { dst: lease, type: 'unicast', dev: 'eth0', proto: 'kernel', scope: 'link', src: ip, source: 'kernel: prefix route of the pod address' },
      { dst: network, type: 'unicast', via: gw, dev: 'eth0', source: CNI_FLANNEL },
    ];
    const neigh: Neighbour[] = [
      { ip: gw, dev: 'eth0', mac: bridgeMac, state: 'REACHABLE', source: 'kernel ARP: cni0 answers for its own address' },
      ...local.filter((o) => o.p !== p).map((o): Neighbour => ({ ip: o.ip, dev: 'eth0', mac: podMac(o.p.namespace, o.p.name), state: 'REACHABLE', source: 'kernel ARP across cni0 (same lease, on-link)' })),
    ];
    const key = `${p.namespace}/${p.name}`;
    const u = unenforced.get(key);
    return { pod: key, ref: p.ref, ip, eth0, hostVeth: bridgeVethName(p.namespace, p.name), bridge: CNI_BRIDGE, routes, neigh, ...(u ? { unenforcedPolicies: u } : {}) };
  });
}

/**
 * Compiles the flannel parts of one Linux node. `self.block` is the lease
 * (ipam/flannelLeases.ts); without one the node gets no bridge and no pods.
 */
export function compileFlannelNode(node: NodeSpec, self: PeerNode, view: ClusterView, nic: string): FlannelNodeParts | undefined {
  const f = flannelSettings(view.scenario)!;
  const lease = self.block ? parseCidr(self.block) : undefined;
  const network = parseCidr(f.network);
  if (!lease || !network) return undefined;
  const hostMtu = view.hostMtu(node.name);
  const mtu = flannelMtu(f, hostMtu);
  const bridgeMac = linuxLinkMac(`${node.name}/${CNI_BRIDGE}`);
  const pods = compilePods(node, view, lease, mtu, bridgeMac);
  const gw = intToIp(lease.base + 1);
  const links: Link[] = [];
  const localAddrs = [gw];
  let vxlan: Link | undefined;
  let vtep: { neigh: Neighbour[]; fdb: FdbEntry[] } = { neigh: [], fdb: [] };
  if (f.backend.type === 'vxlan' && self.tunnelAddr && self.vtepMac) {
    const dev = flannelVxlanIface(f.backend.vni);
    vxlan = {
      name: dev,
      kind: 'vxlan',
      mtu: hostMtu - VXLAN_OVERHEAD,
      mac: self.vtepMac,
      addrs: [`${self.tunnelAddr}/32`],
      vxlan: { vni: f.backend.vni, port: f.backend.port, local: self.ip, dev: nic, learning: false },
    };
    links.push(vxlan);
    localAddrs.push(self.tunnelAddr);
    const direct = (p: PeerNode): boolean => f.backend.directRouting && self.subnet !== undefined && self.subnet === p.subnet;
    vtep = compileVtepEntries(self, view.peers, dev, FLANNEL_FDB, direct);
  }
  links.push({ name: CNI_BRIDGE, kind: 'bridge', mtu, mac: bridgeMac, addrs: [`${gw}/${lease.len}`] });
  for (const p of pods) links.push({ name: p.hostVeth, kind: 'veth', mtu, mac: linuxLinkMac(`${node.name}/${p.hostVeth}`), addrs: [], peer: { pod: p.pod, ifname: 'eth0' }, master: CNI_BRIDGE, owner: p.ref });
  const nft = compileFlannelNft({ network, lease, enableNFTables: f.enableNFTables ?? false });
  return { lease, mtu, links, pods, neigh: vtep.neigh, fdb: vtep.fdb, nft, localAddrs, vxlan };
}
