/** The short text on the moving packet: its L4 protocol, and the encapsulation it travels in. */
import type { Packet } from '../../engine/index';

export function packetLabel(p: Packet): { proto: string; encap?: string } {
  const l4 = [...p.headers].reverse().find((h) => h.kind === 'tcp' || h.kind === 'udp' || h.kind === 'icmp');
  const vxlan = p.headers.find((h) => h.kind === 'vxlan');
  return { proto: l4 ? l4.kind.toUpperCase() : 'IP', ...(vxlan && vxlan.kind === 'vxlan' ? { encap: `VXLAN ${vxlan.vni}` } : {}) };
}
