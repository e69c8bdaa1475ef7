/** Leaving a Windows node: the host's route table and neighbour, the wire, and VXLAN encapsulation. */
import { ephemeralPort } from '../model/hash';
import type { HopResult, UftRoute } from '../model/hop';
import { cidrContains } from '../model/ipv4';
import type { Packet, UdpHeader } from '../model/packet';
import { HEADER_BYTES } from '../model/packet';
import { innerIp, ipLength, ports, withOuterEth, withoutOuterEth } from '../model/packetOps';
import { hnsMac, packetMac } from './hns';
import { HOST_VNIC, PHYSICAL_NIC } from './network';
import { netRouteId } from '../model/ruleIds';
import type { WindowsNodeState } from './state';
import { failedLb, icmpToServiceVip, missingLbStop, unservedClusterIpPort } from './loadBalancing';
import type { Ctx } from './nodeContext';
import { deliverToHost, stop, VXLAN_PORT } from './nodeContext';
import { isStop, windowsMtuGate } from './vnicMtu';

/** ARP on the node network and onto the wire through the external port. */
export function transmitWire(c: Ctx, p: Packet, nextHop: string, srcMac: string): HopResult {
  const { st, ctx, rec } = c;
  const station = ctx.arp(st.ip, nextHop);
  if (!station) {
    rec.add({ at: { component: 'link', layer: PHYSICAL_NIC }, action: 'drop', before: p, explain: 'windows.arpFailed', params: { ip: nextHop } });
    return stop(c, 'dropped', 'neighbour-unreachable', { ip: nextHop });
  }
  const bare = p.headers[0]?.kind === 'eth' ? withoutOuterEth(p) : p;
  const framed = withOuterEth(bare, { src: srcMac, dst: station.mac });
  rec.add({
    at: { component: 'link', layer: PHYSICAL_NIC },
    action: 'transmit',
    before: p,
    after: framed,
    rule: { text: `Get-NetNeighbor ${nextHop}: ${hnsMac(station.mac)} Reachable (${HOST_VNIC})`, source: 'Windows ARP cache of the host vNIC' },
    explain: 'windows.transmitWire',
    params: { nextHop, mac: station.mac, to: station.name },
  });
  return { steps: rec.steps, outcome: { kind: 'send', next: { place: station.place, packet: framed, iif: station.ifname }, wire: { from: st.name, to: station.name, link: station.link } } };
}

function hostRouteFor(st: WindowsNodeState, dst: string): WindowsNodeState['hostRoutes'][number] | undefined {
  let best: WindowsNodeState['hostRoutes'][number] | undefined;
  for (const r of st.hostRoutes) if (cidrContains(r.dst, dst) && (!best || r.dst.len > best.dst.len)) best = r;
  return best;
}

/**
 * The outer VXLAN packet leaves through the management vNIC (M2: multi-node
 * VXLAN via the mgmt vNIC), so the host's routes pick its next hop: a
 * provider address on the node's own subnet is ARPed directly, one on another
 * subnet is sent to the default gateway.
 */
export function transmitEncapsulated(c: Ctx, outer: Packet, pa: string): HopResult {
  const { st, rec } = c;
  const best = hostRouteFor(st, pa);
  if (!best) {
    rec.add({ at: { component: 'routing', layer: HOST_VNIC }, action: 'drop', before: outer, explain: 'windows.noRoute', params: { dst: pa } });
    return stop(c, 'no-route', 'no-route', { dst: pa });
  }
  if (best.nextHop === '0.0.0.0') return transmitWire(c, outer, pa, st.hostMac);
  rec.add({
    at: { component: 'routing', layer: HOST_VNIC },
    action: 'route',
    before: outer,
    rule: { id: netRouteId(best.dst.text, best.ifAlias), text: `${best.dst.text} → ${best.nextHop} (${best.ifAlias}, ${best.protocol})`, source: `M2 overlay: VXLAN between nodes leaves through the management vNIC; ${best.source}`, ...(best.assumption ? { assumption: true } : {}) },
    explain: 'windows.outerRoute',
    params: { pa, nextHop: best.nextHop },
  });
  return transmitWire(c, outer, best.nextHop, st.hostMac);
}

/** The host's route table decides the next hop of a packet leaving through the host. */
export function routeByHost(c: Ctx, p: Packet, srcMac: string): HopResult {
  const { st, rec } = c;
  const dst = innerIp(p).dst;
  const noLb = serviceCidrHit(c, p);
  if (noLb) return noLb;
  if (dst === st.ip) return deliverToHost(c, p);
  const best = hostRouteFor(st, dst);
  if (!best) {
    rec.add({ at: { component: 'routing', layer: HOST_VNIC }, action: 'drop', before: p, explain: 'windows.noRoute', params: { dst } });
    return stop(c, 'no-route', 'no-route', { dst });
  }
  const nextHop = best.nextHop === '0.0.0.0' ? dst : best.nextHop;
  const fitted = windowsMtuGate(c, p, { mtu: st.nicMtu, dev: HOST_VNIC, at: { component: 'routing', layer: HOST_VNIC }, local: c.local, why: `${HOST_VNIC} has the MTU of the node's NIC (the Fabric subnet's)` });
  if (isStop(fitted)) return fitted;
  rec.add({
    at: { component: 'routing', layer: HOST_VNIC },
    action: 'route',
    before: p,
    rule: { id: netRouteId(best.dst.text, best.ifAlias), text: `${best.dst.text} → ${best.nextHop} (${best.ifAlias}, ${best.protocol})`, source: best.source, ...(best.assumption ? { assumption: true } : {}) },
    explain: 'windows.hostRoute',
    params: { dst, nextHop },
  });
  return transmitWire(c, fitted, nextHop, srcMac);
}

/** A service frontend with no load balancer on this node (from the compiled state): nothing on Windows answers it. */
export function serviceCidrHit(c: Ctx, p: Packet): HopResult | undefined {
  const f = failedLb(c.st, p);
  return f ? missingLbStop(c, p, f, f.vip === c.st.ip) : icmpToServiceVip(c, p) ?? unservedClusterIpPort(c, p);
}

export function encapsulate(c: Ctx, p: Packet, e: Extract<UftRoute, { kind: 'encap' }>): Packet {
  const { st } = c;
  const bare = p.headers[0]?.kind === 'eth' ? withoutOuterEth(p) : p;
  const inner = withOuterEth(bare, { src: packetMac(st.network.DrMacAddress ?? st.hostMac), dst: e.drMac });
  const ip = innerIp(p);
  const { sport, dport } = ports(p);
  const udp: UdpHeader = { kind: 'udp', sport: ephemeralPort(`${ip.src}:${sport}>${ip.dst}:${dport}/${ip.proto}`), dport: VXLAN_PORT, len: ipLength(bare) + HEADER_BYTES.eth + HEADER_BYTES.vxlan + HEADER_BYTES.udp };
  return { headers: [{ kind: 'ipv4', src: st.ip, dst: e.pa, ttl: 128, proto: 'udp', len: udp.len! + HEADER_BYTES.ipv4, df: false }, udp, { kind: 'vxlan', vni: e.vni, flags: 0x08 }, ...inner.headers] };
}
