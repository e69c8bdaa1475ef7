/**
 * The Linux CNI interface: what a CNI plug-in (with its agent: Felix,
 * flanneld, …) puts on one Linux node. compileNode.ts assembles the node from
 * the host's own parts (lo, the NIC), one CNI's parts and the service proxy's
 * rules; the registry (registry.ts) picks the CNI from the node's datapath.
 */
import type { ClusterView, PeerNode } from '../../model/clusterView';
import type { NodeSpec } from '../../model/scenario';
import type { IptablesTable } from '../iptables/ruleset';
import type { IpSet } from '../ipset';
import type { NftTable } from '../nft/ruleset';
import type { FdbEntry, Link, LinuxPodNetns, Neighbour, Route } from '../../linux/state';

/** The host parts every Linux node has before a CNI runs. */
export interface LinuxHost {
  node: NodeSpec;
  self: PeerNode;
  view: ClusterView;
  /** The node's NIC (`ens18`, `eth0`, …) with its address. */
  nic: Link;
}

/** Everything a CNI adds to one node. */
export interface LinuxCniParts {
  /** Links besides lo and the NIC: tunnel devices, bridges, host-side veths. */
  links: Link[];
  pods: LinuxPodNetns[];
  /** The host's whole main routing table (the NIC's prefix route included). */
  routes: Route[];
  neigh: Neighbour[];
  fdb: FdbEntry[];
  sysctls: Record<string, string>;
  /** The CNI's own nftables tables (Felix's `ip calico`, flanneld's `ip flannel-ipv4`). */
  nft: NftTable[];
  /** The CNI's iptables chains (Felix in iptables mode), merged with the service proxy's (iptables/merge.ts). */
  iptables?: IptablesTable[];
  /** IP sets its rules match on (`ipset list`). */
  ipsets?: IpSet[];
  /** Host addresses besides the NIC's and 127.0.0.1 (tunnel address, bridge gateway). */
  localAddrs: string[];
  tunnelAddr?: string;
  vtepMac?: string;
}

export interface LinuxCni {
  compile(host: LinuxHost): LinuxCniParts;
}
