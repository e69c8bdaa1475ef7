/**
 * VFP (Virtual Filtering Platform), the Hyper-V switch extension that
 * executes HNS objects: every switch port has an ordered list of layers, each
 * layer a table of rules (match → action). A packet leaving the port's owner
 * into the switch (`out`) walks the layers in order; a packet from the switch
 * to the owner (`in`) walks them in reverse. Within a layer the rule with the
 * lowest priority number that matches wins.
 * @see DATAPATH-FACTS §5 [M9][M10] (the VFP paper), [M5][M8] (layer and rule
 *   names on Windows container hosts).
 *
 * Assumption (DATAPATH-FACTS caveat 1): the exact layer order on an HNS
 * container port is not documented; we use ACL nearest the container, then
 * load balancing and NAT, then VNET routing/encapsulation, reversed inbound.
 */
import type { ObjectRef } from '../model/diagnostic';
import type { Cidr } from '../model/ipv4';
import type { L4Proto } from '../model/packet';
import type { VfpAclInfo } from '../policy/windowsAclMatch';

/** `out` = from the port's owner (pod, host) into the switch; `in` = from the switch to the owner. */
export type VfpDirection = 'out' | 'in';

export interface VfpMatch {
  /** Protocol; undefined = any. */
  proto?: L4Proto;
  src?: Cidr[];
  dst?: Cidr[];
  dport?: number;
}

/** A backend of a load balancer rule, as kube-proxy gave it to HNS. */
export interface VfpBackend {
  ip: string;
  port: number;
  endpointId: string;
  /** A remote endpoint (pod on another node). */
  remote: boolean;
  pod?: string;
}

export type VfpAction =
  | { type: 'allow' }
  | { type: 'block' }
  /** kube-proxy load balancer: VIP:port → one backend; optional SNAT to the source VIP. */
  | { type: 'lb'; lbId: string; backends: VfpBackend[]; dsr: boolean; snatTo?: string; preserveDip: boolean; affinity: boolean; shadows?: string[]; healthCheck?: boolean }
  /** OutBoundNAT exception list: the destination is left alone. */
  | { type: 'nat-exempt' }
  /** OutBoundNAT: dynamic source NAT to the host address. */
  | { type: 'snat'; ip: string }
  /** RemoteSubnetRoute: VXLAN to the provider address. */
  | { type: 'encap'; pa: string; vni: number; drMac: string; prefix: string }
  /** The destination is an endpoint of this network: switched to its port. */
  | { type: 'switch-local' }
  /** Leave through the host's routing (management vNIC, then the external port). */
  | { type: 'route-host' }
  /** l2bridge: source MAC → host MAC, destination MAC → next hop's MAC. */
  | { type: 'mac-rewrite'; srcMac: string }
  /** VXLAN arriving at the external port with the network's VSID: strip the outer headers. */
  | { type: 'decap'; vni: number };

export interface VfpRule {
  /** Rule name as vfpctrl lists it, e.g. `LB_DSR_…`, `SNAT_TCP_OUTBOUNDNAT_…`. */
  id: string;
  priority: number;
  direction: VfpDirection;
  match: VfpMatch;
  action: VfpAction;
  /** The HNS object that produced the rule, as JSON (what a person can check with Get-Hns…). */
  hns: string;
  source: string;
  owner?: ObjectRef;
  assumption?: boolean;
  /** An HNS ACL entry: matched on its own conditions (policy/windowsAclMatch.ts), named after its policy rule. */
  acl?: VfpAclInfo;
}

export interface VfpLayer {
  name: string;
  rules: VfpRule[];
}

export interface VfpPort {
  /** Port name: the endpoint ID for container ports (vfpctrl /list-vmswitch-port). */
  id: string;
  /** What a person calls it: the pod `ns/name`, `vEthernet (Ethernet)`, `Ethernet`. */
  label: string;
  kind: 'endpoint' | 'host' | 'external';
  endpointId?: string;
  pod?: string;
  ip?: string;
  mac: string;
  layers: VfpLayer[];
}

/** VFP layer names (as on Windows container hosts, [M5][M8]). */
export const LAYER = {
  acl: 'ACL_ENDPOINT_LAYER',
  lbDsr: 'LB_DSR',
  slbLb: 'SLB_LB_LAYER',
  slbNat: 'SLB_NAT_LAYER',
  paRoute: 'VNET_PA_ROUTE_LAYER',
  encap: 'VNET_ENCAP_LAYER',
  macRewrite: 'VNET_MAC_REWRITE_LAYER',
} as const;
