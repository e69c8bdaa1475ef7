/**
 * Packets and headers as the tracer moves them: plain, serialisable records
 * (they cross the worker boundary), outermost header first.
 *
 * Shapes follow ARCHITECTURE.md "Output: a Trace". Additive fields beyond the
 * contract (`len`, `df`, `id` on IPv4; `len` on UDP) carry what MTU handling
 * and tcpdump-style printing need; they are optional so contract readers can
 * ignore them.
 */

/** Ethernet II. MACs are lower-case `aa:bb:cc:dd:ee:ff`; `type` is the EtherType name. */
export interface EthHeader {
  kind: 'eth';
  src: string;
  dst: string;
  type: 'ipv4' | 'arp';
}

/** IP protocol names used in `ipv4.proto`. */
export type L4Proto = 'tcp' | 'udp' | 'icmp';

/**
 * IPv4. `ttl` in hops; `len` = total length in bytes (header + payload);
 * `df` = Don't Fragment bit; `frag` = set on a fragment ("first of N").
 */
export interface Ipv4Header {
  kind: 'ipv4';
  src: string;
  dst: string;
  ttl: number;
  /** `ipip` (IP protocol 4): the outer header of an IP-in-IP packet (Calico's tunl0); the inner IPv4 header follows. */
  proto: L4Proto | 'ipip';
  len?: number;
  df?: boolean;
  frag?: { index: number; count: number };
}

/** TCP. `flags` as tcpdump prints them: `S`, `S.`, `.`, `P.`, `F.`, `R`. */
export interface TcpHeader {
  kind: 'tcp';
  sport: number;
  dport: number;
  flags: string;
}

/** UDP. `len` = UDP length in bytes when known. */
export interface UdpHeader {
  kind: 'udp';
  sport: number;
  dport: number;
  len?: number;
}

/** ICMP. type 8 echo request, 0 echo reply, 3 destination unreachable (code 4 = fragmentation needed). */
export interface IcmpHeader {
  kind: 'icmp';
  type: number;
  code: number;
  id?: number;
  seq?: number;
  /** For type 3 code 4: the next-hop MTU the router reports. */
  mtu?: number;
}

/** VXLAN (RFC 7348). `flags` 0x08 = I (VNI valid). `vni` is Windows' VSID. */
export interface VxlanHeader {
  kind: 'vxlan';
  vni: number;
  flags: number;
}

export type Header = EthHeader | Ipv4Header | TcpHeader | UdpHeader | IcmpHeader | VxlanHeader;
export type HeaderKind = Header['kind'];

/** A packet: headers outermost first. An encapsulated packet has two `ipv4` headers. */
export interface Packet {
  headers: Header[];
}

/** Bytes each header adds on the wire (without FCS/preamble). */
export const HEADER_BYTES: Readonly<Record<HeaderKind, number>> = {
  eth: 14,
  ipv4: 20,
  udp: 8,
  tcp: 20,
  icmp: 8,
  vxlan: 8,
};

/** Outer headers VXLAN adds in front of the inner IP packet: eth + ipv4 + udp + vxlan = 50 bytes. */
export const VXLAN_OVERHEAD = HEADER_BYTES.eth + HEADER_BYTES.ipv4 + HEADER_BYTES.udp + HEADER_BYTES.vxlan;
