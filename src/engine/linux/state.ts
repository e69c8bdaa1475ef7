/**
 * What a person sees on a Linux node (`ip link`, `ip addr`, `ip route`,
 * `ip neigh`, `bridge fdb`, sysctls, `nft list ruleset`) and inside each pod's
 * netns, as plain records. Compiled by compileNode.ts; evaluated by
 * hostPath.ts and podPath.ts.
 */
import type { Datapath } from '../datapath/datapath';
import type { ObjectRef } from '../model/diagnostic';
import type { Cidr } from '../model/ipv4';
import type { IptablesTable } from './iptables/ruleset';
import type { IpSet } from './ipset';
import type { NftTable } from './nft/ruleset';

export interface VxlanLinkInfo {
  vni: number;
  port: number;
  /** Source address of the outer header (the parent NIC's IP). */
  local: string;
  /** Parent device (`VtepDevIndex`). */
  dev: string;
  learning: boolean;
}

export interface Link {
  name: string;
  kind: 'loopback' | 'physical' | 'vxlan' | 'veth' | 'bridge';
  mtu: number;
  mac: string;
  /** Addresses as `a.b.c.d/len`. */
  addrs: string[];
  /** For veths: the pod at the other end (`ns/name`) and its interface. */
  peer?: { pod: string; ifname: string };
  vxlan?: VxlanLinkInfo;
  /** For a bridge port (flannel's pod veths): the bridge it is enslaved to (`cni0`). */
  master?: string;
  owner?: ObjectRef;
}

export interface Route {
  /** Destination prefix; 0.0.0.0/0 prints as `default`. */
  dst: Cidr;
  /** `local`/`broadcast` live in the kernel's `local` table (routes.ts localTable). */
  type: 'unicast' | 'blackhole' | 'local' | 'broadcast';
  via?: string;
  dev?: string;
  proto?: string;
  scope?: 'link' | 'host';
  src?: string;
  onlink?: boolean;
  mtu?: number;
  metric?: number;
  /** Who writes it (e.g. `Felix route_mgr`), with the upstream source. */
  source: string;
  owner?: ObjectRef;
  assumption?: boolean;
}

export interface Neighbour {
  ip: string;
  dev: string;
  mac: string;
  state: 'PERMANENT' | 'REACHABLE' | 'NOARP';
  source: string;
  /** Answered by proxy ARP on the host side rather than learned from the owner. */
  proxied?: boolean;
}

export interface FdbEntry {
  mac: string;
  dev: string;
  dst: string;
  source: string;
}

/** A pod's network namespace as seen from inside (`kubectl exec … ip addr/route`). */
export interface LinuxPodNetns {
  pod: string;
  ref: ObjectRef;
  ip: string;
  eth0: Link;
  /** Host-side veth name (`cali…` under Calico, `veth…` on flannel's `cni0`). */
  hostVeth: string;
  /** Flannel: the bridge the host-side veth is a port of (`cni0`); absent under Calico (routed veth). */
  bridge?: string;
  routes: Route[];
  neigh: Neighbour[];
}

export interface LinuxNodeState {
  kind: 'linux';
  name: string;
  /** CNI × dataplane × service proxy, as decided for this node (datapath/datapath.ts). */
  datapath: Datapath;
  ref: ObjectRef;
  ip: string;
  nic: Link;
  links: Link[];
  routes: Route[];
  neigh: Neighbour[];
  fdb: FdbEntry[];
  sysctls: Record<string, string>;
  /** nftables tables (`nft list ruleset`): kube-proxy's in nftables mode, the CNI's. */
  nft: NftTable[];
  /** iptables tables (`iptables-save`): kube-proxy's in iptables mode, Felix's in its iptables dataplane; evaluated at the same hooks as `nft`. */
  iptables: IptablesTable[];
  /** IP sets (`ipset list`): Felix's pool and host sets in its iptables dataplane. */
  ipsets: IpSet[];
  pods: LinuxPodNetns[];
  /** Addresses the node's own stack owns (for `fib daddr type local` and INPUT). */
  localAddrs: string[];
  tunnelAddr?: string;
  vtepMac?: string;
}
