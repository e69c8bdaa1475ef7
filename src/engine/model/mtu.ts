/**
 * What an IP stack does with a packet larger than the MTU of the route or
 * device it leaves by (Linux; the Windows nodes use the same decision for
 * their vNICs, windows/vnicMtu.ts):
 * - forwarded, DF set → dropped, ICMP "fragmentation needed" (type 3 code 4)
 *   with the MTU goes back to the sender;
 * - forwarded, DF clear → fragmented;
 * - sent by a local socket with `IP_PMTUDISC_DO` (`ping -M do`, `--df`) →
 *   EMSGSIZE, nothing is sent;
 * - sent by a local socket with the default `IP_PMTUDISC_WANT` → fragmented
 *   locally (fragments carry no DF).
 * @see Linux ip_forward() / ip_fragment(), ip(7) IP_MTU_DISCOVER
 */
import type { Packet } from './packet';
import { HEADER_BYTES } from './packet';
import { innerIp, innerIpIndex, ipLength } from './packetOps';
import type { Ipv4Header } from './packet';

export type MtuDecision =
  | { kind: 'fits' }
  | { kind: 'fragment'; count: number; first: Packet }
  | { kind: 'frag-needed'; mtu: number }
  | { kind: 'emsgsize'; mtu: number };

/** How the first fragment of a too-large packet looks: length trimmed to the MTU (payload in 8-byte units). */
export function fragmentPacket(p: Packet, mtu: number): { count: number; first: Packet } {
  const len = ipLength(p);
  const payloadPerFrag = Math.floor((mtu - HEADER_BYTES.ipv4) / 8) * 8;
  const count = Math.ceil((len - HEADER_BYTES.ipv4) / payloadPerFrag);
  const i = innerIpIndex(p);
  const headers = p.headers.map((h) => ({ ...h }));
  headers[i] = { ...(headers[i] as Ipv4Header), len: payloadPerFrag + HEADER_BYTES.ipv4, df: false, frag: { index: 1, count } };
  return { count, first: { headers } as Packet };
}

/**
 * @param dfPolicy the flow's DF choice: true = `-M do`, false = `-M dont`, undefined = Linux default (WANT).
 * @param local whether this host's own socket sends the packet (vs forwarding it).
 */
export function checkMtu(p: Packet, mtu: number, dfPolicy: boolean | undefined, local: boolean): MtuDecision {
  if (ipLength(p) <= mtu) return { kind: 'fits' };
  if (local) {
    if (dfPolicy === true) return { kind: 'emsgsize', mtu };
    return { kind: 'fragment', ...fragmentPacket(p, mtu) };
  }
  if (innerIp(p).df !== false) return { kind: 'frag-needed', mtu };
  return { kind: 'fragment', ...fragmentPacket(p, mtu) };
}
