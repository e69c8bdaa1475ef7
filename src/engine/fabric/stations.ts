/**
 * The machines of the fabric that are not Kubernetes nodes: the gateway
 * (routes between its subnets and the uplink, TTL−1) and hosts such as the
 * outside `client` and the `internet` host (send from a socket, deliver to a
 * socket; every port is assumed to have a listener).
 */
import type { Arrival, HopContext, HopResult, Station } from '../model/hop';
import type { Packet } from '../model/packet';
import type { Ipv4Header } from '../model/packet';
import { innerIp, outerIp, ports, withOuterEth, withoutOuterEth } from '../model/packetOps';
import { StepRecorder } from '../model/steps';
import { isIPv4, isLoopback } from '../model/ipv4';
import { stationMac } from '../model/macs';
import { segmentOf, type FabricState } from './fabric';
import { fabricMtuGate, UPLINK_MTU } from './linkMtu';
import type { Component, ExplainKey } from '../model/stepVocabulary';
import { machineId } from '../model/partIds';

const ASSUMED = 'assumption: the Fabric gateway is a plain router';

/** What the receiving socket of a machine on the fabric sees. */
function socketOf(name: string, p: Packet) {
  const ip = innerIp(p);
  const { sport, dport } = ports(p);
  const icmp = ip.proto === 'icmp';
  return { node: name, ip: ip.dst, port: icmp ? undefined : dport, seenSrcIp: ip.src, seenSrcPort: icmp ? undefined : sport, ttl: ip.ttl };
}

/**
 * A machine answering for its own address with no listener there (the
 * gateway, a plain router): an ICMP echo request gets its echo reply (the
 * packet is delivered to the stack), TCP a reset, UDP an ICMP port unreachable.
 * Assumption: nothing listens on the gateway (the Fabric lists no services).
 */
function answerOwnAddress(name: string, rec: StepRecorder, p: Packet, who: string): HopResult {
  const ip = innerIp(p);
  if (ip.proto === 'icmp') {
    rec.add({ at: { component: 'socket', layer: name }, action: 'deliver', before: p, rule: { text: `${ip.dst}: an address of ${name}`, source: 'RFC 1122 §3.2.2.6: every host answers an echo request', }, explain: 'fabric.echo', params: { host: name, src: ip.src } });
    return { steps: rec.steps, outcome: { kind: 'deliver', delivered: socketOf(name, p) } };
  }
  const { sport, dport } = ports(p);
  const back = { kind: 'ipv4' as const, src: ip.dst, dst: ip.src, ttl: 64, proto: ip.proto === 'tcp' ? ('tcp' as const) : ('icmp' as const), len: ip.proto === 'tcp' ? 40 : 56 };
  const answer: Packet = ip.proto === 'tcp' ? { headers: [back, { kind: 'tcp', sport: dport ?? 1, dport: sport ?? 1, flags: 'R.' }] } : { headers: [back, { kind: 'icmp', type: 3, code: 3 }] };
  rec.add({ at: { component: 'socket', layer: name }, action: 'reject', before: p, after: answer, rule: { text: `${ip.dst}:${dport ?? 0}/${ip.proto}: no listener on ${name}`, source: `RFC 793 (reset for a closed port) / RFC 1122 §3.2.2.1 (port unreachable); assumption: nothing listens on the ${who}`, assumption: true }, explain: 'fabric.portClosed', params: { host: name, port: dport ?? 0, proto: ip.proto } });
  return { steps: rec.steps, outcome: { kind: 'stop', verdict: 'rejected', reason: { code: 'port-closed', params: { host: name, port: dport ?? 0, proto: ip.proto } } } };
}

/**
 * A machine at an address of a Fabric subnet that the Fabric does not list:
 * the source of a `--from-node` flow (it sent the packet, so it exists and
 * answers ARP for its address). Named by its address.
 */
export function genericHost(f: FabricState, name: string): (FabricState['hosts'][number]) | undefined {
  if (!isIPv4(name) || !segmentOf(f, name)) return undefined;
  return { name, ip: name, mac: stationMac(`generic/${name}`), external: false };
}

function sendTo(rec: StepRecorder, from: string, p: Packet, srcMac: string, station: Station, link: string, explain: ExplainKey, params: Record<string, string | number>, component: Component = 'fabric'): HopResult {
  const framed = withOuterEth(p, { src: srcMac, dst: station.mac });
  rec.add({ at: { component, layer: link }, action: 'transmit', before: p, after: framed, explain, params: { ...params, to: station.name, mac: station.mac } });
  return { steps: rec.steps, outcome: { kind: 'send', next: { place: station.place, packet: framed, iif: station.ifname }, wire: { from, to: station.name, link } } };
}

function noRoute(rec: StepRecorder, p: Packet, who: string): HopResult {
  const dst = outerIp(p).dst;
  rec.add({ at: { component: 'fabric', layer: who }, action: 'drop', before: p, rule: { text: `no route to ${dst}`, source: ASSUMED, assumption: true }, explain: 'fabric.noRoute', params: { dst, at: who } });
  return { steps: rec.steps, outcome: { kind: 'stop', verdict: 'no-route', reason: { code: 'gateway-no-route', params: { dst } } } };
}

/**
 * A host's ARP for its next hop goes unanswered (an address of its own subnet that no machine holds): the kernel
 * drops the queued packet when the neighbour entry fails. It is not a routing failure: nothing on the wire answers,
 * and the ICMP host unreachable the stack then makes for itself is no hard error to a UDP socket (timeout).
 * @see Linux net/core/neighbour.c neigh_invalidate → net/ipv4/route.c ipv4_link_failure; net/ipv4/icmp.c icmp_err_convert (EHOSTUNREACH not fatal)
 */
function arpFailed(rec: StepRecorder, p: Packet, who: string, ip: string, link: string): HopResult {
  rec.add({ at: { component: 'fabric', layer: who }, action: 'drop', before: p, rule: { text: `${ip} FAILED (no ARP reply on ${link})`, source: 'RFC 826 (ARP); Linux net/core/neighbour.c (NUD_FAILED)' }, explain: 'fabric.arpFailed', params: { ip, at: who, link } });
  return { steps: rec.steps, outcome: { kind: 'stop', verdict: 'dropped', reason: { code: 'neighbour-unreachable', params: { ip, node: who } } } };
}

/** Where the gateway sends a packet for `dst`: a station on a connected subnet (by ARP), or an external host on the uplink. */
function gatewayNextHop(f: FabricState, dst: string, ctx: HopContext): { station: Station; link: string; srcMac: string; mtu: number } | undefined {
  const seg = segmentOf(f, dst);
  if (seg) {
    const station = ctx.arp(seg.subnet.gateway, dst);
    const own = seg.stations.find((s) => s.place.kind === 'gateway')!;
    return station ? { station, link: seg.subnet.name, srcMac: own.mac, mtu: seg.subnet.mtu } : undefined;
  }
  const h = f.hosts.find((x) => x.external && x.ip === dst);
  return h ? { station: { mac: h.mac, name: h.name, ifname: 'eth0', link: 'uplink', place: { kind: 'fabric-host', name: h.name } }, link: 'uplink', srcMac: f.uplinkMac, mtu: UPLINK_MTU } : undefined;
}

/** The packet with its outermost IPv4 header patched (the header a router reads and rewrites). */
function patchOuterIp(p: Packet, patch: Partial<Omit<Ipv4Header, 'kind'>>): Packet {
  const i = p.headers.findIndex((h) => h.kind === 'ipv4');
  return { headers: p.headers.map((h, j) => (j === i ? ({ ...h, ...patch } as Ipv4Header) : { ...h })) };
}

/**
 * A plain IPv4 router: it routes on the outermost IPv4 header and decrements
 * that header's TTL (RFC 1812 §5.3.1); a VXLAN packet is opaque UDP to it.
 */
export function evaluateGateway(f: FabricState, arrival: Arrival, ctx: HopContext): HopResult {
  const rec = new StepRecorder(f.gatewayName, () => machineId('gateway', f.gatewayName));
  let p = withoutOuterEth(arrival.packet);
  const ip = outerIp(p);
  const own = f.segments.some((sg) => sg.subnet.gateway === ip.dst);
  if (own && !arrival.local) return answerOwnAddress(f.gatewayName, rec, p, 'gateway');
  if (own) return { steps: rec.steps, outcome: { kind: 'deliver', delivered: socketOf(f.gatewayName, p) } };
  if (ip.ttl <= 1) {
    rec.add({ at: { component: 'fabric', layer: f.gatewayName }, action: 'drop', before: p, explain: 'linux.ttlExceeded', params: { dst: ip.dst } });
    return { steps: rec.steps, outcome: { kind: 'stop', verdict: 'dropped', reason: { code: 'ttl-exceeded', params: { node: f.gatewayName } } } };
  }
  const hop = gatewayNextHop(f, ip.dst, ctx);
  if (!hop) return noRoute(rec, p, f.gatewayName);
  if (arrival.local) {
    const sent = fabricMtuGate(f.gatewayName, hop.link, hop.mtu, p, true, ctx, rec);
    return 'outcome' in sent ? sent : sendTo(rec, f.gatewayName, sent, hop.srcMac, hop.station, hop.link, 'fabric.hostSend', { dst: ip.dst, via: hop.station.name });
  }
  p = rec.add({ at: { component: 'fabric', layer: f.gatewayName }, action: 'forward', before: p, after: patchOuterIp(p, { ttl: ip.ttl - 1 }), rule: { text: `${ip.dst} via ${hop.link}`, source: ASSUMED, assumption: true }, explain: 'fabric.gatewayForward', params: { dst: ip.dst, link: hop.link } });
  const fits = fabricMtuGate(f.gatewayName, hop.link, hop.mtu, p, false, ctx, rec);
  return 'outcome' in fits ? fits : sendTo(rec, f.gatewayName, fits, hop.srcMac, hop.station, hop.link, 'fabric.transmit', { link: hop.link });
}

export function evaluateFabricHost(f: FabricState, name: string, arrival: Arrival, ctx: HopContext): HopResult {
  // A generic host (an unlisted address) is not drawn.
  const rec = new StepRecorder(name, f.hosts.some((h) => h.name === name) ? () => machineId('host', name) : undefined);
  const host = f.hosts.find((h) => h.name === name) ?? genericHost(f, name);
  if (!host) return { steps: [], outcome: { kind: 'stop', verdict: 'dropped', reason: { code: 'unknown-place', params: { node: name } } } };
  if (arrival.local && (innerIp(arrival.packet).dst === host.ip || isLoopback(innerIp(arrival.packet).dst))) {
    // The host's own address or loopback: its stack loops the packet back; nothing goes on the wire.
    const p = arrival.packet;
    rec.add({ at: { component: 'socket', layer: name }, action: 'deliver', before: p, rule: { text: `${innerIp(p).dst}: a local address of ${name}`, source: 'IP stack loopback of a local address; assumption: every port of a Fabric host has a listener', assumption: true }, explain: 'fabric.deliverLoopback', params: { host: name, dst: innerIp(p).dst } });
    return { steps: rec.steps, outcome: { kind: 'deliver', delivered: socketOf(name, p) } };
  }
  if (!arrival.local) {
    const p = withoutOuterEth(arrival.packet);
    const ip = innerIp(p);
    if (ip.dst !== host.ip) return { steps: rec.steps, outcome: { kind: 'stop', verdict: 'dropped', reason: { code: 'not-for-this-host', params: { dst: ip.dst, host: name } } } };
    const { sport, dport } = ports(p);
    rec.add({ at: { component: 'socket', layer: name }, action: 'deliver', before: p, explain: 'fabric.deliver', params: { host: name, src: ip.src } });
    const icmp = ip.proto === 'icmp';
    return { steps: rec.steps, outcome: { kind: 'deliver', delivered: { node: name, ip: ip.dst, port: icmp ? undefined : dport, seenSrcIp: ip.src, seenSrcPort: icmp ? undefined : sport, ttl: ip.ttl } } };
  }
  const dst = innerIp(arrival.packet).dst;
  const seg = host.external ? undefined : segmentOf(f, host.ip)!;
  // The host's own socket sends: its link's MTU first (fragment, or EMSGSIZE with DF; linkMtu.ts).
  const p = fabricMtuGate(name, host.external ? 'uplink' : seg!.subnet.name, seg?.subnet.mtu ?? UPLINK_MTU, arrival.packet, true, ctx, rec);
  if ('outcome' in p) return p;
  if (!seg) {
    const gw: Station = { mac: f.uplinkMac, name: f.gatewayName, ifname: 'uplink', link: 'uplink', place: { kind: 'gateway' } };
    return sendTo(rec, name, p, host.mac, gw, 'uplink', 'fabric.hostSend', { dst, via: f.gatewayName });
  }
  const direct = segmentOf(f, dst) === seg;
  const nextHop = direct ? dst : seg.subnet.gateway;
  const station = ctx.arp(host.ip, nextHop);
  if (!station) return arpFailed(rec, p, name, nextHop, seg.subnet.name);
  return sendTo(rec, name, p, host.mac, station, seg.subnet.name, 'fabric.hostSend', { dst, via: nextHop });
}
