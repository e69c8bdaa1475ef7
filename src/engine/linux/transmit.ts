/**
 * Leaving a Linux node by a device: the MTU check, then per device kind —
 * a `cali…` veth to its pod (static ARP entry), a VXLAN device
 * (`vxlan.calico`, or flannel's `flannel.<VNI>` with its own VNI and port:
 * ARP for the gateway → remote VTEP MAC, FDB → remote node IP, VXLAN
 * encapsulation, then the NIC), Calico's `tunl0` (IP-in-IP, ipip.ts), flannel's `cni0` bridge (ARP for the pod,
 * then the bridge forwards the frame out of the pod's veth port), or the NIC
 * itself (ARP for the next hop on the node network).
 *
 * Assumption: the encapsulated packet's own pass through OUTPUT/POSTROUTING
 * is not shown; none of the modelled rules match UDP 4789 between node IPs.
 */
import type { HopContext, HopResult } from '../model/hop';
import { ephemeralPort } from '../model/hash';
import type { Packet, UdpHeader } from '../model/packet';
import { HEADER_BYTES } from '../model/packet';
import { innerIp, ipLength, outerIp, ports, withOuterEth } from '../model/packetOps';
import type { StepRecorder } from '../model/steps';
import { encapsulateIpip } from './ipip';
import { checkMtu } from '../model/mtu';
import { findFdb, findNeighbour, formatFdb, formatNeighbour } from './neigh';
import { VXLAN_IFACE } from './names';
import { formatRoute, lookupRoute, routeRuleId } from './routes';
import { fdbId, neighId, ruleIds } from '../model/ruleIds';
import type { Link, LinuxNodeState, Route } from './state';
import type { ReasonCode } from '../model/stepVocabulary';

const VXLAN_SOURCE = 'C1 felix/dataplane/linux/vxlan_mgr.go; C7 felix/vxlanfdb/vxlan_fdb.go';
const FLANNEL_VXLAN_SOURCE = 'F6 flannel pkg/backend/vxlan/vxlan_network.go, device.go (AddARP/AddFDB); kernel vxlan driver';

function stop(rec: StepRecorder, verdict: 'dropped' | 'no-route' | 'rejected', code: ReasonCode, params: Record<string, string | number>): HopResult {
  return { steps: rec.steps, outcome: { kind: 'stop', verdict, reason: { code, params } } };
}

/** Applies the MTU of the route/device; returns the packet to send or a stopping result. */
function mtuGate(st: LinuxNodeState, p: Packet, dev: string, route: Route, local: boolean, ctx: HopContext, rec: StepRecorder): Packet | HopResult {
  const link = st.links.find((l) => l.name === dev);
  const mtu = Math.min(route.mtu ?? Infinity, link?.mtu ?? Infinity);
  const d = checkMtu(p, mtu, ctx.flow.df, local);
  if (d.kind === 'fits') return p;
  if (d.kind === 'emsgsize') {
    rec.add({ at: { component: 'socket', layer: dev }, action: 'drop', before: p, explain: 'linux.emsgsize', params: { mtu, dev, size: ipLength(p) } });
    return stop(rec, 'dropped', 'mtu-exceeded-local', { mtu, dev, size: ipLength(p), node: st.name });
  }
  if (d.kind === 'frag-needed') {
    rec.add({ at: { component: 'routing', layer: dev }, action: 'icmp-error', before: p, rule: { id: routeRuleId(route), text: formatRoute(route), source: 'Linux ip_forward(): DF set and larger than the path MTU' }, explain: 'linux.fragNeeded', params: { mtu, dev, size: ipLength(p) } });
    return stop(rec, 'dropped', 'fragmentation-needed', { mtu, dev, size: ipLength(p), node: st.name });
  }
  return rec.add({ at: { component: 'routing', layer: dev }, action: 'fragment', before: p, after: d.first, explain: 'linux.fragment', params: { mtu, dev, count: d.count, size: ipLength(p) } });
}

/**
 * ip_forward() refuses a DF packet larger than the route's MTU before the
 * FORWARD hook runs (ip_exceeds_mtu → ICMP fragmentation needed), so a
 * FORWARD rule (e.g. a policy's drop) never sees it. Undefined when it fits
 * or may be fragmented later (ip_finish_output, after POSTROUTING).
 * @see Linux net/ipv4/ip_forward.c ip_forward()
 */
export function forwardMtuGate(st: LinuxNodeState, p: Packet, route: Route, ctx: HopContext, rec: StepRecorder): HopResult | undefined {
  if (!route.dev) return undefined;
  const link = st.links.find((l) => l.name === route.dev);
  const mtu = Math.min(route.mtu ?? Infinity, link?.mtu ?? Infinity);
  if (checkMtu(p, mtu, ctx.flow.df, false).kind !== 'frag-needed') return undefined;
  const r = mtuGate(st, p, route.dev, route, false, ctx, rec);
  return 'outcome' in r ? r : undefined;
}

/** Out of a NIC (the node's, or a further one: linux/moreNics.ts): ARP for the next hop on its segment, Ethernet header, onto the wire. */
function transmitOnNic(st: LinuxNodeState, p: Packet, nextHop: string, ctx: HopContext, rec: StepRecorder, nic: Link = st.nic): HopResult {
  const station = ctx.arp(nic === st.nic ? st.ip : nic.addrs[0]!.split('/')[0]!, nextHop);
  if (!station) {
    rec.add({ at: { component: 'link', layer: nic.name }, action: 'drop', before: p, explain: 'linux.arpFailed', params: { ip: nextHop, dev: nic.name } });
    return stop(rec, 'dropped', 'neighbour-unreachable', { ip: nextHop, node: st.name });
  }
  const framed = withOuterEth(p, { src: nic.mac, dst: station.mac });
  rec.add({
    at: { component: 'link', layer: nic.name },
    action: 'transmit',
    before: p,
    after: framed,
    rule: { text: `${nextHop} dev ${nic.name} lladdr ${station.mac} REACHABLE`, source: 'kernel ARP (neighbour learned on the node network)' },
    explain: 'linux.transmitNic',
    params: { dev: nic.name, nextHop, mac: station.mac, to: station.name },
  });
  return { steps: rec.steps, outcome: { kind: 'send', next: { place: station.place, packet: framed, iif: station.ifname }, wire: { from: st.name, to: station.name, link: station.link } } };
}

function encapsulate(st: LinuxNodeState, p: Packet, route: Route, ctx: HopContext, rec: StepRecorder): HopResult {
  const dev = route.dev!;
  const vx = st.links.find((l) => l.name === dev)?.vxlan;
  const neigh = route.via ? findNeighbour(st.neigh, dev, route.via) : undefined;
  const fdb = neigh && findFdb(st.fdb, dev, neigh.mac);
  if (!vx || !neigh || !fdb || !st.vtepMac) {
    rec.add({ at: { component: 'vxlan', layer: dev }, action: 'drop', before: p, explain: 'linux.vxlanNoPeer', params: { via: route.via ?? '', dev } });
    return stop(rec, 'dropped', 'vxlan-peer-unknown', { via: route.via ?? '', node: st.name });
  }
  const inner = withOuterEth(p, { src: st.vtepMac, dst: neigh.mac });
  const { sport, dport } = ports(p);
  const ip = innerIp(p);
  const udp: UdpHeader = { kind: 'udp', sport: ephemeralPort(`${ip.src}:${sport}>${ip.dst}:${dport}/${ip.proto}`), dport: vx.port, len: ipLength(p) + HEADER_BYTES.eth + HEADER_BYTES.vxlan + HEADER_BYTES.udp };
  const outer: Packet = {
    headers: [
      { kind: 'ipv4', src: vx.local, dst: fdb.dst, ttl: 64, proto: 'udp', len: udp.len! + HEADER_BYTES.ipv4, df: false },
      udp,
      { kind: 'vxlan', vni: vx.vni, flags: 0x08 },
      ...inner.headers,
    ],
  };
  rec.add({
    at: { component: 'vxlan', layer: dev },
    action: 'encapsulate',
    before: p,
    after: outer,
    rule: { id: ruleIds(neighId(neigh.dev, neigh.ip), fdbId(fdb.dev, fdb.mac)), text: `${formatNeighbour(neigh)}\n${formatFdb(fdb)}`, source: dev === VXLAN_IFACE ? VXLAN_SOURCE : FLANNEL_VXLAN_SOURCE },
    explain: 'linux.encapsulate',
    params: { vni: vx.vni, port: vx.port, vtepMac: neigh.mac, remote: fdb.dst, local: vx.local, dev },
  });
  const outerRoute = lookupRoute(st.routes, fdb.dst);
  if (!outerRoute || outerRoute.dev !== st.nic.name) {
    return stop(rec, 'no-route', 'no-route', { dst: fdb.dst, node: st.name });
  }
  rec.add({ at: { component: 'routing', table: 'main', layer: st.nic.name }, action: 'route', before: outer, rule: { id: routeRuleId(outerRoute), text: formatRoute(outerRoute), source: outerRoute.source, ...(outerRoute.assumption ? { assumption: true } : {}) }, explain: 'linux.routeOuter', params: { dst: fdb.dst, dev: st.nic.name }, level: 'detail' });
  return transmitOnNic(st, outer, outerRoute.via ?? fdb.dst, ctx, rec);
}

/**
 * Out of a bridge (flannel's `cni0`): ARP for the next hop among the pods on
 * the bridge, then the bridge sends the frame out of that pod's veth port.
 * Hairpin mode on the ports (kube-flannel's `hairpinMode: true`) lets a
 * frame go back out of the port it came in by, e.g. a pod reaching itself
 * through a ClusterIP.
 */
function transmitOnBridge(st: LinuxNodeState, p: Packet, route: Route, bridgeMac: string, rec: StepRecorder): HopResult {
  const dev = route.dev!;
  const nextHop = route.via ?? innerIp(p).dst;
  const pod = st.pods.find((x) => x.bridge === dev && x.ip === nextHop);
  const neigh = pod && findNeighbour(st.neigh, dev, pod.ip);
  if (!pod || !neigh) {
    rec.add({ at: { component: 'link', layer: dev }, action: 'drop', before: p, explain: 'linux.arpFailed', params: { ip: nextHop, dev } });
    return stop(rec, 'dropped', 'neighbour-unreachable', { ip: nextHop, node: st.name });
  }
  const framed = withOuterEth(p, { src: bridgeMac, dst: neigh.mac });
  rec.add({
    at: { component: 'link', layer: pod.hostVeth },
    action: 'transmit',
    before: p,
    after: framed,
    rule: { id: neighId(neigh.dev, neigh.ip), text: formatNeighbour(neigh), source: `${neigh.source}; bridge forwarding database: ${neigh.mac} on port ${pod.hostVeth}`, owner: pod.ref },
    explain: 'linux.transmitBridge',
    params: { dev, port: pod.hostVeth, pod: pod.pod },
  });
  return { steps: rec.steps, outcome: { kind: 'send', next: { place: { kind: 'linux-pod', node: st.name, pod: pod.pod }, packet: framed, iif: 'eth0' } } };
}

/**
 * A route of the `local` table: the packet goes out of `lo` and comes back in
 * on `lo` (loopback_xmit → netif_rx), into PREROUTING and INPUT of the same
 * node; it never reaches a wire. Assumption: for a broadcast address only the
 * local copy is traced, not the one sent on the segment.
 */
function loopback(st: LinuxNodeState, p: Packet, route: Route, rec: StepRecorder): HopResult {
  rec.add({
    at: { component: 'link', layer: 'lo' },
    action: 'transmit',
    before: p,
    rule: { id: routeRuleId(route), text: formatRoute(route), source: `${route.source}; drivers/net/loopback.c loopback_xmit`, ...(route.type === 'broadcast' ? { assumption: true } : {}) },
    explain: 'linux.loopback',
    params: { dst: innerIp(p).dst },
    level: 'detail',
  });
  return { steps: rec.steps, outcome: { kind: 'send', next: { place: { kind: 'linux-host', node: st.name }, packet: p, iif: 'lo' } } };
}

/**
 * Sends `p` out by `route` (already chosen and, for forwarded packets,
 * already through FORWARD and POSTROUTING).
 */
export function transmit(st: LinuxNodeState, p: Packet, route: Route, local: boolean, ctx: HopContext, rec: StepRecorder): HopResult {
  if (route.type === 'local' || route.type === 'broadcast') return loopback(st, p, route, rec);
  const dev = route.dev!;
  const gated = mtuGate(st, p, dev, route, local, ctx, rec);
  if ('outcome' in gated) return gated;
  const link = st.links.find((l) => l.name === dev);
  if (link?.kind === 'vxlan') return encapsulate(st, gated, route, ctx, rec);
  if (link?.kind === 'ipip') {
    const enc = encapsulateIpip(st, gated, route, rec);
    if ('stop' in enc) return stop(rec, 'no-route', 'no-route', { dst: enc.stop, node: st.name });
    return transmitOnNic(st, enc.outer, enc.route.via ?? outerIp(enc.outer).dst, ctx, rec);
  }
  if (dev === st.nic.name) return transmitOnNic(st, gated, route.via ?? innerIp(gated).dst, ctx, rec);
  if (link?.kind === 'physical') return transmitOnNic(st, gated, route.via ?? innerIp(gated).dst, ctx, rec, link);
  if (link?.kind === 'bridge') return transmitOnBridge(st, gated, route, link.mac, rec);
  const pod = st.pods.find((x) => x.hostVeth === dev);
  if (!pod) return stop(rec, 'dropped', 'no-such-device', { dev, node: st.name });
  const neigh = findNeighbour(st.neigh, dev, pod.ip);
  const framed = withOuterEth(gated, { src: st.links.find((l) => l.name === dev)!.mac, dst: neigh?.mac ?? pod.eth0.mac });
  rec.add({
    at: { component: 'link', layer: dev },
    action: 'transmit',
    before: gated,
    after: framed,
    rule: neigh ? { id: neighId(neigh.dev, neigh.ip), text: formatNeighbour(neigh), source: neigh.source, owner: pod.ref } : undefined,
    explain: 'linux.transmitVeth',
    params: { dev, pod: pod.pod },
  });
  return { steps: rec.steps, outcome: { kind: 'send', next: { place: { kind: 'linux-pod', node: st.name, pod: pod.pod }, packet: framed, iif: 'eth0' } } };
}
