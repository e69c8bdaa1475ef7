/**
 * A packet in a Linux node's own network stack (the host netns):
 *
 *   from a link:  [bridge port: L2 forward to another pod, or up to the
 *                 bridge device] → receive → [VXLAN or IPIP decap] → conntrack → PREROUTING (raw,
 *                 mangle, kube-proxy filter, nat DNAT) → routing → INPUT and
 *                 delivery, or forward (TTL−1) → FORWARD → POSTROUTING (nat:
 *                 kube-proxy masquerading, Calico nat-outgoing) → transmit
 *   from a local socket (hostNetwork): routing + source address selection →
 *                 OUTPUT (nat: DNAT to a service backend, then re-route) →
 *                 POSTROUTING → transmit
 *
 * Hook order and priorities: DATAPATH-FACTS §2.1 and §2.5. Conntrack: a
 * packet of a known connection skips the nat chains and gets the recorded
 * rewrites (§2.4).
 */
import type { Arrival, HopContext, HopResult } from '../model/hop';
import { ephemeralPort } from '../model/hash';
import { isLoopback } from '../model/ipv4';
import type { Packet } from '../model/packet';
import { innerIp, innerL4, patchInnerIp, patchInnerL4, ports, withoutOuterEth } from '../model/packetOps';
import { StepRecorder } from '../model/steps';
import { ctConfirm, ctLookup, ctSeeReply, ctTarget, tupleOf } from './conntrack';
import { decapsulateIpip, ipipDeviceFor } from './ipip';
import { runHook, type HookResult } from './netfilter';
import type { NftHookResult } from './nft/evaluate';
import { formatRoute, localTable, lookupLocal, lookupRoute, routeRuleId } from './routes';
import { sysctlId } from '../model/ruleIds';
import type { Link, LinuxNodeState, Route } from './state';
import { forwardMtuGate, transmit } from './transmit';
import type { ReasonCode } from '../model/stepVocabulary';
import { linuxPartOf } from './parts';
import { receiveVxlan } from './vxlanReceive';

const CONNTRACK = 'K4 pkg/proxy/nftables (replies rely on conntrack); netfilter nf_nat';

const localTables = new WeakMap<LinuxNodeState, Route[]>();

/** The node's `local` table (routes.ts localTable), built once per compiled state. */
function localRoutes(st: LinuxNodeState): Route[] {
  let t = localTables.get(st);
  if (!t) localTables.set(st, (t = localTable(st.links, st.localAddrs)));
  return t;
}

/** Local (`local` table) or main-table route for a destination, as the FIB looks them up (rule 0 `local` first). */
function fibLookup(st: LinuxNodeState, dst: string): Route | undefined {
  return lookupLocal(localRoutes(st), dst) ?? lookupRoute(st.routes, dst);
}

/** A NodePort kube-proxy serves (an element of its `service-nodeports` map), for a packet that stayed addressed to loopback. */
function nodePortOnLoopback(st: LinuxNodeState, p: Packet): number | undefined {
  const ip = innerIp(p);
  const { dport } = ports(p);
  if (!isLoopback(ip.dst) || ip.proto === 'icmp' || dport === undefined) return undefined;
  const map = st.nft.flatMap((t) => t.sets).find((x) => x.name === 'service-nodeports');
  return map?.elements.some((e) => e.key[0] === ip.proto && e.key[1] === String(dport)) ? dport : undefined;
}

function stopResult(rec: StepRecorder, verdict: 'dropped' | 'rejected' | 'no-route', code: ReasonCode, params: Record<string, string | number>): HopResult {
  return { steps: rec.steps, outcome: { kind: 'stop', verdict, reason: { code, params } } };
}

/** Address masquerade picks: the outgoing device's address, else the node IP (inet_select_addr). */
function masqueradeAddress(st: LinuxNodeState, oif: string | undefined): string {
  const link = st.links.find((l) => l.name === oif);
  // Scope host addresses (127.0.0.0/8 on lo) are never picked for a universe-scope source (inet_select_addr).
  const a = link?.addrs.find((x) => !isLoopback(x));
  return a ? a.split('/')[0]! : st.ip;
}

function applyNat(st: LinuxNodeState, p: Packet, r: NftHookResult, oif?: string): Packet {
  const nat = r.nat;
  if (!nat) return p;
  if (nat.kind === 'dnat') {
    const q = patchInnerIp(p, { dst: nat.ip });
    return nat.port === undefined ? q : patchInnerL4(q, { dport: nat.port });
  }
  const src = nat.kind === 'snat' ? nat.ip : masqueradeAddress(st, oif);
  const q = patchInnerIp(p, { src });
  const l4 = innerL4(p);
  // Assumption: `fully-random` picks a random port; we derive one from the flow.
  if (nat.kind === 'masquerade' && nat.fullyRandom && l4 && l4.kind !== 'icmp') {
    return patchInnerL4(q, { sport: ephemeralPort(`masq:${innerIp(p).src}:${l4.sport}>${innerIp(p).dst}:${l4.dport}`) });
  }
  return q;
}

/**
 * A frame that came in on a bridge port (flannel's pod veth on `cni0`): the
 * bridge either delivers it to the bridge device itself (destination MAC =
 * the bridge's, so the host routes it, with iif = the bridge) or forwards it
 * at layer 2 to the port of the pod that owns the destination MAC (pod → pod
 * on one node: no routing, TTL unchanged). Assumption: of br_netfilter only
 * conntrack's reverse NAT is modelled for bridged frames (no nft chains).
 */
function bridgeIngress(c: Ctx, arrival: Arrival, port: Link): { iif: string } | HopResult {
  const { st, rec } = c;
  const bridge = st.links.find((l) => l.name === port.master);
  const eth = arrival.packet.headers[0];
  if (!bridge || eth?.kind !== 'eth' || eth.dst === bridge.mac) return { iif: port.master! };
  const pod = st.pods.find((x) => x.bridge === bridge.name && x.eth0.mac === eth.dst);
  if (!pod) {
    rec.add({ at: { component: 'link', layer: bridge.name }, action: 'drop', before: arrival.packet, explain: 'linux.bridgeUnknownMac', params: { mac: eth.dst, dev: bridge.name } });
    return stopResult(rec, 'dropped', 'neighbour-unreachable', { ip: innerIp(arrival.packet).dst, node: st.name });
  }
  // br_netfilter (bridge-nf-call-iptables=1, which kubeadm requires) hands bridged IPv4 to conntrack:
  // a reply of a NATed connection (e.g. a backend answering a ClusterIP client on the same bridge) is un-NATed here.
  let pkt = arrival.packet;
  const hit = ctLookup(c.ctx.conntrack.get(st.name) ?? [], tupleOf(pkt));
  if (hit) {
    const target = ctTarget(hit);
    const q = conntrackRewrite(conntrackRewrite(pkt, target, 'dst'), target, 'src');
    if (JSON.stringify(q) !== JSON.stringify(pkt)) {
      pkt = rec.add({ at: { component: 'conntrack', layer: bridge.name }, action: hit.dir === 'reply' ? 'un-dnat' : 'dnat', before: pkt, after: q, rule: { text: hit.entry.text, source: `${CONNTRACK}; assumption: br_netfilter with net.bridge.bridge-nf-call-iptables=1 (kubeadm preflight), only conntrack NAT is modelled for bridged frames`, assumption: true }, explain: `conntrack.${hit.dir}Src`, params: { src: target.src } });
    }
  }
  rec.add({
    at: { component: 'link', layer: pod.hostVeth },
    action: 'bridge',
    before: pkt,
    rule: { text: `${eth.dst} dev ${pod.hostVeth} master ${bridge.name}`, source: 'Linux bridge forwarding database (learned); containernetworking/plugins plugins/main/bridge', owner: pod.ref },
    explain: 'linux.bridgeForward',
    params: { dev: bridge.name, from: port.name, port: pod.hostVeth, pod: pod.pod },
  });
  return { steps: rec.steps, outcome: { kind: 'send', next: { place: { kind: 'linux-pod', node: st.name, pod: pod.pod }, packet: pkt, iif: 'eth0' } } };
}

/** Existing connection: rewrite toward the recorded tuple. `which` picks the half a hook applies. */
function conntrackRewrite(p: Packet, target: ReturnType<typeof ctTarget>, which: 'dst' | 'src'): Packet {
  if (which === 'dst') {
    const q = patchInnerIp(p, { dst: target.dst });
    return innerIp(p).proto === 'icmp' ? q : patchInnerL4(q, { dport: target.dport });
  }
  const q = patchInnerIp(p, { src: target.src });
  return innerIp(p).proto === 'icmp' ? q : patchInnerL4(q, { sport: target.sport });
}

/** What a closed port answers: TCP RST (`R.`) or ICMP port unreachable, from the destination back to the source. */
export function resetFor(p: Packet): Packet {
  const ip = innerIp(p);
  const { sport, dport } = ports(p);
  const back = { kind: 'ipv4' as const, src: ip.dst, dst: ip.src, ttl: 64, proto: ip.proto === 'tcp' ? ('tcp' as const) : ('icmp' as const), len: ip.proto === 'tcp' ? 40 : 56 };
  if (ip.proto === 'tcp') return { headers: [back, { kind: 'tcp', sport: dport ?? 1, dport: sport ?? 1, flags: 'R.' }] };
  return { headers: [back, { kind: 'icmp', type: 3, code: 3 }] };
}

interface Ctx {
  st: LinuxNodeState;
  ctx: HopContext;
  rec: StepRecorder;
}

/** After routing: FORWARD or not, POSTROUTING, conntrack confirm, transmit. */
function postRouting(c: Ctx, p: Packet, route: Route, opts: { mark: number; ct: ReturnType<typeof ctLookup>; origTuple: ReturnType<typeof tupleOf>; local: boolean; iif?: string }): HopResult {
  const { st, ctx, rec } = c;
  let pkt = p;
  let mark = opts.mark;
  if (!opts.local) {
    const tooBig = forwardMtuGate(st, pkt, route, ctx, rec);
    if (tooBig) return tooBig;
    const fwd = runHook(st, 'forward', pkt, { iif: opts.iif, oif: route.dev, mark, ct: opts.ct }, ctx, rec);
    if (fwd.verdict !== 'accept') return hookStop(rec, fwd, 'forward', st.name);
    mark = fwd.packet.mark;
  }
  const post = runHook(st, 'postrouting', pkt, { iif: opts.iif, oif: route.dev, mark, ct: opts.ct }, ctx, rec);
  if (post.verdict !== 'accept') return hookStop(rec, post, 'postrouting', st.name);
  if (opts.ct) {
    const target = ctTarget(opts.ct);
    const q = conntrackRewrite(pkt, target, 'src');
    if (innerIp(q).src !== innerIp(pkt).src || ports(q).sport !== ports(pkt).sport) {
      pkt = rec.add({ at: { component: 'conntrack', layer: 'postrouting' }, action: opts.ct.dir === 'reply' ? 'un-dnat' : 'snat', before: pkt, after: q, rule: { text: opts.ct.entry.text, source: CONNTRACK }, explain: `conntrack.${opts.ct.dir}Src`, params: { src: target.src } });
    }
  } else {
    const q = applyNat(st, pkt, post, route.dev);
    if (q !== pkt) pkt = fixLastStepAfter(rec, pkt, q);
    const table = ctx.conntrack.get(st.name) ?? [];
    ctx.conntrack.set(st.name, table);
    // The connection's mark (ctmark) is not the packet's: it stays 0, as no modelled rule copies the skb mark with CONNMARK.
    const entry = ctConfirm(table, opts.origTuple, tupleOf(pkt), 0);
    if (JSON.stringify(entry.orig) !== JSON.stringify(tupleOf(pkt)) || entry.mark) {
      rec.add({ at: { component: 'conntrack', layer: 'postrouting' }, action: 'ct-new', before: pkt, rule: { text: entry.text, source: CONNTRACK }, explain: 'conntrack.new', params: {}, level: 'detail' });
    }
  }
  return transmit(st, pkt, route, opts.local, ctx, rec);
}

/** The NAT rule's step recorded by runHook shows the header change it made. */
function fixLastStepAfter(rec: StepRecorder, before: Packet, after: Packet): Packet {
  if (rec.amend(['dnat', 'masquerade', 'snat'], after)) return after;
  return rec.add({ at: { component: 'netfilter' }, action: 'nat', before, after, explain: 'nft.nat' });
}

function route(c: Ctx, p: Packet, local: boolean, unbound = false): Route | HopResult {
  const { st, rec } = c;
  const dst = innerIp(p).dst;
  const loc = local ? lookupLocal(localRoutes(st), dst) : undefined;
  if (loc) {
    // The `local` table (looked up first): the packet loops back through `lo`; an unbound socket takes the route's src.
    const after = unbound ? patchInnerIp(p, { src: loc.src ?? dst }) : p;
    rec.add({ at: { component: 'routing', table: 'local' }, action: 'route', before: unbound ? after : p, after, rule: { text: formatRoute(loc), source: loc.source }, explain: 'linux.routeLocalTable', params: { dst, dev: loc.dev ?? 'lo', src: innerIp(after).src } });
    return loc;
  }
  const r = lookupRoute(st.routes, dst);
  if (!r) {
    rec.add({ at: { component: 'routing', table: 'main' }, action: 'drop', before: p, explain: 'linux.noRoute', params: { dst } });
    return stopResult(rec, 'no-route', 'no-route', { dst, node: st.name });
  }
  const rule = { id: routeRuleId(r), text: formatRoute(r), source: r.source, ...(r.owner ? { owner: r.owner } : {}), ...(r.assumption ? { assumption: true } : {}) };
  if (r.type === 'blackhole') {
    rec.add({ at: { component: 'routing', table: 'main' }, action: 'drop', before: p, rule, explain: 'linux.blackhole', params: { dst } });
    return stopResult(rec, 'dropped', 'blackhole-route', { dst, node: st.name, route: formatRoute(r) });
  }
  if (local) {
    // Source address selection for an unbound socket: the route's `src`, else the outgoing device's address.
    const src = unbound ? r.src ?? masqueradeAddress(st, r.dev) : innerIp(p).src;
    const after = patchInnerIp(p, { src });
    rec.add({ at: { component: 'routing', table: 'main' }, action: 'route', before: unbound ? after : p, after, rule, explain: 'linux.routeLocal', params: { dst, dev: r.dev ?? '', src } });
    return r;
  }
  const ttl = innerIp(p).ttl;
  if (ttl <= 1) {
    rec.add({ at: { component: 'routing', table: 'main' }, action: 'drop', before: p, rule, explain: 'linux.ttlExceeded', params: { dst } });
    return stopResult(rec, 'dropped', 'ttl-exceeded', { node: st.name });
  }
  rec.add({ at: { component: 'routing', table: 'main' }, action: 'forward', before: p, after: patchInnerIp(p, { ttl: ttl - 1 }), rule, explain: 'linux.forward', params: { dst, dev: r.dev ?? '', via: r.via ?? '' } });
  return r;
}

function fromLink(c: Ctx, arrival: Arrival): HopResult {
  const { st, ctx, rec } = c;
  let iif = arrival.iif ?? st.nic.name;
  const port = st.links.find((l) => l.name === iif && l.master !== undefined);
  if (port) {
    const b = bridgeIngress(c, arrival, port);
    if ('outcome' in b) return b;
    iif = b.iif;
  }
  let pkt = rec.add({ at: { component: 'link', layer: iif }, action: 'receive', before: arrival.packet, after: withoutOuterEth(arrival.packet), explain: 'linux.receive', params: { dev: iif }, level: 'detail' });
  const vx = iif === st.nic.name ? receiveVxlan(st, pkt, rec) : undefined;
  if (vx && 'outcome' in vx) return vx;
  if (vx) [pkt, iif] = [vx.packet, vx.iif];
  const tunl = iif === st.nic.name && !vx ? ipipDeviceFor(st, pkt) : undefined;
  if (tunl) {
    pkt = decapsulateIpip(pkt, tunl, rec);
    iif = tunl.name;
  }
  const origTuple = tupleOf(pkt);
  const table = ctx.conntrack.get(st.name) ?? [];
  const ct = ctLookup(table, origTuple);
  let mark = 0;
  if (ct) {
    mark = ct.entry.mark;
    const target = ctTarget(ct);
    const q = conntrackRewrite(pkt, target, 'dst');
    const rewrites = innerIp(q).dst !== innerIp(pkt).dst || ports(q).dport !== ports(pkt).dport;
    pkt = rec.add({ at: { component: 'conntrack', layer: 'prerouting' }, action: !rewrites ? 'match' : ct.dir === 'reply' ? 'un-snat' : 'dnat', before: pkt, after: q, rule: { text: ct.entry.text, source: CONNTRACK }, explain: rewrites ? `conntrack.${ct.dir}` : 'conntrack.known', params: { dst: target.dst }, level: rewrites ? 'hop' : 'detail' });
    ctSeeReply(ct);
  }
  const pre = runHook(st, 'prerouting', pkt, { iif, mark, ct }, ctx, rec);
  if (pre.verdict !== 'accept') return hookStop(rec, pre, 'prerouting', st.name);
  mark = pre.packet.mark;
  if (!ct) {
    const q = applyNat(st, pkt, pre);
    if (q !== pkt) pkt = fixLastStepAfter(rec, pkt, q);
  }
  const dst = innerIp(pkt).dst;
  const localnet = `net.ipv4.conf.${iif}.route_localnet`;
  if (isLoopback(dst) && iif !== 'lo' && st.sysctls[localnet] !== '1') {
    // ip_route_input_slow(): a loopback destination from a device without route_localnet is martian (the sysctl view lists the key only when set).
    rec.add({ at: { component: 'routing', layer: iif }, action: 'drop', before: pkt, rule: { id: localnet in st.sysctls ? sysctlId(localnet) : undefined, text: `${localnet} = 0`, source: 'Linux net/ipv4/route.c ip_route_input_slow (martian destination)' }, explain: 'linux.martian', params: { dst, dev: iif } });
    return stopResult(rec, 'dropped', 'martian-destination', { dst, dev: iif, node: st.name });
  }
  if (lookupLocal(localRoutes(st), dst)) {
    const inp = runHook(st, 'input', pkt, { iif, mark, ct }, ctx, rec);
    if (inp.verdict !== 'accept') return hookStop(rec, inp, 'input', st.name);
    if (ct) {
      // The source half of the recorded NAT applies in the nat INPUT hook (e.g. un-DNAT of a reply from a service backend).
      const target = ctTarget(ct);
      const q = conntrackRewrite(pkt, target, 'src');
      if (innerIp(q).src !== innerIp(pkt).src || ports(q).sport !== ports(pkt).sport) {
        pkt = rec.add({ at: { component: 'conntrack', layer: 'input' }, action: ct.dir === 'reply' ? 'un-dnat' : 'snat', before: pkt, after: q, rule: { text: ct.entry.text, source: CONNTRACK }, explain: `conntrack.${ct.dir}Src`, params: { src: target.src } });
      }
    } else {
      ctConfirm(table, origTuple, tupleOf(pkt), 0);
    }
    ctx.conntrack.set(st.name, table);
    const ip = innerIp(pkt);
    const { sport, dport } = ports(pkt);
    const nodePort = nodePortOnLoopback(st, pkt);
    if (nodePort !== undefined) {
      // No DNAT happened: kube-proxy (nftables) matches NodePorts only on the node's addresses, never on 127.0.0.0/8; no socket holds the port.
      rec.add({ at: { component: 'socket' }, action: 'reject', before: pkt, after: resetFor(pkt), rule: { text: `${ip.dst}:${nodePort}/${ip.proto}: no NodePort on loopback`, source: 'K4 kubernetes.io "Virtual IPs and Service Proxies" (nftables mode: NodePorts are not reachable on 127.0.0.1); kube-proxy nftables proxier: nodeport-ips / fib daddr type local ip daddr != 127.0.0.0/8' }, explain: 'linux.nodePortNotOnLoopback', params: { port: nodePort, ip: ip.dst } });
      return stopResult(rec, 'rejected', 'nodeport-not-on-localhost', { port: nodePort, ip: ip.dst, node: st.name });
    }
    rec.add({ at: { component: 'socket' }, action: 'deliver', before: pkt, explain: 'linux.deliverHost', params: { ip: dst, node: st.name } });
    return { steps: rec.steps, outcome: { kind: 'deliver', delivered: { node: st.name, ip: dst, port: ip.proto === 'icmp' ? undefined : dport, seenSrcIp: ip.src, seenSrcPort: ip.proto === 'icmp' ? undefined : sport, ttl: ip.ttl } } };
  }
  const r = route(c, pkt, false);
  if ('outcome' in r) return r;
  pkt = rec.steps[rec.steps.length - 1]!.after;
  ctx.conntrack.set(st.name, table);
  return postRouting(c, pkt, r, { mark, ct, origTuple, local: false, iif });
}

/** A hook that did not accept: rejected (kube-proxy's reasons), dropped by a NetworkPolicy (named), or dropped by another rule. */
function hookStop(rec: StepRecorder, r: HookResult, hook: string, node: string): HopResult {
  if (r.verdict === 'reject') return stopResult(rec, 'rejected', rejectCode(r), { hook, node });
  if (r.policyDrop) return { steps: rec.steps, outcome: { kind: 'stop', verdict: 'dropped', reason: r.policyDrop } };
  return stopResult(rec, 'dropped', 'nft-drop', { hook, node });
}

/** kube-proxy rejects through `reject-chain` only for services without endpoints; other rejects (wrong port on a ClusterIP) are plain. */
function rejectCode(r: NftHookResult): ReasonCode {
  return r.hits.some((h) => h.chain === 'reject-chain' || h.ruleText.includes('@no-endpoint')) ? 'no-endpoints' : 'nft-reject';
}

function fromSocket(c: Ctx, arrival: Arrival): HopResult {
  const { st, ctx, rec } = c;
  let r = route(c, arrival.packet, true, arrival.unboundSource);
  if ('outcome' in r) return r;
  let pkt = rec.steps[rec.steps.length - 1]!.after;
  // The route was chosen for this destination; conntrack's or OUTPUT's DNAT below may change it.
  const dstBefore = innerIp(pkt).dst;
  const origTuple = tupleOf(pkt);
  const table = ctx.conntrack.get(st.name) ?? [];
  ctx.conntrack.set(st.name, table);
  const ct = ctLookup(table, origTuple);
  let mark = 0;
  if (ct) {
    mark = ct.entry.mark;
    ctSeeReply(ct);
    const target = ctTarget(ct);
    const q = conntrackRewrite(pkt, target, 'dst');
    // Address and port: a reply to a masqueraded (fully-random) connection gets its port back too.
    if (innerIp(q).dst !== innerIp(pkt).dst || ports(q).dport !== ports(pkt).dport) {
      pkt = rec.add({ at: { component: 'conntrack', layer: 'output' }, action: ct.dir === 'reply' ? 'un-snat' : 'dnat', before: pkt, after: q, rule: { text: ct.entry.text, source: CONNTRACK }, explain: `conntrack.${ct.dir}`, params: { dst: target.dst } });
    }
  }
  const out = runHook(st, 'output', pkt, { oif: r.dev, mark, ct }, ctx, rec);
  if (out.verdict !== 'accept') return hookStop(rec, out, 'output', st.name);
  mark = out.packet.mark;
  if (!ct) {
    const q = applyNat(st, pkt, out);
    if (q !== pkt) pkt = fixLastStepAfter(rec, pkt, q);
  }
  if (innerIp(pkt).dst !== dstBefore) {
    // DNAT in OUTPUT (by a rule, or by conntrack for a later packet) changes the destination: the kernel routes again (ip_route_me_harder).
    const rr = fibLookup(st, innerIp(pkt).dst);
    if (!rr || rr.type === 'blackhole') return stopResult(rec, 'no-route', 'no-route', { dst: innerIp(pkt).dst, node: st.name });
    rec.add({ at: { component: 'routing', table: rr.type === 'local' || rr.type === 'broadcast' ? 'local' : 'main' }, action: 'reroute', before: pkt, rule: { id: routeRuleId(rr), text: formatRoute(rr), source: rr.source, ...(rr.owner ? { owner: rr.owner } : {}) }, explain: 'linux.reroute', params: { dst: innerIp(pkt).dst, dev: rr.dev ?? '' } });
    r = rr;
  }
  return postRouting(c, pkt, r, { mark, ct, origTuple, local: true });
}

/**
 * Evaluates a packet at a Linux node's host netns.
 * @returns the steps and what happens next (send to the next place, deliver to a host socket, or stop with a verdict).
 */
export function evaluateLinuxHost(st: LinuxNodeState, arrival: Arrival, ctx: HopContext): HopResult {
  const c: Ctx = { st, ctx, rec: new StepRecorder(st.name, linuxPartOf(st)) };
  return arrival.local ? fromSocket(c, arrival) : fromLink(c, arrival);
}
