/**
 * flannel on a Windows node: VXLAN is win-overlay (network `flannel.<VNI>`,
 * Flags 8, kube-proxy's source VIP endpoint at the host side), host-gw is
 * win-bridge (`cbr0`, `cbr0_ep`, a route per remote lease). Its Windows VXLAN
 * backend refuses a VNI below 4096 or a port other than 4789, so no network
 * is created (DATAPATH-FACTS §6.2 [F1][F5]).
 */
import { cidrContains, parseCidr } from '../../../model/ipv4';
import { FLANNEL, flannelSettings, type FlannelSpec } from '../../../model/flannel';
import type { HopResult } from '../../../model/hop';
import type { Packet } from '../../../model/packet';
import { innerIp } from '../../../model/packetOps';
import { HOST_VNIC } from '../../network';
import type { NetworkMissing } from '../../networkMissing';
import { stop, type Ctx } from '../../nodeContext';
import { natList, type WindowsCni, type WindowsCniPlugin } from '../plugin';

const SDNOVERLAY = 'W3 sig-windows-tools hostprocess/flannel/flanneld/start.ps1: sdnoverlay OutBoundNAT Exceptions = serviceSubnet, podSubnet';
const L2BRIDGE = 'M6 microsoft/SDN Kubernetes/flannel/l2bridge/cni/config/cni.conf (P1 win-bridge): OutBoundNAT ExceptionList = cluster CIDR, service CIDR, node subnet';

function networkMissing(b: FlannelSpec['backend']): NetworkMissing | undefined {
  if (b.type !== 'vxlan') return undefined;
  const src = 'F1 flannel pkg/backend/vxlan/vxlan_windows.go: Windows needs VNI ≥ 4096 and UDP port 4789 (DATAPATH-FACTS §6.2; F5 backends.md)';
  if (b.vni < 4096) return { finding: 'flannel-vni', detail: `VNI ${b.vni} < 4096`, source: src, assumption: false };
  if (b.port !== 4789) return { finding: 'flannel-port', detail: `port ${b.port} ≠ 4789`, source: src, assumption: false };
  return undefined;
}

/**
 * Flannel VXLAN (win-overlay): the node itself reaches only its own pods
 * (K6 "Networking on Windows", Limitations: "Node-pod connectivity is only
 * possible for local pods with Flannel v0.12.0 (or higher)"). Assumption:
 * the packet is lost at the host's vNIC (the docs do not say where).
 */
function hostToRemotePod(c: Ctx, p: Packet): HopResult | undefined {
  const { st, rec } = c;
  if (st.mode !== 'overlay') return undefined;
  const dst = innerIp(p).dst;
  const owner = st.network.Policies.find((x) => x.Type === 'RemoteSubnetRoute' && cidrContains(parseCidr(x.DestinationPrefix) ?? st.block, dst));
  const pa = owner?.Type === 'RemoteSubnetRoute' ? owner.ProviderAddress : '';
  rec.add({ at: { component: 'routing', layer: HOST_VNIC }, action: 'drop', before: p, rule: { text: `${st.network.Name}: ${dst} is a pod of another node (RemoteSubnetRoute PA ${pa})`, source: 'K6 kubernetes.io windows-networking, Limitations (Flannel VXLAN): node-pod connectivity only for local pods; assumption: lost at the host vNIC', assumption: true }, explain: 'windows.flannelOverlayNodeToRemotePod', params: { dst } });
  return stop(c, 'unsupported', 'flannel-overlay-node-to-remote-pod', { dst, owner: pa });
}

export const flannelWindows: WindowsCniPlugin = {
  name: FLANNEL,
  network(view): WindowsCni | undefined {
    const s = view.scenario;
    const flannel = flannelSettings(s);
    if (!flannel) return undefined;
    const vxlan = flannel.backend.type === 'vxlan';
    const missing = networkMissing(flannel.backend);
    return {
      mode: vxlan ? 'overlay' : 'l2bridge',
      networkName: vxlan ? `flannel.${flannel.backend.vni}` : 'cbr0',
      ...(vxlan ? { vsid: flannel.backend.vni } : {}),
      flags: vxlan ? 8 : 0,
      hostEndpointName: vxlan ? 'kube-proxy source VIP' : 'cbr0_ep',
      hostEndpointRemote: vxlan,
      hostEndpointAtSourceVip: vxlan,
      sourceVipSource: 'W2 sig-windows-tools hostprocess/flannel/kube-proxy/start.ps1: --source-vip = an address host-local reserves in the node\'s lease (assumption: .2)',
      podGatewayOffset: vxlan ? 1 : 2,
      felixAcls: false,
      // Flannel's Windows CNI configs always carry OutBoundNAT (ipMasq).
      podNat: () => true,
      natExceptions: (own) =>
        vxlan
          ? natList([...s.serviceCIDRs.map((cidr) => ({ cidr, source: SDNOVERLAY })), { cidr: flannel.network, source: SDNOVERLAY }])
          : natList([{ cidr: flannel.network, source: L2BRIDGE }, ...s.serviceCIDRs.map((cidr) => ({ cidr, source: L2BRIDGE })), own.subnet ? { cidr: own.subnet.cidr, source: L2BRIDGE } : undefined]),
      remoteRoutes: { protocol: 'NetMgmt', source: 'F4 flannel hostgw_windows.go: a route per remote lease via that node\'s PublicIP' },
      ...(missing ? { networkMissing: missing } : {}),
      source: vxlan ? 'F1/F2 flannel vxlan_windows.go, device_windows.go; W3 sdnoverlay CNI config; K1 source VIP endpoint' : 'F4 flannel hostgw_windows.go; P1 win-bridge',
    };
  },
  ipv6Refusal: (mode) =>
    mode === 'overlay'
      ? { code: 'windows-ipv6-overlay', source: 'P2 win-overlay (IPv6 unsupported); K1 winkernel DualStackCompatible: "Winoverlay does not support dual-stack"; K6 Limitations: no IPv6 between Windows pods on overlay networks' }
      : { code: 'windows-ipv6-l2bridge', source: 'K6 Windows Service Settings: IPv4/IPv6 dual-stack from Windows Server 2019 on L2Bridge; packetwalk models IPv4 only (model limit)' },
  hostToRemotePod,
};
