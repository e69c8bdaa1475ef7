/**
 * Which CNI built the Windows node's network, and the choices that differ
 * between them. The HNS/VFP machinery is the same; the objects differ where
 * upstream's differ:
 *
 * | | Calico VXLAN | Calico BGP | Flannel VXLAN (win-overlay) | Flannel host-gw (win-bridge) |
 * |---|---|---|---|---|
 * | network | `Calico`, Overlay, VSID | `Calico`, L2Bridge | `flannel.<VNI>`, Overlay, VSID, Flags 8 | `cbr0`, L2Bridge |
 * | `.2` | `Calico_ep` (remote, PA) | `Calico_ep` (host-attached) | kube-proxy's source VIP endpoint | `cbr0_ep` (host-attached) |
 * | pod gateway | `.1` | `.2` | `.1` | `.2` |
 * | OutBoundNAT exceptions | service CIDRs + all pools | same | service CIDR + cluster network | cluster network + service CIDR + node subnet |
 * | ACLs | Felix | Felix | none | none |
 *
 * @see DATAPATH-FACTS §8.1, §8.3 [C25][C26][C27] (Calico); §6.1 [F4][P1][M6]
 *   (win-bridge), §6.2 [F1][F2][W2][W3][P2] (win-overlay), §4.4 [K1] (source VIP endpoint).
 */
import type { ClusterView, PeerNode } from '../model/clusterView';
import type { WindowsNetworkMode } from './state';

export interface WindowsCni {
  plugin: 'calico' | 'flannel';
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
  /** Offset of the pods' gateway in the node's block or lease. */
  podGatewayOffset: 1 | 2;
  /** Felix programs ACLs on the endpoints (Calico only). */
  felixAcls: boolean;
  /** The OutBoundNAT exception list for a node. */
  natExceptions(self: PeerNode): string[];
  /** Where the choices come from. */
  source: string;
}

function uniq(xs: (string | undefined)[]): string[] {
  return [...new Set(xs.filter((x): x is string => !!x))];
}

export function windowsCni(view: ClusterView, node: string): WindowsCni {
  const s = view.scenario;
  const calicoPools = (s.calico?.pools ?? []).filter((p) => !p.disabled);
  if (s.flannel && view.datapathOf(node).cni.modelledAs === 'flannel') {
    const vxlan = s.flannel.backend.type === 'vxlan';
    return {
      plugin: 'flannel',
      mode: vxlan ? 'overlay' : 'l2bridge',
      networkName: vxlan ? `flannel.${s.flannel.backend.vni}` : 'cbr0',
      ...(vxlan ? { vsid: s.flannel.backend.vni } : {}),
      flags: vxlan ? 8 : 0,
      hostEndpointName: vxlan ? 'kube-proxy source VIP' : 'cbr0_ep',
      hostEndpointRemote: vxlan,
      podGatewayOffset: vxlan ? 1 : 2,
      felixAcls: false,
      natExceptions: (self) =>
        vxlan ? uniq([...s.serviceCIDRs, s.flannel!.network]) : uniq([s.flannel!.network, ...s.serviceCIDRs, self.subnet?.cidr]),
      source: vxlan ? 'F1/F2 flannel vxlan_windows.go, device_windows.go; W3 sdnoverlay CNI config; K1 source VIP endpoint' : 'F4 flannel hostgw_windows.go; P1 win-bridge',
    };
  }
  const overlay = s.calico?.bgp === 'Disabled';
  return {
    plugin: 'calico',
    mode: overlay ? 'overlay' : 'l2bridge',
    networkName: 'Calico',
    ...(overlay ? { vsid: s.calico?.vxlanVNI ?? 4096 } : {}),
    flags: 0,
    hostEndpointName: 'Calico_ep',
    hostEndpointRemote: overlay,
    podGatewayOffset: overlay ? 1 : 2,
    felixAcls: true,
    natExceptions: () => uniq([...s.serviceCIDRs, ...calicoPools.map((p) => p.cidr)]),
    source: 'C25 cni-plugin dataplane_windows.go; C27 startup_windows.go; C26 winpol',
  };
}
