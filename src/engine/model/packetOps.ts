/**
 * Reading and rewriting packets without mutating them (steps keep `before`
 * and `after` snapshots), and naming what changed between two snapshots.
 */
import type { EthHeader, Header, Ipv4Header, Packet, TcpHeader, UdpHeader, IcmpHeader, VxlanHeader } from './packet';
import { HEADER_BYTES } from './packet';

export type L4Header = TcpHeader | UdpHeader | IcmpHeader;

/** Under vitest, shared headers are frozen, so a rewrite in place anywhere fails a test instead of changing another snapshot. */
const FREEZE_SHARED_HEADERS = Boolean((globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.VITEST);

/**
 * A copy whose header list is its own; the headers are shared, as nothing
 * rewrites a header in place (the ops below replace the header object), so
 * an unchanged header stays the same object and changedFields skips it.
 */
export function clonePacket(p: Packet): Packet {
  if (FREEZE_SHARED_HEADERS) for (const h of p.headers) Object.freeze(h);
  return { headers: p.headers.slice() };
}

function lastIndexOfKind(p: Packet, kind: Header['kind']): number {
  for (let i = p.headers.length - 1; i >= 0; i--) if (p.headers[i]!.kind === kind) return i;
  return -1;
}

/** Index of the innermost IPv4 header (the one the endpoints see); -1 if none. */
export function innerIpIndex(p: Packet): number {
  return lastIndexOfKind(p, 'ipv4');
}

/** The innermost IPv4 header. Throws if the packet has none (a programming error, not user input). */
export function innerIp(p: Packet): Ipv4Header {
  const i = innerIpIndex(p);
  if (i < 0) throw new Error('packet without IPv4 header');
  return p.headers[i] as Ipv4Header;
}

/** The outermost IPv4 header (equals innerIp when not encapsulated). */
export function outerIp(p: Packet): Ipv4Header {
  const h = p.headers.find((x) => x.kind === 'ipv4');
  if (!h) throw new Error('packet without IPv4 header');
  return h as Ipv4Header;
}

/** The L4 header after the innermost IPv4 header. */
export function innerL4(p: Packet): L4Header | undefined {
  const i = innerIpIndex(p);
  const h = p.headers[i + 1];
  return h && (h.kind === 'tcp' || h.kind === 'udp' || h.kind === 'icmp') ? h : undefined;
}

/** The outermost Ethernet header, if the packet is framed. */
export function outerEth(p: Packet): EthHeader | undefined {
  const h = p.headers[0];
  return h?.kind === 'eth' ? h : undefined;
}

export function isEncapsulated(p: Packet): boolean {
  return p.headers.some((h) => h.kind === 'vxlan');
}

export function vxlanHeader(p: Packet): VxlanHeader | undefined {
  return p.headers.find((h): h is VxlanHeader => h.kind === 'vxlan');
}

/** Source/destination ports of the inner L4 header (ICMP echo id stands in as both, as conntrack does). */
export function ports(p: Packet): { sport?: number; dport?: number } {
  const l4 = innerL4(p);
  if (!l4) return {};
  if (l4.kind === 'icmp') return { sport: l4.id, dport: l4.id };
  return { sport: l4.sport, dport: l4.dport };
}

/** Returns a copy with the innermost IPv4 header patched. */
export function patchInnerIp(p: Packet, patch: Partial<Omit<Ipv4Header, 'kind'>>): Packet {
  const q = clonePacket(p);
  const i = innerIpIndex(q);
  q.headers[i] = { ...(q.headers[i] as Ipv4Header), ...patch };
  return q;
}

/** Returns a copy with the inner L4 header patched (no-op for fields the header lacks). */
export function patchInnerL4(p: Packet, patch: { sport?: number; dport?: number }): Packet {
  const q = clonePacket(p);
  const i = innerIpIndex(q) + 1;
  const h = q.headers[i];
  if (h && (h.kind === 'tcp' || h.kind === 'udp')) q.headers[i] = { ...h, ...patch };
  return q;
}

/** Returns a copy with the outermost Ethernet header replaced or added. */
export function withOuterEth(p: Packet, eth: Omit<EthHeader, 'kind' | 'type'>): Packet {
  const q = clonePacket(p);
  const h: EthHeader = { kind: 'eth', type: 'ipv4', ...eth };
  if (q.headers[0]?.kind === 'eth') q.headers[0] = h;
  else q.headers.unshift(h);
  return q;
}

/** Returns a copy without the outer Ethernet header (what an L3 device hands up). */
export function withoutOuterEth(p: Packet): Packet {
  const q = clonePacket(p);
  if (q.headers[0]?.kind === 'eth') q.headers.shift();
  return q;
}

/** Bytes of the packet from its outermost IPv4 header on (what an L3 MTU limits). */
export function ipLength(p: Packet): number {
  return outerIp(p).len ?? p.headers.filter((h) => h.kind !== 'eth').reduce((n, h) => n + HEADER_BYTES[h.kind], 0);
}

/** Whether a field differs between two headers of one kind (object fields compared by content). */
function fieldDiffers(ra: Record<string, unknown>, rb: Record<string, unknown>, f: string): boolean {
  const av = ra[f];
  const bv = rb[f];
  return av !== bv && (typeof av !== 'object' || typeof bv !== 'object' || JSON.stringify(av) !== JSON.stringify(bv));
}

/** Sorts a short list in place by UTF-16 code units (as Array.prototype.sort does), without the copy sort() allocates on every step. */
function sortShort(xs: string[]): string[] {
  for (let i = 1; i < xs.length; i++) {
    const x = xs[i]!;
    let j = i - 1;
    for (; j >= 0 && xs[j]! > x; j--) xs[j + 1] = xs[j]!;
    xs[j + 1] = x;
  }
  return xs;
}

/**
 * Field path strings by prefix, header kind and field, each made once: a
 * trace names the same few paths on every step, and a fresh concatenation
 * per step is garbage that every comparison in sortShort flattens again.
 * Nested maps, so a lookup concatenates nothing (header kinds and field
 * names are property names, hashed once).
 */
const fieldPaths = new Map<string, Map<string, Map<string, string>>>();

function fieldPath(prefix: string, kind: string, f: string): string {
  let byKind = fieldPaths.get(prefix);
  if (!byKind) fieldPaths.set(prefix, (byKind = new Map()));
  let byField = byKind.get(kind);
  if (!byField) byKind.set(kind, (byField = new Map()));
  let path = byField.get(f);
  if (path === undefined) byField.set(f, (path = `${prefix}${kind}.${f}`));
  return path;
}

/**
 * Field paths that differ between two snapshots, e.g. `ipv4.dst`,
 * `outer.ipv4.src`, `vxlan.vni`. Headers are aligned from the innermost out,
 * so encapsulation reports only the added outer fields and decapsulation the
 * removed ones. Paths use the naming of whichever snapshot has more IP layers.
 */
export function changedFields(before: Packet, after: Packet): string[] {
  if (before === after) return [];
  const longer = after.headers.length >= before.headers.length ? after : before;
  // Headers before the VXLAN header are `outer.`, after it `inner.`.
  const vxlan = longer.headers.findIndex((h) => h.kind === 'vxlan');
  const out: string[] = [];
  const n = longer.headers.length;
  for (let k = 1; k <= n; k++) {
    const b = before.headers[before.headers.length - k];
    const a = after.headers[after.headers.length - k];
    const at = n - k;
    const prefix = vxlan < 0 || at === vxlan ? '' : at < vxlan ? 'outer.' : 'inner.';
    const kind = (a ?? b)!.kind;
    if (!a || !b || a.kind !== b.kind) {
      const h = (a ?? b)!;
      for (const f of Object.keys(h)) if (f !== 'kind') out.push(fieldPath(prefix, kind, f));
      continue;
    }
    if (a === b) continue;
    const ra = a as unknown as Record<string, unknown>;
    const rb = b as unknown as Record<string, unknown>;
    for (const f in ra) if (f !== 'kind' && fieldDiffers(ra, rb, f)) out.push(fieldPath(prefix, kind, f));
    for (const f in rb) if (f !== 'kind' && !Object.hasOwn(ra, f) && fieldDiffers(ra, rb, f)) out.push(fieldPath(prefix, kind, f));
  }
  return sortShort(out);
}
