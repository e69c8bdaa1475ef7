/**
 * Traces a flow: builds the first packet at the source, walks it to its
 * verdict, then walks the reply (TCP SYN-ACK, UDP answer, ICMP echo reply)
 * from the receiving socket back. With `packet: 'next'` the first packet and
 * its reply run first (unrecorded) so conntrack knows the connection, then a
 * later packet of the connection is traced.
 */
import { ephemeralPort } from '../model/hash';
import type { HopContext } from '../model/hop';
import type { Diagnostic } from '../model/diagnostic';
import type { Header, L4Proto, Packet } from '../model/packet';
import { HEADER_BYTES } from '../model/packet';
import { StepRecorder } from '../model/steps';
import type { Delivered, Flow, Step, Trace } from '../model/trace';
import type { CompiledCluster } from './cluster';
import { resolveFlow, type FlowRequest, type ResolvedFlow } from './request';
import { nameErrorReason, resolverBranch, resolverSteps } from './resolverStep';
import { createHopContext, walk, type WalkResult } from './walker';
import { stationMac } from '../model/macs';
import { machineId } from '../model/partIds';

/** ICMP echo id and first seq of the seed's captured ping (`id 23, seq 0`). */
const ECHO_ID = 23;

/** Default IP total length: ping's 84 bytes (56 data), a bare TCP segment, a small UDP datagram. */
const DEFAULT_SIZE: Record<L4Proto, number> = { icmp: 84, tcp: 40, udp: 60 };

function l4Header(proto: L4Proto, sport: number, dport: number | undefined, kind: 'first' | 'next' | 'reply-first' | 'reply-next'): Header {
  if (proto === 'icmp') {
    const reply = kind.startsWith('reply');
    return { kind: 'icmp', type: reply ? 0 : 8, code: 0, id: ECHO_ID, seq: kind.endsWith('next') ? 1 : 0 };
  }
  if (proto === 'udp') return { kind: 'udp', sport, dport: dport ?? 53, len: 40 };
  const flags = kind === 'first' ? 'S' : kind === 'reply-first' ? 'S.' : '.';
  return { kind: 'tcp', sport, dport: dport ?? 80, flags };
}

function firstPacket(flow: Flow, srcIp: string, which: 'first' | 'next', ttl: number): Packet {
  const sport = flow.sport ?? ephemeralPort(`${flow.src.spec}>${flow.dst.spec}`);
  const len = flow.size ?? DEFAULT_SIZE[flow.proto];
  return {
    headers: [{ kind: 'ipv4', src: srcIp, dst: flow.dst.ip, ttl, proto: flow.proto, len: Math.max(len, HEADER_BYTES.ipv4 + 8), df: flow.df !== false }, l4Header(flow.proto, sport, flow.dport, which)],
  };
}

/**
 * Initial TTL of the sender's OS: Linux 64 (net.ipv4.ip_default_ttl), Windows
 * 128 (TCP/IP `DefaultTTL` default).
 */
function initialTtl(c: CompiledCluster, node: string | undefined): number {
  return node && c.view.peerByName.get(node)?.os === 'windows' ? 128 : 64;
}

/**
 * The reply. Linux answers ICMP echo with DF clear: its kernel ICMP socket
 * uses IP_PMTUDISC_DONT (net/ipv4/icmp.c) — found by the kernel check.
 */
function replyPacket(flow: Flow, d: Delivered, which: 'first' | 'next', ttl: number): Packet {
  return {
    headers: [
      { kind: 'ipv4', src: d.ip, dst: d.seenSrcIp, ttl, proto: flow.proto, len: flow.proto === 'icmp' ? flow.size ?? DEFAULT_SIZE.icmp : DEFAULT_SIZE[flow.proto], df: flow.proto !== 'icmp' },
      l4Header(flow.proto, d.port ?? 0, d.seenSrcPort, which === 'first' ? 'reply-first' : 'reply-next'),
    ],
  };
}

/** A flow stopped by a platform limitation before any packet: one step that says which. */
function limitationTrace(r: ResolvedFlow): Trace {
  const node = r.flow.src.node;
  const rec = new StepRecorder(node, node ? () => machineId('node', node) : undefined);
  rec.add({ at: { component: 'node', layer: r.flow.src.node }, action: 'unsupported', before: { headers: [] }, rule: { text: r.limitation!.code, source: r.limitationSource ?? 'K6 kubernetes.io windows-networking limitations; K12 (hostNetwork KEP withdrawn); D2 Calico for Windows requirements; the seed' }, explain: 'trace.limitation', params: { code: r.limitation!.code } });
  return { flow: r.flow, verdict: 'unsupported', reason: r.limitation!, steps: rec.steps, wire: [] };
}

function toTrace(flow: Flow, w: WalkResult, pre: Step[] = []): Trace {
  const base: Trace = { flow, verdict: w.outcome.kind === 'deliver' ? 'delivered' : w.outcome.verdict, steps: [...pre, ...w.steps], wire: w.wire };
  if (w.outcome.kind === 'deliver') base.delivered = w.outcome.delivered;
  else base.reason = w.outcome.reason;
  return base;
}

function runPacket(c: CompiledCluster, r: ResolvedFlow, ctx: HopContext, which: 'first' | 'next'): { forward: WalkResult; reply?: WalkResult } {
  let packet = firstPacket(r.flow, r.flow.src.ip, which, r.flow.fromNode ? 64 : initialTtl(c, r.flow.src.node));
  if (r.flow.fromNode) {
    // A packet from outside enters the node's NIC from the gateway.
    packet = { headers: [{ kind: 'eth', src: stationMac(`${c.scenario.fabric.gatewayName}/entry`), dst: c.view.peerByName.get(r.flow.fromNode)!.nicMac, type: 'ipv4' }, ...packet.headers] };
  }
  // `node:NAME` and a pod's own socket are unbound: the stack picks the source address by route
  // (a hostNetwork pod keeps the node IP it is listed with).
  const podSocket = r.start.place.kind === 'linux-pod' || r.start.place.kind === 'windows-pod';
  const unbound = !r.flow.fromNode && ((r.flow.src.kind === 'node' && r.flow.src.spec.startsWith('node:')) || podSocket);
  const forward = walk(c, { ...r.start, packet, ...(unbound ? { unboundSource: true } : {}) }, ctx);
  if (forward.outcome.kind !== 'deliver') return { forward };
  const d = forward.outcome.delivered;
  const reply = walk(c, { place: forward.last, packet: replyPacket(r.flow, d, which, initialTtl(c, c.view.peerByName.has(d.node) ? d.node : undefined)), local: true }, ctx);
  return { forward, reply };
}

/**
 * Traces a flow through the compiled cluster.
 * @returns the trace (verdict, steps, wire packets, delivered, reply), or a
 *   diagnostic naming the request field that could not be resolved.
 */
export function traceFlow(c: CompiledCluster, req: FlowRequest): { trace?: Trace; diagnostics: Diagnostic[] } {
  const { resolved, error } = resolveFlow(c, req);
  if (!resolved) return { diagnostics: [error!] };
  const flow = resolved.flow;
  if (resolved.limitation) return { trace: limitationTrace(resolved), diagnostics: [] };
  const pre = resolverSteps(resolved);
  if (resolved.resolution && !resolved.resolution.answer) {
    // The resolver's negative answer ends the flow: no packet, and no route was ever looked up.
    const trace: Trace = { flow, verdict: 'rejected', reason: nameErrorReason(resolved.resolution, flow.dst.spec.slice(4)), steps: pre, wire: [] };
    return { trace, diagnostics: [] };
  }
  const ctx = createHopContext(c, flow);
  if (flow.packet === 'next') {
    const first = runPacket(c, resolved, ctx, 'first');
    if (first.forward.outcome.kind !== 'deliver') {
      return { trace: { ...toTrace(flow, first.forward, pre), warnings: [{ code: 'first-packet-not-delivered', params: {} }] }, diagnostics: [] };
    }
    ctx.branches.length = 0;
  }
  const run = runPacket(c, resolved, ctx, flow.packet);
  const trace = toTrace(flow, run.forward, pre);
  const dnsBranch = resolverBranch(resolved.resolution);
  if (ctx.branches.length || dnsBranch) trace.branches = [...(dnsBranch ? [dnsBranch] : []), ...ctx.branches];
  const warnings = [...(trace.warnings ?? []), ...ctx.warnings.filter((w, i) => ctx.warnings.findIndex((x) => x.code === w.code) === i)];
  if (warnings.length) trace.warnings = warnings;
  if (run.reply && trace.delivered) {
    const d = trace.delivered;
    const replyFlow: Flow = {
      proto: flow.proto,
      src: { spec: `${d.ip}`, ip: d.ip, kind: flow.dst.kind === 'service' ? 'pod' : flow.dst.kind, name: d.pod ?? d.node, node: d.node },
      dst: { spec: d.seenSrcIp, ip: d.seenSrcIp, kind: 'ip' },
      ...(d.port !== undefined ? { sport: d.port } : {}),
      ...(d.seenSrcPort !== undefined ? { dport: d.seenSrcPort } : {}),
      packet: flow.packet,
    };
    trace.reply = answeredBySocket(toTrace(replyFlow, run.reply), flow, run.forward);
  }
  return { trace, diagnostics: [] };
}

/**
 * The client's socket takes a reply only from the address and port it
 * dialled. A reply that comes back from another source (it bypassed the node
 * whose conntrack would have undone the DNAT) matches no socket: TCP answers
 * with a reset (RFC 9293 §3.10.7.1, a segment for no connection), a connected
 * UDP socket never sees it (Linux __udp4_lib_lookup matches the remote
 * address). Ping sockets match the echo identifier only (Linux ping_lookup),
 * so an echo reply still arrives, flagged as iputils ping flags it.
 */
function answeredBySocket(reply: Trace, flow: Flow, forward: WalkResult): Trace {
  const d = reply.delivered;
  const sent = forward.steps[0]?.before;
  if (reply.verdict !== 'delivered' || !d || !sent) return reply;
  const ip = sent.headers.find((h) => h.kind === 'ipv4');
  const l4 = sent.headers.find((h) => h.kind === 'tcp' || h.kind === 'udp');
  const dialled = ip?.kind === 'ipv4' ? ip.dst : flow.dst.ip;
  const dport = l4 && (l4.kind === 'tcp' || l4.kind === 'udp') ? l4.dport : undefined;
  const sameSource = d.seenSrcIp === dialled && (dport === undefined || d.seenSrcPort === dport);
  if (sameSource) return reply;
  const seen = dport === undefined ? d.seenSrcIp : `${d.seenSrcIp}:${String(d.seenSrcPort)}`;
  const params = { host: d.pod ?? d.node, seen, dialled: dport === undefined ? dialled : `${dialled}:${dport}` };
  if (flow.proto === 'icmp') return { ...reply, warnings: [...(reply.warnings ?? []), { code: 'echo-reply-different-address', params }] };
  const { delivered: _unmatched, ...rest } = reply;
  return flow.proto === 'tcp'
    ? { ...rest, verdict: 'rejected', reason: { code: 'reply-unexpected-source', params } }
    : { ...rest, verdict: 'dropped', reason: { code: 'reply-unexpected-source-udp', params } };
}
