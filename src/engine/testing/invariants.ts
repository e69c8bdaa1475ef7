/**
 * Invariants every trace must keep, whatever the scenario (issue 23, "Keep it
 * right"; issue 11, "Invariants over generated clusters"). The all-pairs sweep
 * over the presets and the fuzzer over generated clusters both check them.
 *
 * - nothing throws (checkFlow catches and reports);
 * - a walk ends in a verdict the datapath gives, never at the walker's hop limit;
 * - a reply matches its request: it comes back to the socket that sent, from
 *   the address and port that socket dialled, to the address and port it sent from;
 * - a packet for a local address never appears on a wire: no 127.0.0.0/8, and
 *   no packet whose destination the sending machine owns; a packet for
 *   127.0.0.0/8 never leaves the sender's network namespace (a pod's `lo` is
 *   the pod's, not its node's);
 * - a delivered packet's destination is an address of its receiver;
 * - header fields stay in range: dotted IPv4 addresses (never the 0.0.0.0
 *   placeholder), integer TTL 0–255, lengths 20–65535, ports 1–65535, ICMP
 *   type/code 0–255, VNI 0–2^24−1, MACs as aa:bb:cc:dd:ee:ff — no NaN.
 *
 * Test-only; never imported by app code.
 */
import { cidrContains, isIPv4 } from '../model/ipv4';
import { lookupRoute } from '../linux/routes';
import type { Header, Packet } from '../model/packet';
import type { Trace } from '../model/trace';
import type { CompiledCluster } from '../trace/cluster';
import type { FlowRequest } from '../trace/request';
import { traceFlow } from '../trace/traceFlow';

export type ViolationCode = 'throws' | 'hop-limit' | 'reply-mismatch' | 'local-on-wire' | 'loopback-escaped' | 'delivered-not-own-address' | 'header-out-of-range';

export interface Violation {
  code: ViolationCode;
  message: string;
}

export interface FlowCheck {
  trace?: Trace;
  violations: Violation[];
}

const MAC = /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/;

function isLoopback(ip: string): boolean {
  return ip.startsWith('127.');
}

/**
 * The addresses a machine (a node, with its pods; a Fabric host; the gateway)
 * owns, by the name that `WirePacket.from` and `Delivered.node` use.
 */
export function machineAddresses(c: CompiledCluster, name: string): Set<string> {
  const out = new Set<string>();
  const st = c.nodes.get(name);
  if (st?.kind === 'linux') {
    for (const l of st.links) for (const a of l.addrs) out.add(a.split('/')[0]!);
    for (const a of st.localAddrs) out.add(a);
    // A pod's IP is the host's to deliver only where its routes lead to the pod (Calico's /32 via the cali veth;
    // flannel's lease subnet on cni0). A pod outside its flannel lease is foreign to the host, which forwards it
    // to the gateway like any address (the loader warns "pod IP … is outside node-N's flannel lease").
    for (const p of st.pods) {
      const dev = lookupRoute(st.routes, p.ip)?.dev;
      if (dev === p.hostVeth || (p.bridge !== undefined && dev === p.bridge)) out.add(p.ip);
    }
  } else if (st?.kind === 'windows') {
    out.add(st.ip);
    out.add(st.hostEndpoint.IPAddress);
    // A pod endpoint outside the node's block is not on any route of the host (its routes cover the HNS network's
    // subnet only), so the host forwards it like any foreign address. Only inconsistent input makes one (the loader
    // warns "pod IP … is outside every IP pool"; Calico IPAM never assigns it).
    for (const p of st.pods) if (cidrContains(st.block, p.ip)) out.add(p.ip);
  }
  for (const h of c.fabric.hosts) if (h.name === name) out.add(h.ip);
  // A generic host on a Fabric subnet (the source of a --from-node flow) is named by its address.
  if (isIPv4(name) && !st) out.add(name);
  if (name === c.fabric.gatewayName) for (const sg of c.fabric.segments) out.add(sg.subnet.gateway);
  return out;
}

/** The addresses the receiving socket's place owns: a pod's IP (and its loopback), a node's or a host's addresses. */
function receiverAddresses(c: CompiledCluster, node: string, pod: string | undefined): Set<string> {
  if (pod) {
    const st = c.nodes.get(node);
    const ip = st?.kind === 'linux' ? st.pods.find((p) => p.pod === pod)?.ip : st?.kind === 'windows' ? st.pods.find((p) => p.pod === pod)?.ip : undefined;
    return new Set(ip ? [ip] : []);
  }
  const own = machineAddresses(c, node);
  const st = c.nodes.get(node);
  // A node's own addresses minus its pods' (a pod's IP is the pod's, not the node's).
  if (st) for (const p of st.pods) own.delete(p.ip);
  return own;
}

function checkHeader(h: Header, where: string, out: Violation[]): void {
  const bad = (field: string, v: unknown) => out.push({ code: 'header-out-of-range', message: `${where}: ${h.kind}.${field} = ${String(v)}` });
  const int = (v: unknown, lo: number, hi: number) => typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi;
  switch (h.kind) {
    case 'eth':
      if (!MAC.test(h.src)) bad('src', h.src);
      if (!MAC.test(h.dst)) bad('dst', h.dst);
      break;
    case 'ipv4':
      if (!isIPv4(h.src) || h.src === '0.0.0.0') bad('src', h.src);
      if (!isIPv4(h.dst) || h.dst === '0.0.0.0') bad('dst', h.dst);
      if (!int(h.ttl, 0, 255)) bad('ttl', h.ttl);
      if (h.len !== undefined && !int(h.len, 20, 65535)) bad('len', h.len);
      break;
    case 'tcp':
    case 'udp':
      if (!int(h.sport, 1, 65535)) bad('sport', h.sport);
      if (!int(h.dport, 1, 65535)) bad('dport', h.dport);
      if (h.kind === 'udp' && h.len !== undefined && !int(h.len, 8, 65535)) bad('len', h.len);
      break;
    case 'icmp':
      if (!int(h.type, 0, 255)) bad('type', h.type);
      if (!int(h.code, 0, 255)) bad('code', h.code);
      if (h.id !== undefined && !int(h.id, 0, 65535)) bad('id', h.id);
      if (h.seq !== undefined && !int(h.seq, 0, 65535)) bad('seq', h.seq);
      if (h.mtu !== undefined && !int(h.mtu, 68, 65535)) bad('mtu', h.mtu);
      break;
    case 'vxlan':
      if (!int(h.vni, 0, 0xffffff)) bad('vni', h.vni);
      break;
  }
}

function checkPacket(p: Packet, where: string, out: Violation[]): void {
  for (const h of p.headers) checkHeader(h, where, out);
}

function ipHeaders(p: Packet) {
  return p.headers.filter((h) => h.kind === 'ipv4');
}

/** Every packet of one direction: headers in range, nothing local on a wire, delivered to an own address, no hop limit. */
function checkDirection(c: CompiledCluster, t: Trace, dir: string, out: Violation[], loopbackSrcAllowed?: string): void {
  t.steps.forEach((s, i) => {
    checkPacket(s.before, `${dir} step ${i} (${s.node ?? ''} ${s.action}) before`, out);
    checkPacket(s.after, `${dir} step ${i} (${s.node ?? ''} ${s.action}) after`, out);
  });
  for (const w of t.wire) {
    checkPacket(w.packet, `${dir} wire ${w.from}>${w.to}`, out);
    const own = machineAddresses(c, w.from);
    const ips = ipHeaders(w.packet);
    for (const ip of ips) {
      if ((isLoopback(ip.src) && ip.src !== loopbackSrcAllowed) || isLoopback(ip.dst)) out.push({ code: 'local-on-wire', message: `${dir} wire ${w.from}>${w.to}: loopback ${ip.src} > ${ip.dst}` });
      else if (own.has(ip.dst)) out.push({ code: 'local-on-wire', message: `${dir} wire ${w.from}>${w.to}: ${ip.dst} is an address of ${w.from}` });
    }
    if (w.from === w.to) out.push({ code: 'local-on-wire', message: `${dir} wire ${w.from}>${w.to}: a machine sends to itself` });
  }
  if (t.reason?.code === 'routing-loop') out.push({ code: 'hop-limit', message: `${dir}: the walk reached the hop limit (${String(t.reason.params.hops)} hops)` });
  if (t.verdict === 'delivered' && t.delivered) {
    const d = t.delivered;
    // 127.0.0.0/8 is every receiver's own `lo` (loopback-escaped checks it stayed with its sender).
    if (!isLoopback(d.ip) && !receiverAddresses(c, d.node, d.pod).has(d.ip) && !t.steps.some((s) => s.action === 'steer')) {
      out.push({ code: 'delivered-not-own-address', message: `${dir}: delivered to ${d.pod ?? d.node} for ${d.ip}, not its address` });
    }
  }
}

/** The innermost destination address of the packet the source sent. */
function dialledIp(t: Trace): string | undefined {
  const sent = sentPacket(t);
  const ips = sent ? ipHeaders(sent) : [];
  return ips[ips.length - 1]?.dst;
}

/** The first IPv4 packet the source's socket sent (after source address selection). */
function sentPacket(t: Trace): Packet | undefined {
  return t.steps.find((s) => s.after.headers.some((h) => h.kind === 'ipv4'))?.after;
}

function l4Of(p: Packet): Header | undefined {
  const i = p.headers.map((h) => h.kind).lastIndexOf('ipv4');
  return p.headers[i + 1];
}

/** Where the request's socket lives: a pod, or a node's stack (hostNetwork pods too), or a Fabric host. */
function sourceSocket(c: CompiledCluster, t: Trace): string | undefined {
  const f = t.flow;
  if (f.fromNode) return undefined;
  if (f.src.kind === 'pod') {
    const pod = c.scenario.pods.find((p) => `${p.namespace}/${p.name}` === f.src.name);
    return pod?.hostNetwork ? pod.nodeName : f.src.name;
  }
  return f.src.kind === 'host' ? f.src.name : f.src.node;
}

/**
 * A packet the source sent to 127.0.0.0/8 is delivered, if at all, to the source's own socket namespace —
 * unless DNAT rewrote it on the way: kube-proxy's iptables mode serves NodePorts on localhost
 * (route_localnet=1, pkg/proxy/iptables "localhost nodeports"), so such a packet rightly leaves for a pod.
 */
function checkLoopback(c: CompiledCluster, t: Trace, out: Violation[]): void {
  const dst = dialledIp(t);
  if (!dst || !isLoopback(dst) || !t.delivered) return;
  if (t.steps.some((s) => s.action === 'dnat')) return;
  const socket = sourceSocket(c, t);
  const at = t.delivered.pod ?? t.delivered.node;
  if (socket !== undefined && at !== socket) out.push({ code: 'loopback-escaped', message: `a packet for ${dst} from ${socket} was delivered at ${at}` });
}

function checkReply(c: CompiledCluster, t: Trace, out: Violation[]): void {
  if (t.verdict !== 'delivered') return;
  const r = t.reply;
  if (!r) {
    out.push({ code: 'reply-mismatch', message: 'delivered, but no reply was walked' });
    return;
  }
  if (r.verdict !== 'delivered' || !r.delivered) return;
  const sent = sentPacket(t);
  if (!sent) return;
  const ips = ipHeaders(sent);
  const first = ips[ips.length - 1]!;
  const l4 = l4Of(sent);
  const d = r.delivered;
  const f = t.flow;
  const socket = sourceSocket(c, t);
  if (d.ip !== first.src) out.push({ code: 'reply-mismatch', message: `reply delivered for ${d.ip}, the request left from ${first.src}` });
  const flaggedByPing = r.warnings?.some((w) => w.code === 'echo-reply-different-address') ?? false;
  if (d.seenSrcIp !== f.dst.ip && !flaggedByPing) out.push({ code: 'reply-mismatch', message: `reply seen from ${d.seenSrcIp}, the request dialled ${f.dst.ip}` });
  if (l4 && (l4.kind === 'tcp' || l4.kind === 'udp')) {
    if (d.port !== l4.sport) out.push({ code: 'reply-mismatch', message: `reply delivered to port ${String(d.port)}, the request left from port ${l4.sport}` });
    if (d.seenSrcPort !== l4.dport) out.push({ code: 'reply-mismatch', message: `reply seen from port ${String(d.seenSrcPort)}, the request dialled port ${l4.dport}` });
  }
  if (socket !== undefined && (d.pod ?? d.node) !== socket) out.push({ code: 'reply-mismatch', message: `reply delivered at ${d.pod ?? d.node}, the request came from ${socket}` });
  const last = r.steps[r.steps.length - 1];
  const rl4 = last && l4Of(last.before);
  if (l4?.kind === 'icmp' && rl4?.kind === 'icmp' && (rl4.id !== l4.id || rl4.type !== 0)) {
    out.push({ code: 'reply-mismatch', message: `echo reply type ${rl4.type} id ${String(rl4.id)}, the request had id ${String(l4.id)}` });
  }
}

/**
 * The loopback address a request dialled when DNAT took it to a pod (kube-proxy iptables' localhost NodePorts,
 * route_localnet=1). Its reply is un-DNATed in POSTROUTING, after the forwarding decision, so it leaves the NIC
 * with that loopback source: the kernel's martian check ran on the pod's address. This is the behaviour behind
 * CVE-2020-8558 (kubernetes#90259); the "block incoming localnet connections" rule lets DNATed connections through.
 */
function dnatedLoopbackDst(t: Trace): string | undefined {
  const dst = dialledIp(t);
  return dst && isLoopback(dst) && t.steps.some((s) => s.action === 'dnat') ? dst : undefined;
}

/** Checks one finished trace (and its reply) against the invariants. */
export function checkTrace(c: CompiledCluster, t: Trace): Violation[] {
  const out: Violation[] = [];
  checkDirection(c, t, 'request', out);
  if (t.reply) checkDirection(c, t.reply, 'reply', out, dnatedLoopbackDst(t));
  checkLoopback(c, t, out);
  checkReply(c, t, out);
  return out;
}

/** Traces `req` and checks it; an exception becomes a `throws` violation. A bad request (a diagnostic) is no violation. */
export function checkFlow(c: CompiledCluster, req: FlowRequest): FlowCheck {
  let r: ReturnType<typeof traceFlow>;
  try {
    r = traceFlow(c, req);
  } catch (e) {
    return { violations: [{ code: 'throws', message: e instanceof Error ? `${e.name}: ${e.message}` : String(e) }] };
  }
  if (!r.trace) return { violations: [] };
  return { trace: r.trace, violations: checkTrace(c, r.trace) };
}

/** `src > dst proto/dport` for reports. */
export function describeRequest(req: FlowRequest): string {
  return `${req.src}${req.sport !== undefined ? `:${req.sport}` : ''} > ${req.dst} ${req.proto ?? 'tcp'}${req.dport !== undefined ? `/${req.dport}` : ''}${req.fromNode ? ` from ${req.fromNode}` : ''}${req.packet === 'next' ? ' (next)' : ''}`;
}
