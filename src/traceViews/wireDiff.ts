/**
 * Two wire packets of the same flow side by side: headers aligned from the
 * innermost out (the payload's TCP with TCP, the pod's IP with the pod's IP),
 * so an overlay's extra outer headers have no partner, and fields that
 * differ between partners (rewritten MACs, outer addresses) are marked.
 */
import type { Header, Packet } from '../engine/index';

/** The fields a wire row shows per header kind. */
const FIELDS: Record<Header['kind'], string[]> = {
  eth: ['src', 'dst'],
  ipv4: ['src', 'dst', 'ttl'],
  udp: ['sport', 'dport'],
  tcp: ['sport', 'dport', 'flags'],
  icmp: ['type', 'code'],
  vxlan: ['vni'],
};

export interface WireField {
  name: string;
  value: string;
  /** The partner header has another value here. */
  differs: boolean;
}

export interface WireHeader {
  kind: Header['kind'];
  /** No header at this depth in the other packet (e.g. the VXLAN overlay's outer headers). */
  only: boolean;
  fields: WireField[];
}

function fieldsOf(h: Header, partner: Header | undefined): WireField[] {
  const get = (x: Header, f: string) => String((x as unknown as Record<string, unknown>)[f] ?? '');
  return FIELDS[h.kind].map((name) => ({ name, value: get(h, name), differs: !!partner && get(h, name) !== get(partner, name) }));
}

/** One column's headers (outermost first), each compared with the header at the same depth from the inside in `other`. */
export function diffHeaders(packet: Packet, other: Packet | undefined): WireHeader[] {
  const mine = packet.headers;
  const theirs = other?.headers ?? [];
  return mine.map((h, i) => {
    const depth = mine.length - i;
    const candidate = theirs[theirs.length - depth];
    const partner = other && candidate?.kind === h.kind ? candidate : undefined;
    return { kind: h.kind, only: !!other && !partner, fields: fieldsOf(h, partner) };
  });
}
