/**
 * A Linux node's further addresses (fabric/nodeNics.ts) as the kernel holds
 * them: a secondary address of the NIC (`ip addr add 192.168.10.40/24 dev
 * ens18`), or a further NIC on another Fabric subnet with its address and the
 * prefix route the kernel adds for it (`192.168.11.0/24 dev ens19 proto
 * kernel scope link src …`). Each address is a local address (the `local`
 * table), so a packet for it enters this node. No default route leaves by a
 * further NIC: replies to other subnets go by the default route of the
 * primary NIC (assumption: the node's one static default route; rp_filter
 * off or loose, as on the kernel check's namespaces).
 * @see Linux fib_add_ifaddr (local and prefix routes of an address)
 */
import type { ObjectRef } from '../model/diagnostic';
import type { NodeNicAddress } from '../fabric/nodeNics';
import { parseCidr } from '../model/ipv4';
import type { Link, Route } from './state';

export interface MoreNics {
  /** Secondary addresses of the primary NIC (`a.b.c.d/len`). */
  primaryAddrs: string[];
  links: Link[];
  routes: Route[];
}

export function moreNics(more: readonly NodeNicAddress[], primaryNic: string, mtuOf: (a: NodeNicAddress) => number, owner: ObjectRef): MoreNics {
  const out: MoreNics = { primaryAddrs: [], links: [], routes: [] };
  for (const a of more) {
    const addr = `${a.ip}/${parseCidr(a.subnet.cidr)!.len}`;
    if (a.ifname === primaryNic) {
      out.primaryAddrs.push(addr);
      continue;
    }
    const link = out.links.find((l) => l.name === a.ifname);
    if (link) {
      link.addrs.push(addr);
      continue;
    }
    out.links.push({ name: a.ifname, kind: 'physical', mtu: mtuOf(a), mac: a.mac, addrs: [addr], owner });
    out.routes.push({ dst: parseCidr(a.subnet.cidr)!, type: 'unicast', dev: a.ifname, proto: 'kernel', scope: 'link', src: a.ip, source: 'kernel: prefix route of the address of a further NIC (fib_add_ifaddr)' });
  }
  return out;
}
