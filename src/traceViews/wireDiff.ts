/**
 * Two wire packets of the same flow side by side: headers aligned from the
 * innermost out (the payload's TCP with TCP, the pod's IP with the pod's IP),
 * so an overlay's extra outer headers have no partner, and fields that
 * differ between partners (rewritten MACs, outer addresses) are marked.
 */
import type { Header, Packet } from '../engine/index';
import { alignHeaders, fieldText } from './alignHeaders';

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
  return FIELDS[h.kind].map((name) => ({ name, value: fieldText(h, name), differs: !!partner && fieldText(h, name) !== fieldText(partner, name) }));
}

/** One column's headers (outermost first), each compared with the header at the same depth from the inside in `other`. */
export function diffHeaders(packet: Packet, other: Packet | undefined): WireHeader[] {
  return alignHeaders(packet, other ?? { headers: [] })
    .flatMap(({ a: h, b: candidate }) => {
      if (!h) return [];
      const partner = other && candidate?.kind === h.kind ? candidate : undefined;
      return [{ kind: h.kind, only: !!other && !partner, fields: fieldsOf(h, partner) }];
    })
    .reverse();
}
