/**
 * Reads the pcap files tcpdump writes (`-w`): classic libpcap format, link
 * types EN10MB (1, a single Ethernet interface) and LINUX_SLL2 (276, `-i any`).
 * Decodes IPv4 with TCP, UDP (VXLAN on the modelled port) and ICMP into the
 * engine's header shapes (`Packet` of ARCHITECTURE.md), so a captured packet
 * and a modelled one compare field by field.
 *
 * Formats: libpcap file format (https://www.tcpdump.org/manual/pcap-savefile.html),
 * LINUX_SLL2 (https://www.tcpdump.org/linktypes/LINKTYPE_LINUX_SLL2.html),
 * VXLAN RFC 7348 §5.
 */
import type { Header, Packet } from '../engine/index';

export interface Captured {
  /** Microseconds since the epoch (kernel timestamp). */
  tsUs: number;
  /** SLL2: interface index and packet type (0 host, 1 broadcast, 3 other host, 4 outgoing). */
  ifindex?: number;
  pkttype?: number;
  packet: Packet;
  /** Payload after the innermost L4 header (UDP data, ICMP data), for tokens. */
  payload: Uint8Array;
}

const LINKTYPE_EN10MB = 1;
const LINKTYPE_SLL2 = 276;

function mac(b: Uint8Array, o: number): string {
  return Array.from(b.subarray(o, o + 6), (x) => x.toString(16).padStart(2, '0')).join(':');
}

function ip(b: Uint8Array, o: number): string {
  return `${b[o]}.${b[o + 1]}.${b[o + 2]}.${b[o + 3]}`;
}

function u16(b: Uint8Array, o: number): number {
  return ((b[o] ?? 0) << 8) | (b[o + 1] ?? 0);
}

const TCP_FLAGS: [number, string][] = [
  [0x02, 'S'],
  [0x01, 'F'],
  [0x04, 'R'],
  [0x08, 'P'],
];

/** tcpdump's flag string: `S`, `S.`, `.`, `P.`, `F.`, `R`, `R.`. */
export function tcpFlags(f: number): string {
  let s = TCP_FLAGS.filter(([bit]) => f & bit).map(([, c]) => c).join('');
  if (f & 0x10) s += '.';
  return s || 'none';
}

/** Decodes an IPv4 packet at `o`; appends headers; returns the L4 payload. */
function decodeIpv4(b: Uint8Array, o: number, headers: Header[], vxlanPort: readonly number[], depth: number): Uint8Array {
  if (o + 20 > b.length || (b[o]! >> 4) !== 4) return new Uint8Array();
  const ihl = (b[o]! & 0x0f) * 4;
  const total = u16(b, o + 2);
  const flagsFrag = u16(b, o + 6);
  const protoNum = b[o + 9]!;
  const proto = protoNum === 6 ? 'tcp' : protoNum === 17 ? 'udp' : protoNum === 1 ? 'icmp' : undefined;
  if (!proto) return new Uint8Array();
  headers.push({ kind: 'ipv4', src: ip(b, o + 12), dst: ip(b, o + 16), ttl: b[o + 8]!, proto, len: total, df: (flagsFrag & 0x4000) !== 0 });
  const end = Math.min(b.length, o + total);
  const l4 = o + ihl;
  if (proto === 'tcp') {
    headers.push({ kind: 'tcp', sport: u16(b, l4), dport: u16(b, l4 + 2), flags: tcpFlags(b[l4 + 13] ?? 0) });
    const off = ((b[l4 + 12] ?? 0) >> 4) * 4;
    return b.subarray(l4 + off, end);
  }
  if (proto === 'udp') {
    const sport = u16(b, l4);
    const dport = u16(b, l4 + 2);
    headers.push({ kind: 'udp', sport, dport, len: u16(b, l4 + 4) });
    const data = l4 + 8;
    if (vxlanPort.includes(dport) && depth === 0 && data + 8 + 14 <= end) {
      const vni = ((b[data + 4]! << 16) | (b[data + 5]! << 8) | b[data + 6]!) >>> 0;
      headers.push({ kind: 'vxlan', vni, flags: b[data]! });
      const e = data + 8;
      headers.push({ kind: 'eth', src: mac(b, e + 6), dst: mac(b, e), type: u16(b, e + 12) === 0x0806 ? 'arp' : 'ipv4' });
      if (u16(b, e + 12) === 0x0800) return decodeIpv4(b.subarray(0, end), e + 14, headers, vxlanPort, depth + 1);
      return new Uint8Array();
    }
    return b.subarray(data, end);
  }
  headers.push({ kind: 'icmp', type: b[l4]!, code: b[l4 + 1]!, id: u16(b, l4 + 4), seq: u16(b, l4 + 6) });
  return b.subarray(l4 + 8, end);
}

/** Parses a whole pcap file. Non-IPv4 frames (ARP, IPv6) are skipped. */
export function parsePcap(file: Uint8Array, vxlanPort: readonly number[]): Captured[] {
  if (file.length < 24) return [];
  const dv = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const magic = dv.getUint32(0, true);
  const le = magic === 0xa1b2c3d4 || magic === 0xa1b23c4d;
  const nano = magic === 0xa1b23c4d || magic === 0x4d3cb2a1;
  const linktype = dv.getUint32(20, le);
  const out: Captured[] = [];
  let o = 24;
  while (o + 16 <= file.length) {
    const sec = dv.getUint32(o, le);
    const frac = dv.getUint32(o + 4, le);
    const incl = dv.getUint32(o + 8, le);
    const frame = file.subarray(o + 16, o + 16 + incl);
    o += 16 + incl;
    const tsUs = sec * 1e6 + (nano ? Math.floor(frac / 1000) : frac);
    const headers: Header[] = [];
    let payload: Uint8Array;
    if (linktype === LINKTYPE_EN10MB) {
      if (frame.length < 14 || u16(frame, 12) !== 0x0800) continue;
      headers.push({ kind: 'eth', src: mac(frame, 6), dst: mac(frame, 0), type: 'ipv4' });
      payload = decodeIpv4(frame, 14, headers, vxlanPort, 0);
      if (headers.length < 2) continue;
      out.push({ tsUs, packet: { headers }, payload });
    } else if (linktype === LINKTYPE_SLL2) {
      if (frame.length < 20 || u16(frame, 0) !== 0x0800) continue;
      const ifindex = new DataView(frame.buffer, frame.byteOffset + 4, 4).getUint32(0, false);
      const pkttype = frame[10]!;
      payload = decodeIpv4(frame, 20, headers, vxlanPort, 0);
      if (headers.length < 1) continue;
      out.push({ tsUs, ifindex, pkttype, packet: { headers }, payload });
    }
  }
  return out;
}

/** True when `needle` occurs in `hay`. */
export function contains(hay: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}
