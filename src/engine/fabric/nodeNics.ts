/**
 * Where a node's further addresses (scenario/nodeAddresses.ts) sit: one on
 * the primary address's subnet is a secondary address of the node's NIC
 * (`ip addr add … dev ens18`); one on another Fabric subnet is on a further
 * NIC plugged into that subnet, one NIC per subnet, named after the primary
 * NIC with its trailing number counted up (`ens18` → `ens19`, `eth0` → `eth1`).
 * Assumption: the names and MACs of further NICs (the input gives neither).
 */
import { cidrContains, parseCidr } from '../model/ipv4';
import { nodeNicMac } from '../model/macs';
import type { FabricSubnet, NodeSpec } from '../model/scenario';

export interface NodeNicAddress {
  ip: string;
  subnet: FabricSubnet;
  /** The interface that holds it. */
  ifname: string;
  mac: string;
}

/** `ens18`, 1 → `ens19`; a name without a trailing number gets one (`nic` → `nic1`). */
export function nthNicName(primary: string, n: number): string {
  const m = /^(.*?)(\d+)$/.exec(primary);
  return m ? `${m[1]}${Number(m[2]) + n}` : `${primary}${n}`;
}

/** The node's further addresses with the subnet and interface of each. */
export function moreNicAddresses(node: NodeSpec, primarySubnet: FabricSubnet | undefined, nic: { name: string; mac: string }, subnets: readonly FabricSubnet[]): NodeNicAddress[] {
  const nicOfSubnet = new Map<string, { ifname: string; mac: string }>();
  if (primarySubnet) nicOfSubnet.set(primarySubnet.name, { ifname: nic.name, mac: nic.mac });
  const out: NodeNicAddress[] = [];
  for (const a of node.moreAddresses ?? []) {
    const subnet = subnets.find((sn) => cidrContains(parseCidr(sn.cidr)!, a.ip));
    if (!subnet) continue;
    let at = nicOfSubnet.get(subnet.name);
    if (!at) {
      const ifname = nthNicName(nic.name, nicOfSubnet.size + (primarySubnet ? 0 : 1));
      at = { ifname, mac: nodeNicMac(`${node.name}/${ifname}`) };
      nicOfSubnet.set(subnet.name, at);
    }
    out.push({ ip: a.ip, subnet, ...at });
  }
  return out;
}
