/**
 * The 5-tuple of a packet as connection trackers see it (netfilter conntrack
 * on Linux, the VFP unified flow table on Windows). For ICMP echo the id
 * stands in as both ports, as conntrack does.
 */
import type { CtTuple } from './hop';
import type { Packet } from './packet';
import { innerIp, innerL4 } from './packetOps';

export function tupleOf(p: Packet): CtTuple {
  const ip = innerIp(p);
  const l4 = innerL4(p);
  if (l4?.kind === 'icmp') return { proto: 'icmp', src: ip.src, dst: ip.dst, sport: l4.id, dport: l4.id };
  return { proto: ip.proto, src: ip.src, sport: l4 && 'sport' in l4 ? l4.sport : undefined, dst: ip.dst, dport: l4 && 'dport' in l4 ? l4.dport : undefined };
}

export function sameTuple(a: CtTuple, b: CtTuple): boolean {
  return a.proto === b.proto && a.src === b.src && a.dst === b.dst && a.sport === b.sport && a.dport === b.dport;
}

export function reverseTuple(t: CtTuple): CtTuple {
  return { proto: t.proto, src: t.dst, sport: t.dport, dst: t.src, dport: t.sport };
}

/** `172.21.41.6:49152 → 10.97.141.163:80/tcp`, for texts. */
export function formatTuple(t: CtTuple): string {
  const port = (p?: number) => (t.proto === 'icmp' || p === undefined ? '' : `:${p}`);
  return `${t.src}${port(t.sport)} → ${t.dst}${port(t.dport)}/${t.proto}`;
}
