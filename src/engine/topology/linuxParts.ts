/**
 * The inner parts of a Linux node as a person would point at them: each pod
 * (netns) with its eth0 and the host-side cali veth, the routing decision,
 * the nftables tables, conntrack, vxlan.calico and the NIC. Read from the
 * compiled node state, so names are the ones `ip link` and `nft` print.
 */
import { iptablesTableId } from '../linux/iptables/ruleset';
import type { LinuxNodeState } from '../linux/state';
import { PART_LABEL } from '../model/partIds';
import { partFactory } from './ids';
import type { TopoEdge, TopoElement } from './model';

export function linuxParts(st: LinuxNodeState, nodeId: string): { elements: TopoElement[]; edges: TopoEdge[] } {
  const part = partFactory(st.name, 'linux', nodeId);
  const elements: TopoElement[] = [];
  const edges: TopoEdge[] = [];
  for (const p of st.pods) {
    const pod = part('pod', p.pod, p.ip);
    const eth0 = part('pod-eth0', PART_LABEL.podEth0, undefined, pod.id);
    const veth = part('veth', p.hostVeth);
    elements.push(pod, eth0, veth);
    edges.push({ id: `${eth0.id}~${veth.id}`, source: eth0.id, target: veth.id, kind: 'veth' });
  }
  elements.push(part('routing', PART_LABEL.routing));
  for (const t of st.nft) elements.push(part('nft', `${t.family} ${t.name}`));
  // kube-proxy in iptables mode: its tables are `ip nat` / `ip filter` in the kernel (iptables-nft).
  for (const t of st.iptables) elements.push(part('nft', iptablesTableId(t)));
  elements.push(part('conntrack', PART_LABEL.conntrack));
  for (const l of st.links) {
    if (l.kind === 'vxlan') elements.push(part('vxlan', l.name, l.vxlan ? `VNI ${l.vxlan.vni}` : undefined));
  }
  elements.push(part('nic', st.nic.name, st.ip));
  // Further NICs on other Fabric subnets (linux/moreNics.ts).
  for (const l of st.links) if (l.kind === 'physical' && l !== st.nic) elements.push(part('nic', l.name, l.addrs[0]?.split('/')[0]));
  return { elements, edges };
}
