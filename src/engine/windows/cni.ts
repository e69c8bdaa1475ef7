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
 * | OutBoundNAT exceptions | service CIDRs + all pools (node subnet disputed) | same | service CIDR + pod subnet | cluster network + service CIDR + node subnet |
 * | ACLs | Felix | Felix | none | none |
 *
 * @see DATAPATH-FACTS §8.1, §8.3 [C25][C26][C27] (Calico); §6.1 [F4][P1][M6]
 *   (win-bridge), §6.2 [F1][F2][W2][W3][P2] (win-overlay), §4.4 [K1] (source VIP endpoint).
 */
import type { ClusterView, PeerNode } from '../model/clusterView';
import { flannelSettings } from '../model/flannel';
import type { WindowsNetworkMode } from './state';
import { calicoSettings } from '../model/calico';

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
  /** The OutBoundNAT exception list for a node, each entry with who writes it. */
  natExceptions(self: PeerNode): NatException[];
  /** A range the CNI leaves out of the list although a source says it is excepted (sources disagree). */
  natDisputed?(self: PeerNode): NatException | undefined;
  /** Where the choices come from. */
  source: string;
}

/** One OutBoundNAT exception and the file or function that writes it. */
export interface NatException {
  cidr: string;
  source: string;
}

/** The list in order, first writer of a range wins (the real lists have no duplicates to speak of). */
function uniq(xs: (NatException | undefined)[]): NatException[] {
  const seen = new Set<string>();
  return xs.filter((x): x is NatException => !!x?.cidr && !seen.has(x.cidr) && !!seen.add(x.cidr));
}

const SDNOVERLAY = 'W3 sig-windows-tools hostprocess/flannel/flanneld/start.ps1: sdnoverlay OutBoundNAT Exceptions = serviceSubnet, podSubnet';
const L2BRIDGE = 'M6 microsoft/SDN Kubernetes/flannel/l2bridge/cni/config/cni.conf (P1 win-bridge): OutBoundNAT ExceptionList = cluster CIDR, service CIDR, node subnet';
const CALICO_SVC = 'O1 tigera/operator render/windows.go, C29 cni.conf.template: OutBoundNAT ExceptionList = the service CIDRs';
const CALICO_POOL = 'C26 winpol.CalculateEndpointPolicies: every IP pool CIDR (masked) appended';

export function windowsCni(view: ClusterView, node: string): WindowsCni {
  const s = view.scenario;
  const calicoPools = (calicoSettings(s)?.pools ?? []).filter((p) => !p.disabled);
  const flannel = flannelSettings(s);
  if (flannel && view.datapathOf(node).cni.modelledAs === 'flannel') {
    const vxlan = flannel.backend.type === 'vxlan';
    return {
      plugin: 'flannel',
      mode: vxlan ? 'overlay' : 'l2bridge',
      networkName: vxlan ? `flannel.${flannel.backend.vni}` : 'cbr0',
      ...(vxlan ? { vsid: flannel.backend.vni } : {}),
      flags: vxlan ? 8 : 0,
      hostEndpointName: vxlan ? 'kube-proxy source VIP' : 'cbr0_ep',
      hostEndpointRemote: vxlan,
      podGatewayOffset: vxlan ? 1 : 2,
      felixAcls: false,
      natExceptions: (self) =>
        vxlan
          ? uniq([...s.serviceCIDRs.map((cidr) => ({ cidr, source: SDNOVERLAY })), { cidr: flannel.network, source: SDNOVERLAY }])
          : uniq([{ cidr: flannel.network, source: L2BRIDGE }, ...s.serviceCIDRs.map((cidr) => ({ cidr, source: L2BRIDGE })), self.subnet ? { cidr: self.subnet.cidr, source: L2BRIDGE } : undefined]),
      source: vxlan ? 'F1/F2 flannel vxlan_windows.go, device_windows.go; W3 sdnoverlay CNI config; K1 source VIP endpoint' : 'F4 flannel hostgw_windows.go; P1 win-bridge',
    };
  }
  const overlay = calicoSettings(s)?.bgp === 'Disabled';
  return {
    plugin: 'calico',
    mode: overlay ? 'overlay' : 'l2bridge',
    networkName: 'Calico',
    ...(overlay ? { vsid: calicoSettings(s)?.vxlanVNI ?? 4096 } : {}),
    flags: 0,
    hostEndpointName: 'Calico_ep',
    hostEndpointRemote: overlay,
    podGatewayOffset: overlay ? 1 : 2,
    felixAcls: true,
    natExceptions: () => uniq([...s.serviceCIDRs.map((cidr) => ({ cidr, source: CALICO_SVC })), ...calicoPools.map((p) => ({ cidr: p.cidr, source: CALICO_POOL }))]),
    // The node subnet: current dataplane_windows.go createAndAttachContainerEP passes only the pools (C25); the
    // older cni-plugin network_windows.go and the docs (D1) also except it unless windows_disable_host_subnet_nat_exclusion.
    natDisputed: (self) => (self.subnet ? { cidr: self.subnet.cidr, source: 'C25 cni-plugin dataplane_windows.go createAndAttachContainerEP: NAT exclusions = the IP pools only, so the node subnet is SNATed; D1 Calico docs (limitations) and the older projectcalico/cni-plugin network_windows.go except the node subnet unless windows_disable_host_subnet_nat_exclusion — sources disagree (assumption: current code)' } : undefined),
    source: 'C25 cni-plugin dataplane_windows.go; C27 startup_windows.go; C26 winpol',
  };
}
