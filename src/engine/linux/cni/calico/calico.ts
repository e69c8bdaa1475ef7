/**
 * Calico on a Linux node (Felix + the Calico CNI plug-in): `vxlan.calico`
 * when a pool uses VXLAN, `tunl0` when one uses IPIP, a routed `cali…` veth per pod (no bridge), the
 * routes Felix writes (routes.ts compileHostRoutes), the static VTEP ARP/FDB
 * entries and Felix's `table ip calico`.
 *
 * Pod side (DATAPATH-FACTS §1.1): eth0 holds the pod IP as /32, MTU = the
 * smallest encap MTU (VXLAN: host MTU − 50), routes `default via 169.254.1.1
 * dev eth0` + `169.254.1.1 dev eth0 scope link`; the host side `cali…` has MAC
 * ee:ee:ee:ee:ee:ee and proxy_arp=1, so it answers for 169.254.1.1.
 */
import type { ClusterView } from '../../../model/clusterView';
import { parseCidr } from '../../../model/ipv4';
import { CALICO_VETH_HOST_MAC, podMac } from '../../../model/macs';
import { VXLAN_OVERHEAD } from '../../../model/packet';
import type { NodeSpec } from '../../../model/scenario';
import { POD_GATEWAY, VXLAN_IFACE, vethNameForPod, WORKLOAD_IFACE_PREFIX } from '../../names';
import { compilePodNeighbours, compileVtepEntries } from '../../neigh';
import { compileHostRoutes, IPIP_IFACE } from '../../routes';
import type { Link, LinuxPodNetns } from '../../../linux/state';
import type { LinuxCni, LinuxCniParts, LinuxHost } from '../cni';
import { formatNodeStatus } from './bgp';
import { compileFelixIptables } from './iptables/felixIptables';
import { compileCalicoNft } from './nft';
import { viewEndpoints } from '../../../policy/endpoints';
import { calicoSettings, calicoVxlanOf } from '../../../model/calico';

const CNI = 'C9 cni-plugin/pkg/dataplane/linux/dataplane_linux.go';

/** Whether any enabled pool uses VXLAN (then Felix creates vxlan.calico). */
function vxlanEnabled(view: ClusterView): boolean {
  return (calicoSettings(view.scenario)?.pools ?? []).some((p) => !p.disabled && p.vxlanMode !== 'Never');
}

/** Whether any enabled pool uses IPIP (then Felix configures tunl0, and BIRD routes through it). */
function ipipEnabled(view: ClusterView): boolean {
  return (calicoSettings(view.scenario)?.pools ?? []).some((p) => !p.disabled && p.ipipMode !== 'Never');
}

/** IPIP's overhead: one outer IPv4 header. @see projectcalico/calico felix/dataplane/linux/ipip_mgr.go; FELIX_IPINIPMTU = host MTU − 20 */
const IPIP_OVERHEAD = 20;

/** Felix's pod MTU: the smallest MTU of the enabled encapsulations. @see DATAPATH-FACTS §1.1 [C6] */
export function podMtu(view: ClusterView, hostMtu: number): number {
  const pools = (calicoSettings(view.scenario)?.pools ?? []).filter((p) => !p.disabled);
  let mtu = hostMtu;
  if (pools.some((p) => p.vxlanMode !== 'Never')) mtu = Math.min(mtu, hostMtu - VXLAN_OVERHEAD);
  if (pools.some((p) => p.ipipMode !== 'Never')) mtu = Math.min(mtu, hostMtu - IPIP_OVERHEAD);
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

/** Felix's view for the filter chains: this node's cali… interfaces with their endpoints, every endpoint, the policies. */
function policyInput(view: ClusterView, pods: LinuxPodNetns[]) {
  const all = viewEndpoints(view);
  const local = pods.flatMap((p) => {
    const endpoint = all.find((e) => e.pod === p.pod);
    return endpoint ? [{ iface: p.hostVeth, endpoint }] : [];
  });
  return { local, all, policies: view.scenario.networkPolicies };
}

function compile({ node, self, view, nic }: LinuxHost): LinuxCniParts {
  const calico = calicoSettings(view.scenario);
  const hostMtu = nic.mtu;
  const mtu = podMtu(view, hostMtu);
  const vxlanMtu = hostMtu - VXLAN_OVERHEAD;
  const pods = compilePods(node, view, mtu);
  const links: Link[] = [];
  const withVxlan = vxlanEnabled(view) && self.tunnelAddr !== undefined && self.vtepMac !== undefined;
  const vx = calico ? calicoVxlanOf(calico, node.name) : undefined;
  if (withVxlan) {
    links.push({
      name: VXLAN_IFACE,
      kind: 'vxlan',
      mtu: vxlanMtu,
      mac: self.vtepMac!,
      addrs: [`${self.tunnelAddr}/32`],
      vxlan: { vni: vx!.vni, port: vx!.port, local: self.ip, dev: nic.name, learning: false },
    });
  }
  const withIpip = ipipEnabled(view) && self.tunnelAddr !== undefined && !withVxlan;
  if (withIpip) {
    // The ipip module's fallback device; Felix sets its address (IPv4IPIPTunnelAddr) and MTU, BIRD routes through it.
    links.push({ name: IPIP_IFACE, kind: 'ipip', mtu: hostMtu - IPIP_OVERHEAD, mac: '00:00:00:00:00:00', addrs: [`${self.tunnelAddr}/32`] });
  }
  for (const p of pods) links.push({ name: p.hostVeth, kind: 'veth', mtu, mac: CALICO_VETH_HOST_MAC, addrs: [], peer: { pod: p.pod, ifname: 'eth0' }, owner: p.ref });

  const vtep = withVxlan ? compileVtepEntries(self, view.peers) : { neigh: [], fdb: [] };
  const sysctls: Record<string, string> = {};
  for (const p of pods) {
    sysctls[`net.ipv4.conf.${p.hostVeth}.proxy_arp`] = '1';
    sysctls[`net.ipv4.neigh.${p.hostVeth}.proxy_delay`] = '0';
    sysctls[`net.ipv4.conf.${p.hostVeth}.forwarding`] = '1';
    sysctls[`net.ipv4.conf.${p.hostVeth}.route_localnet`] = '1';
  }
  const iptablesMode = view.datapathOf(node.name).dataplane.modelledAs === 'iptables';
  const felix = calico && iptablesMode
    ? compileFelixIptables({
        self,
        view,
        pods,
        ...(vxlanEnabled(view) ? { vxlan: { port: vx!.port, tunnelAddr: withVxlan } } : {}),
        ...(ipipEnabled(view) ? { ipip: { tunnelAddr: withIpip } } : {}),
      })
    : undefined;
  const nft = calico && !iptablesMode
    ? [
        compileCalicoNft({
          nodeName: node.name,
          hostIPs: [self.ip],
          pools: calico.pools,
          vxlan: withVxlan ? { ifname: VXLAN_IFACE, tunnelAddr: self.tunnelAddr!, port: vx!.port } : undefined,
          ipip: withIpip ? { ifname: IPIP_IFACE, tunnelAddr: self.tunnelAddr! } : undefined,
          workloadIfacePrefix: WORKLOAD_IFACE_PREFIX,
          policy: policyInput(view, pods),
        }),
      ]
    : [];
  return {
    links,
    pods,
    routes: compileHostRoutes({ self, view, nic: nic.name, pods, vxlanMtu }),
    neigh: [...vtep.neigh, ...compilePodNeighbours(pods)],
    fdb: vtep.fdb,
    sysctls,
    nft,
    ...(felix ? { iptables: felix.tables, ipsets: felix.ipsets } : {}),
    views: [{ id: 'bgp', title: 'calicoctl node status', text: formatNodeStatus(view, node.name) }],
    localAddrs: withVxlan || withIpip ? [self.tunnelAddr!] : [],
    ...(withVxlan ? { tunnelAddr: self.tunnelAddr, vtepMac: self.vtepMac } : {}),
  };
}

export const calicoCni: LinuxCni = { compile };
