/**
 * IP-in-IP through Calico's `tunl0` (the ipip module's fallback device:
 * `ipip any remote any local any ttl inherit nopmtudisc`).
 *
 * Out: a route `<block> via <node IP> dev tunl0 onlink` sends the packet to
 * tunl0, which puts an outer IPv4 header in front (protocol 4, source = the
 * address routing picks toward the next hop, destination = the route's
 * gateway, TTL inherited from the inner packet, DF clear: nopmtudisc); the
 * outer packet is then routed by the main table like any packet of the node.
 * In: an IPv4 packet with protocol 4 for one of the node's addresses is
 * handed to tunl0 (the fallback device takes any remote), which strips the
 * outer header; the inner packet continues as received on tunl0.
 *
 * @see linux net/ipv4/ipip.c (ipip_tunnel_xmit, ipip_rcv; fallback tunnel tunl0), ip-link(8) ttl inherit, nopmtudisc
 * @see projectcalico/calico v3.29.6 felix/dataplane/linux/ipip_mgr.go (tunl0 address and MTU)
 */
import type { Packet } from '../model/packet';
import { HEADER_BYTES } from '../model/packet';
import { innerIp, ipLength, outerIp } from '../model/packetOps';
import type { StepRecorder } from '../model/steps';
import { formatRoute, IPIP_IFACE, lookupRoute, routeRuleId } from './routes';
import { linkId, ruleIds } from '../model/ruleIds';
import type { Link, LinuxNodeState, Route } from './state';

const SOURCE = 'linux net/ipv4/ipip.c (ipip_tunnel_xmit / ipip_rcv, fallback device tunl0); projectcalico/calico felix/dataplane/linux/ipip_mgr.go';

/** The outer packet, and the main-table route that carries it; or why there is none. */
export function encapsulateIpip(st: LinuxNodeState, p: Packet, route: Route, rec: StepRecorder): { outer: Packet; route: Route } | { stop: string } {
  const remote = route.via;
  const outerRoute = remote ? lookupRoute(st.routes, remote) : undefined;
  if (!remote || !outerRoute || outerRoute.dev !== st.nic.name) return { stop: remote ?? '' };
  const ip = innerIp(p);
  const outer: Packet = { headers: [{ kind: 'ipv4', src: st.ip, dst: remote, ttl: ip.ttl, proto: 'ipip', len: ipLength(p) + HEADER_BYTES.ipv4, df: false }, ...p.headers] };
  rec.add({
    at: { component: 'ipip', layer: route.dev },
    action: 'encapsulate',
    before: p,
    after: outer,
    rule: { id: ruleIds(routeRuleId(route), linkId(route.dev ?? IPIP_IFACE)), text: `${formatRoute(route)}\n${route.dev}: ipip any remote any local any ttl inherit nopmtudisc`, source: SOURCE },
    explain: 'linux.encapsulateIpip',
    params: { dev: route.dev ?? '', remote, local: st.ip },
  });
  rec.add({ at: { component: 'routing', table: 'main', layer: st.nic.name }, action: 'route', before: outer, rule: { id: routeRuleId(outerRoute), text: formatRoute(outerRoute), source: outerRoute.source, ...(outerRoute.assumption ? { assumption: true } : {}) }, explain: 'linux.routeOuter', params: { dst: remote, dev: st.nic.name }, level: 'detail' });
  return { outer, route: outerRoute };
}

/** The node's tunl0 when `p` is IP-in-IP for one of its addresses. */
export function ipipDeviceFor(st: LinuxNodeState, p: Packet): Link | undefined {
  const o = outerIp(p);
  if (o.proto !== 'ipip' || !st.localAddrs.includes(o.dst)) return undefined;
  return st.links.find((l) => l.kind === 'ipip');
}

/** Strips the outer header on tunl0 and records the step. */
export function decapsulateIpip(p: Packet, link: Link, rec: StepRecorder): Packet {
  const o = outerIp(p);
  const inner: Packet = { headers: p.headers.slice(p.headers.indexOf(o) + 1) };
  return rec.add({ at: { component: 'ipip', layer: link.name }, action: 'decapsulate', before: p, after: inner, rule: { id: linkId(link.name), text: `${link.name}: ipip any remote any local any ttl inherit nopmtudisc`, source: SOURCE }, explain: 'linux.decapsulateIpip', params: { from: o.src, dev: link.name } });
}
