/**
 * Calico's settings (Installation, IPPool, IPAMConfiguration,
 * FelixConfiguration, BGPConfiguration/BGPPeer, a manifest install's
 * calico-config and calico-node env), shared by the Calico plug-in on Linux
 * (linux/cni/calico/, whose settings/ loads them) and by Calico's Windows
 * network, readiness, IPAM and the views, which may not import Linux code.
 * They ride opaquely on Scenario.cniSettings under the plug-in's name.
 */
import type { ObjectRef } from './diagnostic';
import { cniSettingsOf, type Scenario } from './scenario';

/** The Calico plug-in's name (Datapath.cni, Scenario.cniSettings). */
export const CALICO = 'calico';

export type EncapMode = 'Always' | 'CrossSubnet' | 'Never';

export interface IPPoolSpec {
  ref: ObjectRef;
  name: string;
  cidr: string;
  blockSize: number;
  vxlanMode: EncapMode;
  ipipMode: EncapMode;
  natOutgoing: boolean;
  disabled: boolean;
  /**
   * Where the pool is written, when not as an IPPool object: an entry of the
   * operator's `Installation.spec.calicoNetwork.ipPools[]` (the operator
   * creates the IPPool from it), or the calico.yaml manifest's
   * CALICO_IPV4POOL_CIDR. A what-if edit changes the object it names.
   */
  definedBy?: 'Installation' | 'manifest';
}

export interface CalicoSpec {
  /** Installation.spec.calicoNetwork.bgp. */
  bgp: 'Enabled' | 'Disabled';
  linuxDataplane: 'Iptables' | 'Nftables' | 'BPF' | 'VPP';
  /** Whether the Installation set linuxDataplane (else the operator's default, Iptables). */
  linuxDataplaneGiven?: boolean;
  windowsDataplane?: 'HNS' | 'Disabled';
  /** Installation.spec.serviceCIDRs (Calico for Windows needs them). */
  serviceCIDRs: string[];
  pools: IPPoolSpec[];
  /** IPAMConfiguration.spec.strictAffinity. */
  strictAffinity: boolean;
  /** BGPConfiguration `default` and the BGPPeers (who peers with whom under BGP). */
  bgpConfig?: CalicoBgpSpec;
  /** FelixConfiguration VXLANVNI (default 4096) and VXLANPort (default 4789). */
  vxlanVNI: number;
  vxlanPort: number;
  /** Host-specific FelixConfiguration `node.<nodename>`: VXLANVNI / VXLANPort of that node, where they differ from `default`. */
  vxlanByNode?: Record<string, { vni?: number; port?: number }>;
  /**
   * The operator's Installation, when the input has one: its name and the
   * names of its `calicoNetwork.ipPools` in order (a `kubectl patch … /ipPools/<i>/…`
   * needs the index).
   */
  installation?: { name: string; pools: string[] };
}

/** A BGPPeer: `node` or `nodeSelector` say which nodes peer, `peerSelector` with which nodes, or `peerIP` with which router. */
export interface BgpPeerSpec {
  ref: ObjectRef;
  name: string;
  node?: string;
  nodeSelector?: string;
  peerSelector?: string;
  peerIP?: string;
  asNumber?: number;
}

export interface CalicoBgpSpec {
  /** BGPConfiguration default spec.nodeToNodeMeshEnabled (default true), and what decided it. */
  nodeToNodeMesh: boolean;
  meshFrom: string;
  asNumber: number;
  peers: BgpPeerSpec[];
}

/** The VXLAN VNI and UDP port Felix gives `node`'s vxlan.calico (its `node.<name>` FelixConfiguration, else the global one). */
export function calicoVxlanOf(c: CalicoSpec, node: string): { vni: number; port: number } {
  const own = c.vxlanByNode && Object.hasOwn(c.vxlanByNode, node) ? c.vxlanByNode[node] : undefined;
  return { vni: own?.vni ?? c.vxlanVNI, port: own?.port ?? c.vxlanPort };
}

/** The scenario's Calico settings, when its input has any Calico object. */
export function calicoSettings(s: Scenario): CalicoSpec | undefined {
  return cniSettingsOf(s, CALICO) as CalicoSpec | undefined;
}

/** The scenario with other Calico settings (a what-if or the runbook's target state). */
export function withCalicoSettings(s: Scenario, calico: CalicoSpec): Scenario {
  return { ...s, cniSettings: { ...s.cniSettings, [CALICO]: calico } };
}
