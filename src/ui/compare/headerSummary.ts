/** One header in a line, as a packet capture would summarise it. */
import type { Header } from '../../engine/index';

export function headerSummary(h: Header): string {
  switch (h.kind) {
    case 'eth':
      return `ETH ${h.src} → ${h.dst}`;
    case 'ipv4':
      return `IP ${h.src} → ${h.dst} ttl ${h.ttl}`;
    case 'udp':
      return `UDP ${h.sport} → ${h.dport}`;
    case 'tcp':
      return `TCP ${h.sport} → ${h.dport} [${h.flags}]`;
    case 'icmp':
      return `ICMP type ${h.type} code ${h.code}`;
    case 'vxlan':
      return `VXLAN VNI ${h.vni}`;
  }
}
