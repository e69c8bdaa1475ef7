/**
 * The topology of a scenario as plain data: machines (nodes, Fabric hosts,
 * the gateway), the physical networks between them, and each node's inner
 * parts (Linux: pods with eth0, cali veths, routing, nftables tables,
 * conntrack, vxlan.calico, the NIC; Windows: pod compartments with vNICs,
 * the Hyper-V vSwitch with VFP layers and the flow cache, vEthernet
 * (Ethernet), Ethernet). No positions: layout is the renderer's business.
 */

import type { TopoRole } from '../model/partIds';

export type { TopoRole };

export interface TopoElement {
  /** Stable id, e.g. `node:k8s-lab-node-1/nic:ens18`. */
  id: string;
  role: TopoRole;
  /** What the element is called where it lives: `ens18`, `ip kube-proxy`, `demo/hello`, `SLB_NAT_LAYER`. */
  label: string;
  /** A second line: an address, a VNI, a subnet. */
  detail?: string;
  /** The containing element (a node, a pod, the vSwitch). */
  parent?: string;
  /** The machine (node, host or gateway name) or network the element belongs to. */
  machine: string;
  os?: 'linux' | 'windows';
}

/** A link drawn between two elements: a veth pair, a cable to a network, the gateway's uplink. */
export interface TopoEdge {
  id: string;
  source: string;
  target: string;
  kind: 'veth' | 'wire' | 'uplink';
}

export interface Topology {
  elements: TopoElement[];
  edges: TopoEdge[];
}

/** Where each step of a trace (and of its reply) acts: a topology element id, or null where nothing matches. */
export interface TraceLocations {
  steps: (string | null)[];
  reply?: TraceLocations;
}
