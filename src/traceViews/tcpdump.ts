/**
 * Packets as `tcpdump -n` prints them, so a trace reads like a capture. The
 * VXLAN form matches the seed's capture on ens18 (`ttl` adds the TTL, as
 * `tcpdump -v` would show it):
 *   IP 192.168.10.20.48213 > 192.168.10.21.4789: VXLAN, flags [I] (0x08), vni 4096
 *   IP 172.20.211.53 > 172.20.172.6: ICMP echo request, id 23, seq 0, length 64
 */
import type { Header, Ipv4Header, Packet } from '../engine/model/packet';
import { HEADER_BYTES } from '../engine/model/packet';

function icmpText(h: Extract<Header, { kind: 'icmp' }>, ip: Ipv4Header): string {
  const len = (ip.len ?? 28) - HEADER_BYTES.ipv4;
  if (h.type === 8 || h.type === 0) return `ICMP echo ${h.type === 8 ? 'request' : 'reply'}, id ${h.id ?? 0}, seq ${h.seq ?? 0}, length ${len}`;
  if (h.type === 3 && h.code === 4) return `ICMP ${ip.dst} unreachable - need to frag (mtu ${h.mtu ?? 0}), length ${len}`;
  if (h.type === 3 && h.code === 3) return `ICMP ${ip.dst} udp port unreachable, length ${len}`;
  if (h.type === 11) return `ICMP time exceeded in-transit, length ${len}`;
  return `ICMP type ${h.type} code ${h.code}, length ${len}`;
}

/** One IPv4 packet (header + the L4 header after it) on one line. */
function ipLine(ip: Ipv4Header, next: Header | undefined, after: Header | undefined, withTtl: boolean): string {
  const frag = ip.frag ? ` (frag ${ip.frag.index}/${ip.frag.count})` : '';
  const ttl = withTtl ? `, ttl ${ip.ttl}` : '';
  if (next?.kind === 'tcp') {
    const payload = Math.max(0, (ip.len ?? 40) - HEADER_BYTES.ipv4 - HEADER_BYTES.tcp);
    return `IP ${ip.src}.${next.sport} > ${ip.dst}.${next.dport}: Flags [${next.flags}], length ${payload}${frag}${ttl}`;
  }
  if (next?.kind === 'udp') {
    if (after?.kind === 'vxlan') return `IP ${ip.src}.${next.sport} > ${ip.dst}.${next.dport}: VXLAN, flags [I] (0x${after.flags.toString(16).padStart(2, '0')}), vni ${after.vni}`;
    const payload = Math.max(0, (ip.len ?? 28) - HEADER_BYTES.ipv4 - HEADER_BYTES.udp);
    return `IP ${ip.src}.${next.sport} > ${ip.dst}.${next.dport}: UDP, length ${payload}${frag}${ttl}`;
  }
  if (next?.kind === 'icmp') return `IP ${ip.src} > ${ip.dst}: ${icmpText(next, ip)}${frag}${ttl}`;
  // tcpdump prints the inner packet after the outer one; here it is the next line.
  if (ip.proto === 'ipip') return `IP ${ip.src} > ${ip.dst}: IP-in-IP (proto 4), length ${Math.max(0, (ip.len ?? 20) - HEADER_BYTES.ipv4)}${frag}${ttl}`;
  return `IP ${ip.src} > ${ip.dst}: proto ${ip.proto}${frag}${ttl}`;
}

/**
 * The packet as tcpdump lines: one per IP layer, outermost first. With
 * `eth`, each line is prefixed by its Ethernet header as `tcpdump -e` does.
 */
export function formatPacket(p: Packet, opts: { eth?: boolean; ttl?: boolean } = {}): string[] {
  const lines: string[] = [];
  let eth: Extract<Header, { kind: 'eth' }> | undefined;
  p.headers.forEach((h, i) => {
    if (h.kind === 'eth') eth = h;
    if (h.kind !== 'ipv4') return;
    const prefix = opts.eth && eth ? `${eth.src} > ${eth.dst}, ethertype IPv4: ` : '';
    lines.push(prefix + ipLine(h, p.headers[i + 1], p.headers[i + 2], opts.ttl ?? false));
    eth = undefined;
  });
  return lines;
}
