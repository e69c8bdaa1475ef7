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
import { segmentOf, type FabricState } from './fabric';

const ASSUMED = 'assumption: the Fabric gateway is a plain router';

function sendTo(rec: StepRecorder, from: string, p: Packet, srcMac: string, station: Station, link: string, explain: string, params: Record<string, string | number>, component = 'fabric'): HopResult {
  const framed = withOuterEth(p, { src: srcMac, dst: station.mac });
  rec.add({ at: { component, layer: link }, action: 'transmit', before: p, after: framed, explain, params: { ...params, to: station.name, mac: station.mac } });
  return { steps: rec.steps, outcome: { kind: 'send', next: { place: station.place, packet: framed, iif: station.ifname }, wire: { from, to: station.name, link } } };
}

function noRoute(rec: StepRecorder, p: Packet, who: string): HopResult {
  const dst = outerIp(p).dst;
  rec.add({ at: { component: 'fabric', layer: who }, action: 'drop', before: p, rule: { text: `no route to ${dst}`, source: ASSUMED, assumption: true }, explain: 'fabric.noRoute', params: { dst, at: who } });
  return { steps: rec.steps, outcome: { kind: 'stop', verdict: 'no-route', reason: { code: 'gateway-no-route', params: { dst } } } };
}

/** Where the gateway sends a packet for `dst`: a station on a connected subnet, or an external host on the uplink. */
function gatewayNextHop(f: FabricState, dst: string): { station: Station; link: string; srcMac: string } | undefined {
  const seg = segmentOf(f, dst);
  if (seg) {
    const station = seg.stations.find((s) => s.ip === dst);
    const own = seg.stations.find((s) => s.place.kind === 'gateway')!;
    return station ? { station, link: seg.subnet.name, srcMac: own.mac } : undefined;
  }
  const h = f.hosts.find((x) => x.external && x.ip === dst);
  return h ? { station: { mac: h.mac, name: h.name, ifname: 'eth0', link: 'uplink', place: { kind: 'fabric-host', name: h.name } }, link: 'uplink', srcMac: f.uplinkMac } : undefined;
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
export function evaluateGateway(f: FabricState, arrival: Arrival): HopResult {
  const rec = new StepRecorder(f.gatewayName);
  let p = withoutOuterEth(arrival.packet);
  const ip = outerIp(p);
  if (ip.ttl <= 1) {
    rec.add({ at: { component: 'fabric', layer: f.gatewayName }, action: 'drop', before: p, explain: 'linux.ttlExceeded', params: { dst: ip.dst } });
    return { steps: rec.steps, outcome: { kind: 'stop', verdict: 'dropped', reason: { code: 'ttl-exceeded', params: { node: f.gatewayName } } } };
  }
  const hop = gatewayNextHop(f, ip.dst);
  if (!hop) return noRoute(rec, p, f.gatewayName);
  p = rec.add({ at: { component: 'fabric', layer: f.gatewayName }, action: 'forward', before: p, after: patchOuterIp(p, { ttl: ip.ttl - 1 }), rule: { text: `${ip.dst} via ${hop.link}`, source: ASSUMED, assumption: true }, explain: 'fabric.gatewayForward', params: { dst: ip.dst, link: hop.link } });
  return sendTo(rec, f.gatewayName, p, hop.srcMac, hop.station, hop.link, 'fabric.transmit', { link: hop.link });
}

export function evaluateFabricHost(f: FabricState, name: string, arrival: Arrival, ctx: HopContext): HopResult {
  const rec = new StepRecorder(name);
  const host = f.hosts.find((h) => h.name === name)!;
  if (!arrival.local) {
    const p = withoutOuterEth(arrival.packet);
    const ip = innerIp(p);
    if (ip.dst !== host.ip) return { steps: rec.steps, outcome: { kind: 'stop', verdict: 'dropped', reason: { code: 'not-for-this-host', params: { dst: ip.dst, host: name } } } };
    const { sport, dport } = ports(p);
    rec.add({ at: { component: 'socket', layer: name }, action: 'deliver', before: p, explain: 'fabric.deliver', params: { host: name, src: ip.src } });
    const icmp = ip.proto === 'icmp';
    return { steps: rec.steps, outcome: { kind: 'deliver', delivered: { node: name, ip: ip.dst, port: icmp ? undefined : dport, seenSrcIp: ip.src, seenSrcPort: icmp ? undefined : sport, ttl: ip.ttl } } };
  }
  const p = arrival.packet;
  const dst = innerIp(p).dst;
  if (host.external) {
    const gw: Station = { mac: f.uplinkMac, name: f.gatewayName, ifname: 'uplink', link: 'uplink', place: { kind: 'gateway' } };
    return sendTo(rec, name, p, host.mac, gw, 'uplink', 'fabric.hostSend', { dst, via: f.gatewayName });
  }
  const seg = segmentOf(f, host.ip)!;
  const direct = segmentOf(f, dst) === seg;
  const nextHop = direct ? dst : seg.subnet.gateway;
  const station = ctx.arp(host.ip, nextHop);
  if (!station) return noRoute(rec, p, name);
  return sendTo(rec, name, p, host.mac, station, seg.subnet.name, 'fabric.hostSend', { dst, via: nextHop });
}
