/**
 * The MTU of a Windows node's vNICs and what happens to a packet that does
 * not fit.
 *
 * - The host's `vEthernet (Ethernet)` keeps the physical NIC's MTU (the
 *   Fabric subnet's, 1500 by default).
 * - An HNS endpoint on an Overlay network carries `EncapOverhead 50` (the
 *   real dump hns-endpoint-1.txt, RKE2 + Calico on WS2022; the AKS endpoint
 *   in DATAPATH-FACTS §4 [M12]): the VXLAN headers VFP adds (outer IPv4 20 +
 *   UDP 8 + VXLAN 8 + inner Ethernet 14). flannel's Windows VXLAN backend
 *   gives its network the NIC MTU − 50 as well (DATAPATH-FACTS §6 [F1][F3]),
 *   and Microsoft's Service Fabric container-networking patch sets overlay
 *   interfaces to 1450. Assumption (no source states the mechanism): HNS sets
 *   the endpoint's vNIC MTU to the host NIC's MTU − EncapOverhead.
 * - L2Bridge endpoints have no EncapOverhead: the vNIC has the NIC's MTU.
 *
 * A sender on the node (a pod's or the host's socket) that does not fit its
 * vNIC either fails (DF requested: Microsoft Learn, IPPROTO_IP socket options,
 * IP_DONTFRAGMENT) or is fragmented by the stack; a forwarded packet with DF
 * gets ICMP "fragmentation needed" back (RFC 1191). The decision is the
 * shared one of model/mtu.ts.
 */
import type { HopResult } from '../model/hop';
import { checkMtu } from '../model/mtu';
import type { Packet } from '../model/packet';
import { VXLAN_OVERHEAD } from '../model/packet';
import { ipLength } from '../model/packetOps';
import type { StepLocation } from '../model/trace';
import type { HnsEndpoint } from './hns';
import type { Ctx } from './nodeContext';
import { stop } from './nodeContext';

export const VNIC_MTU_SOURCE =
  'HNS endpoint EncapOverhead (hns-endpoint-1.txt: EncapOverhead 50 on an Overlay endpoint; DATAPATH-FACTS §4 [M12]); flannel Windows VXLAN: MTU = NIC MTU − 50 [F1][F3]; assumption: HNS sets the vNIC MTU to the NIC MTU − EncapOverhead';

/** The MTU of an HNS endpoint's vNIC: the host NIC's MTU less the endpoint's encapsulation overhead. */
export function vnicMtu(nicMtu: number, ep: Pick<HnsEndpoint, 'EncapOverhead'> | undefined): number {
  const overhead = ep?.EncapOverhead;
  return Number.isInteger(overhead) && overhead! > 0 && overhead! < nicMtu - 68 ? nicMtu - overhead! : nicMtu;
}

/** The room VFP's VXLAN encapsulation needs on the wire: an inner packet must fit the NIC MTU less this. */
export function overlayInnerMtu(nicMtu: number): number {
  return nicMtu - VXLAN_OVERHEAD;
}

export interface MtuGate {
  mtu: number;
  /** The interface named in the trace, e.g. the pod's vNIC or `vEthernet (Ethernet)`. */
  dev: string;
  at: StepLocation;
  /** Whether this node's own socket sends the packet (pod or host), vs forwarding it. */
  local: boolean;
  /** How the MTU came about, shown on the step's rule. */
  why: string;
  /** Extra reason parameters (the pod, the overhead). */
  params?: Record<string, string | number>;
}

/** Applies an MTU on the way out: the packet to go on with (perhaps its first fragment) or the stop. */
export function windowsMtuGate(c: Ctx, p: Packet, g: MtuGate): Packet | HopResult {
  const d = checkMtu(p, g.mtu, c.ctx.flow.df, g.local);
  if (d.kind === 'fits') return p;
  const size = ipLength(p);
  const params = { mtu: g.mtu, dev: g.dev, size, ...g.params };
  const rule = { text: `${g.dev}: NlMtu ${g.mtu}`, source: `${g.why}; ${VNIC_MTU_SOURCE}`, assumption: true };
  if (d.kind === 'emsgsize') {
    c.rec.add({ at: g.at, action: 'drop', before: p, rule, explain: 'windows.vnicMtuEmsgsize', params });
    return stop(c, 'dropped', 'vnic-mtu-exceeded', params);
  }
  if (d.kind === 'frag-needed') {
    c.rec.add({ at: g.at, action: 'icmp-error', before: p, rule, explain: 'windows.vnicMtuFragNeeded', params });
    return stop(c, 'dropped', 'fragmentation-needed', params);
  }
  return c.rec.add({ at: g.at, action: 'fragment', before: p, after: d.first, rule, explain: 'windows.vnicMtuFragment', params: { ...params, count: d.count } });
}

export function isStop(x: Packet | HopResult): x is HopResult {
  return 'outcome' in x;
}
