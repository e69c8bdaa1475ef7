/**
 * Compares one flow as the model traced it with what the kernel did: the
 * verdict, every packet the model puts on a physical link (found in the
 * capture of the sending station's bridge port), packets the kernel put on a
 * link the model did not, and what the receiving socket saw.
 *
 * Fields compared on a wire packet: Ethernet src/dst, IPv4 src/dst/TTL/protocol/DF,
 * UDP/TCP ports, VXLAN VNI and flags, TCP flags, ICMP type/code. Not compared:
 * lengths (real SYNs carry TCP options, the model's are bare), ICMP id/seq,
 * the VXLAN outer source port (a hash of the inner flow in both) and ports that
 * `masquerade fully-random` picks (the check is that both rewrote the port).
 */
import type { Header, Packet, Trace, WirePacket } from '../engine/index';
import { contains, type Captured } from './pcap';
import type { ProbeResult, Seen } from './probes';

export interface Check {
  what: string;
  expected: string;
  seen: string;
  ok: boolean;
  /** On a mismatching packet: both packets and the fields that differ. */
  detail?: string[];
  /** The field differences alone (`inner.ipv4.df: model true ≠ kernel false`). */
  diffs?: string[];
}

/** A frame captured on a fabric port, attributed to the station that sent it. */
export interface WireFrame {
  tsUs: number;
  from: string;
  to: string;
  packet: Packet;
  payload: Uint8Array;
}

/** A packet captured inside a node namespace (`-i any`). */
export interface NodeFrame extends Captured {
  node: string;
  ifname: string;
}

export interface KernelRun {
  probe: ProbeResult;
  seen?: Seen;
  /** Where the listener that got the token lives. */
  seenAt?: { node?: string; pod?: string; host?: string };
  wire: WireFrame[];
  nodeFrames: NodeFrame[];
  token: Uint8Array;
}

const l4 = (p: Packet): Header | undefined => {
  for (let i = p.headers.length - 1; i >= 0; i--) {
    const h = p.headers[i]!;
    if (h.kind === 'tcp' || h.kind === 'udp' || h.kind === 'icmp') return h;
    if (h.kind === 'ipv4') return undefined;
  }
  return undefined;
};

const innerIp = (p: Packet) => [...p.headers].reverse().find((h) => h.kind === 'ipv4') as Extract<Header, { kind: 'ipv4' }> | undefined;

/** Same kind of packet: innermost L4 protocol, TCP flags / ICMP type, and the flow's token for UDP and ICMP echo. */
function sameKind(model: Packet, p: Packet, payload: Uint8Array, token: Uint8Array): boolean {
  const a = l4(model);
  const b = l4(p);
  if (!a || !b || a.kind !== b.kind) return false;
  if (a.kind === 'tcp' && b.kind === 'tcp') return a.flags === b.flags;
  if (a.kind === 'icmp' && b.kind === 'icmp') return a.type === b.type && a.code === b.code && (a.type > 8 || a.type === 3 || contains(payload, token));
  return contains(payload, token);
}

export function formatHeaders(p: Packet): string {
  return p.headers
    .map((h) => {
      switch (h.kind) {
        case 'eth':
          return `eth ${h.src} > ${h.dst}`;
        case 'ipv4':
          return `IP ${h.src} > ${h.dst} ttl ${h.ttl}${h.df ? ' DF' : ''}`;
        case 'udp':
          return `UDP ${h.sport} > ${h.dport}`;
        case 'tcp':
          return `TCP ${h.sport} > ${h.dport} [${h.flags}]`;
        case 'icmp':
          return `ICMP type ${h.type} code ${h.code}`;
        case 'vxlan':
          return `VXLAN vni ${h.vni} flags 0x${h.flags.toString(16).padStart(2, '0')}`;
      }
      return '';
    })
    .join(' | ');
}

interface PortContext {
  /** Ports the flow itself names (source port, destination port, backend port): these must match exactly. */
  fixed: Set<number>;
}

/** Field-by-field differences; [] when the packets agree on every compared field. */
export function diffPackets(model: Packet, kernel: Packet, ctx: PortContext): string[] {
  const diffs: string[] = [];
  const mk = model.headers.map((h) => h.kind).join(',');
  const kk = kernel.headers.map((h) => h.kind).join(',');
  if (mk !== kk) return [`headers: model ${mk} ≠ kernel ${kk}`];
  const ipCount = model.headers.filter((h) => h.kind === 'ipv4').length;
  let ipSeen = 0;
  model.headers.forEach((m, i) => {
    const k = kernel.headers[i]!;
    const encap = ipCount > 1 ? (ipSeen === 0 ? 'outer.' : 'inner.') : '';
    const prefix = `${m.kind === 'ipv4' || m.kind === 'eth' || m.kind === 'udp' ? encap : ''}${m.kind}`;
    const eq = (field: string, a: unknown, b: unknown): void => {
      if (a !== b) diffs.push(`${prefix}.${field}: model ${String(a)} ≠ kernel ${String(b)}`);
    };
    const port = (field: string, a: number, b: number): void => {
      if (a === b) return;
      // A port the flow does not name is one `masquerade fully-random` picked: both must have rewritten it.
      if (!ctx.fixed.has(a) && !ctx.fixed.has(b)) return;
      diffs.push(`${prefix}.${field}: model ${a} ≠ kernel ${b}`);
    };
    if (m.kind === 'eth' && k.kind === 'eth') {
      eq('src', m.src, k.src);
      eq('dst', m.dst, k.dst);
    } else if (m.kind === 'ipv4' && k.kind === 'ipv4') {
      ipSeen++;
      eq('src', m.src, k.src);
      eq('dst', m.dst, k.dst);
      eq('ttl', m.ttl, k.ttl);
      eq('proto', m.proto, k.proto);
      if (m.df !== undefined) eq('df', m.df, k.df);
    } else if (m.kind === 'udp' && k.kind === 'udp') {
      const outer = model.headers[i + 1]?.kind === 'vxlan';
      if (!outer) port('sport', m.sport, k.sport);
      port('dport', m.dport, k.dport);
    } else if (m.kind === 'tcp' && k.kind === 'tcp') {
      port('sport', m.sport, k.sport);
      port('dport', m.dport, k.dport);
      eq('flags', m.flags, k.flags);
    } else if (m.kind === 'icmp' && k.kind === 'icmp') {
      eq('type', m.type, k.type);
      eq('code', m.code, k.code);
    } else if (m.kind === 'vxlan' && k.kind === 'vxlan') {
      eq('vni', m.vni, k.vni);
      eq('flags', m.flags, k.flags);
    }
  });
  return diffs;
}

/** The kernel's verdict from what the source saw and whether a listener got the token. */
export function kernelVerdict(proto: string, run: KernelRun): string {
  const r = run.probe.result;
  if (proto === 'icmp') {
    if (r === 'echo-reply') return 'delivered';
    if (/port unreachable|admin/.test(r)) return 'rejected';
    // A router dropped it for its size and said so (ICMP type 3 code 4): the model's `dropped (fragmentation-needed)`.
    if (/frag needed/.test(r)) return 'dropped';
    if (/unreachable/.test(r)) return 'no-route';
    return r === 'timeout' ? 'dropped' : r;
  }
  if (run.seen) return 'delivered';
  if (r === 'ECONNREFUSED') return 'rejected';
  if (['EHOSTUNREACH', 'ENETUNREACH', 'EINVAL', 'ENETDOWN'].includes(r)) return 'no-route';
  if (r === 'timeout') return 'dropped';
  return r;
}

function wireChecks(label: string, wire: WirePacket[], run: KernelRun, ctx: PortContext, used: Set<WireFrame>): Check[] {
  return wire.map((w, i) => {
    const what = `${label} ${i + 1}: ${w.from} → ${w.to}`;
    const expected = formatHeaders(w.packet);
    const cands = run.wire.filter((f) => f.from === w.from && !used.has(f) && sameKind(w.packet, f.packet, f.payload, run.token));
    const exact = cands.find((f) => f.to === w.to);
    const got = exact ?? cands[0];
    if (!got) {
      const any = run.wire.filter((f) => f.from === w.from);
      return { what, expected, seen: 'nothing like it on the link', ok: false, detail: [`model:  ${expected}`, `kernel: ${any.length ? any.map((f) => formatHeaders(f.packet)).slice(0, 3).join('\n        ') : `(no packet from ${w.from} in the flow's time window)`}`] };
    }
    used.add(got);
    const diffs = got.to !== w.to ? [`to: model ${w.to} ≠ kernel ${got.to}`, ...diffPackets(w.packet, got.packet, ctx)] : diffPackets(w.packet, got.packet, ctx);
    const seen = formatHeaders(got.packet);
    return diffs.length ? { what, expected, seen, ok: false, diffs, detail: [`model:  ${expected}`, `kernel: ${seen}`, ...diffs.map((d) => `  ${d}`)] } : { what, expected, seen, ok: true };
  });
}

/** The packet as it arrived at the destination socket's namespace, from the node or fabric captures. */
function arrival(t: Trace, run: KernelRun, hostMac: (host: string) => string | undefined, caliOf: (pod: string) => string | undefined): Packet | undefined {
  const d = t.delivered!;
  const first = t.wire[0]?.packet ?? t.steps[0]?.before;
  const fwd = (p: Packet, payload: Uint8Array): boolean => (first ? sameKind(first, p, payload, run.token) : false);
  if (d.pod) {
    const cali = caliOf(d.pod);
    const f = run.nodeFrames.filter((x) => x.node === d.node && x.ifname === cali && x.pkttype === 4 && fwd(x.packet, x.payload));
    return f[0]?.packet;
  }
  const mac = hostMac(d.node);
  if (mac) return run.wire.find((x) => x.to === d.node && fwd(x.packet, x.payload))?.packet;
  const f = run.nodeFrames.filter((x) => x.node === d.node && x.pkttype !== 4 && fwd(x.packet, x.payload));
  return f[f.length - 1]?.packet;
}

export interface CompareInput {
  trace: Trace;
  run: KernelRun;
  hostMac: (host: string) => string | undefined;
  caliOf: (pod: string) => string | undefined;
}

/**
 * A delivered request whose reply is lost (a gateway without a route back, …): the source's probe sees a round
 * trip, so it sees nothing — no handshake (TCP), no echo reply (ICMP). A UDP listener still gets its datagram.
 */
function replyLost(t: Trace): boolean {
  return t.verdict === 'delivered' && t.reply !== undefined && t.reply.verdict !== 'delivered' && t.flow.proto !== 'udp';
}

export function compareFlow({ trace: t, run, hostMac, caliOf }: CompareInput): Check[] {
  const checks: Check[] = [];
  const kv = kernelVerdict(t.flow.proto, run);
  const lost = replyLost(t);
  const want = lost ? 'dropped' : t.verdict;
  const why = lost ? ` (${t.verdict}; the reply: ${t.reply!.verdict}${t.reply!.reason ? ` (${t.reply!.reason.code})` : ''})` : t.reason ? ` (${t.reason.code})` : '';
  // A router's ICMP unreachable that the source cannot see — it has no route back to the source, or the socket is UDP,
  // which ignores a net/host unreachable without IP_RECVERR — leaves a timeout: the wire checks below then show the
  // packet stopped where the model says.
  const silent = want === 'no-route' && kv === 'dropped' && t.wire.length > 0;
  checks.push({ what: 'verdict', expected: want + why, seen: `${kv} (source saw: ${run.probe.result}${silent ? '; a router\'s unreachable does not reach the source' : ''})`, ok: kv === want || silent });
  const fixed = new Set<number>([t.flow.sport, t.flow.dport, t.delivered?.port].filter((x): x is number => x !== undefined));
  const ctx = { fixed };
  const used = new Set<WireFrame>();
  checks.push(...wireChecks('wire', t.wire, run, ctx, used));
  const reply = t.verdict === 'delivered' && t.reply ? t.reply : undefined;
  if (reply) checks.push(...wireChecks('reply wire', reply.wire, run, ctx, used));
  // Packets of this flow (same kind as a modelled one) between stations the model never connects.
  const pairs = new Set([...t.wire, ...(reply?.wire ?? [])].map((w) => `${w.from}>${w.to}`));
  const kinds = [...t.wire, ...(reply?.wire ?? [])].map((w) => w.packet);
  const extra = run.wire.filter((f) => !used.has(f) && !pairs.has(`${f.from}>${f.to}`) && kinds.some((k) => sameKind(k, f.packet, f.payload, run.token)));
  if (extra.length) {
    checks.push({ what: 'packets the model does not send', expected: 'none', seen: `${extra.length}`, ok: false, detail: extra.slice(0, 4).map((f) => `kernel: ${f.from} → ${f.to}: ${formatHeaders(f.packet)}`) });
  }
  if (t.verdict === 'delivered' && t.delivered) {
    const d = t.delivered;
    const where = d.pod ? `${d.node} pod ${d.pod}` : d.node;
    const kWhere = run.seenAt ? (run.seenAt.pod ? `${run.seenAt.node} pod ${run.seenAt.pod}` : (run.seenAt.node ?? run.seenAt.host ?? '?')) : t.flow.proto === 'icmp' || lost ? where : '(no listener got it)';
    const a = arrival(t, run, hostMac, caliOf);
    const aIp = a && innerIp(a);
    const expected = `${where} ${d.ip}${d.port ? `:${d.port}` : ''} from ${d.seenSrcIp}${d.seenSrcPort ? `:${d.seenSrcPort}` : ''} ttl ${d.ttl}`;
    const ip = run.seen?.proto === 'tcp' ? run.seen.laddr : aIp?.dst;
    const src = run.seen?.raddr ?? aIp?.src;
    const seen = `${kWhere} ${ip ?? '?'}${run.seen ? `:${run.seen.lport}` : ''} from ${src ?? '?'}${run.seen ? `:${run.seen.rport}` : ''} ttl ${aIp?.ttl ?? '?'}`;
    const diffs: string[] = [];
    // A pod's own loopback never leaves its netns, where nothing captures: only the sockets can be compared there.
    const inSourcePod = !a && t.wire.length === 0 && (d.pod ?? d.node) === t.flow.src.name;
    if (kWhere !== where) diffs.push(`place: model ${where} ≠ kernel ${kWhere}`);
    if (ip !== d.ip && !(inSourcePod && ip === undefined)) diffs.push(`ip: model ${d.ip} ≠ kernel ${ip}`);
    if (src !== d.seenSrcIp && !(inSourcePod && src === undefined)) diffs.push(`seen source: model ${d.seenSrcIp} ≠ kernel ${src}`);
    if (aIp?.ttl !== d.ttl && !inSourcePod) diffs.push(`ttl: model ${d.ttl} ≠ kernel ${aIp?.ttl}`);
    if (d.port !== undefined && (run.seen || !lost) && run.seen?.lport !== d.port) diffs.push(`port: model ${d.port} ≠ kernel ${run.seen?.lport}`);
    if (d.seenSrcPort !== undefined && run.seen) {
      const m = d.seenSrcPort;
      const k = run.seen.rport;
      if (m !== k && (fixed.has(m) || fixed.has(k))) diffs.push(`seen source port: model ${m} ≠ kernel ${k}`);
    }
    checks.push({ what: 'delivered', expected, seen, ok: diffs.length === 0, detail: diffs.length ? diffs : undefined });
  }
  return checks;
}
