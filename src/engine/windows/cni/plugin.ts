/**
 * A CNI on a Windows node: what it decides there, behind one interface, each
 * implementation in its folder (windows/cni/<name>/) and registry.ts the one
 * list. The HNS/VFP machinery is the same; the objects differ where
 * upstream's differ:
 *
 * | | Calico VXLAN | Calico BGP | Flannel VXLAN (win-overlay) | Flannel host-gw (win-bridge) |
 * |---|---|---|---|---|
 * | network | `Calico`, Overlay, VSID | `Calico`, L2Bridge | `flannel.<VNI>`, Overlay, VSID, Flags 8 | `cbr0`, L2Bridge |
 * | `.2` | `Calico_ep` (remote, PA) | `Calico_ep` (host-attached) | kube-proxy's source VIP endpoint | `cbr0_ep` (host-attached) |
 * | pod gateway | `.1` | `.2` | `.1` | `.2` |
 * | OutBoundNAT exceptions | service CIDRs + all pools (node subnet disputed) | same | service CIDR + pod subnet | cluster network + service CIDR + node subnet |
 * | ACLs | Felix | Felix | none | none |
 *
 * Windows code may not import Linux code: a plug-in reads its settings
 * through their type in model/ (model/calico.ts, model/flannel.ts).
 * @see DATAPATH-FACTS §8.1, §8.3 [C25][C26][C27] (Calico); §6.1 [F4][P1][M6]
 *   (win-bridge), §6.2 [F1][F2][W2][W3][P2] (win-overlay), §4.4 [K1] (source VIP endpoint).
 */
import type { ClusterView, PeerNode } from '../../model/clusterView';
import type { HopResult } from '../../model/hop';
import type { Packet } from '../../model/packet';
import type { Ipv6Refusal } from '../ipv6';
import type { NetworkMissing } from '../networkMissing';
import type { Ctx } from '../nodeContext';
import type { WindowsNetworkMode } from '../../windows/state';

export interface WindowsCniPlugin {
  /** The datapath's CNI name (Datapath.cni.modelledAs) it implements on Windows. */
  name: string;
  /** The node's network as the CNI creates it; undefined when the scenario has none of its settings. */
  network(view: ClusterView, self: PeerNode): WindowsCni | undefined;
  /** Why a node on its network carries no IPv6 (its own limitation, or the network type's). */
  ipv6Refusal(mode: WindowsNetworkMode): Ipv6Refusal;
  /**
   * The node's own packet to another node's pod over the overlay, where the
   * CNI's network does not carry it: the step and the stop; undefined when
   * it does.
   */
  hostToRemotePod?(c: Ctx, p: Packet): HopResult | undefined;
}

/** The plug-in used for a CNI without a Windows implementation: it always has a network. */
export type FallbackWindowsCniPlugin = Omit<WindowsCniPlugin, 'network'> & { network(view: ClusterView, self: PeerNode): WindowsCni };

/** What a CNI's network on one Windows node is. */
export interface WindowsCni {
  mode: WindowsNetworkMode;
  networkName: string;
  /** Overlay: VSID (= VNI). */
  vsid?: number;
  /** HNS network flags: 8 = EnableNonPersistent (flannel's overlay network). */
  flags: number;
  /** Name of the endpoint at `.2`. */
  hostEndpointName: string;
  /** Whether `.2` is a remote endpoint with a PA policy (overlay) rather than host-attached. */
  hostEndpointRemote: boolean;
  /** Whether that endpoint takes kube-proxy's source VIP as its address (when there is one) rather than `.2`. */
  hostEndpointAtSourceVip: boolean;
  /** Where kube-proxy's `--source-vip` comes from when nothing writes it (the start script that derives it). */
  sourceVipSource: string;
  /** Offset of the pods' gateway in the node's block or lease. */
  podGatewayOffset: 1 | 2;
  /** Felix programs ACLs on the endpoints (Calico only). */
  felixAcls: boolean;
  /** Whether a pod with this address gets an OutBoundNAT policy. */
  podNat(ip: string): boolean;
  /** The OutBoundNAT exception list for a node, each entry with who writes it. */
  natExceptions(self: PeerNode): NatException[];
  /** A range the CNI leaves out of the list although a source says it is excepted (sources disagree). */
  natDisputed?(self: PeerNode): NatException | undefined;
  /** L2Bridge: who puts the host's routes to other nodes' blocks there, and the source. */
  remoteRoutes: { protocol: 'BGP' | 'NetMgmt'; source: string };
  /** Configuration with which the CNI never creates this network (the node's pods then have none). */
  networkMissing?: NetworkMissing;
  /** Where the choices come from. */
  source: string;
}

/** One OutBoundNAT exception and the file or function that writes it. */
export interface NatException {
  cidr: string;
  source: string;
}

/** The list in order, first writer of a range wins (the real lists have no duplicates to speak of). */
export function natList(xs: (NatException | undefined)[]): NatException[] {
  const seen = new Set<string>();
  return xs.filter((x): x is NatException => !!x?.cidr && !seen.has(x.cidr) && !!seen.add(x.cidr));
}
