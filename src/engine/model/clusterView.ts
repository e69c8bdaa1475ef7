/**
 * What every node compiler needs to know about the rest of the cluster:
 * the other nodes' addresses, blocks and VTEPs, every pod's IP. Built once
 * per scenario by trace/cluster.ts; plain data plus lookups.
 */
import type { Datapath } from '../datapath/datapath';
import type { FabricSubnet, NodeOs, PodSpec, Scenario } from './scenario';
import type { NodeNicAddress } from '../fabric/nodeNics';

export interface PeerNode {
  name: string;
  os: NodeOs;
  ip: string;
  /** The Fabric subnet the node's IP is on. */
  subnet?: FabricSubnet;
  nicMac: string;
  /** Further addresses the node holds, with the interface of each (fabric/nodeNics.ts); Linux only. */
  moreAddrs?: NodeNicAddress[];
  /** Calico: the node's affine block (`a.b.c.d/len`) and its pool. */
  block?: string;
  pool?: string;
  tunnelAddr?: string;
  vtepMac?: string;
}

export interface ClusterView {
  scenario: Scenario;
  peers: PeerNode[];
  peerByName: Map<string, PeerNode>;
  /** `ns/name` → pod IP (given or derived). */
  podIP: Map<string, string>;
  /** Calico: pod addresses taken from another node's block (strictAffinity false), with the node that runs the pod. */
  borrowed?: readonly { ip: string; node: string; blockOwner: string }[];
  podsOnNode(node: string): PodSpec[];
  /** MTU of the node network (the Fabric subnet of the node). */
  hostMtu(node: string): number;
  /** The node's datapath (CNI × dataplane × service proxy), decided once (datapath/datapath.ts). */
  datapathOf(node: string): Datapath;
}
