/**
 * The address the what-if forms suggest for a pod on a node: the first free
 * one of the node's IPAM block (the worker answers it per node,
 * `EngineWorkerApi.freeAddresses`; the IPAM panel's borrowing example uses it
 * too).
 */
import { cidrSize, intToIp, parseCidr } from '../engine/model/ipv4';

/** What of an IPAM block (the worker's `IpamView` block) the suggestion reads. */
export interface BlockUse {
  cidr: string;
  reserved: readonly string[];
  pods: readonly { ip: string }[];
}

/**
 * The first free address of a block: not the block's first (a Linux node's
 * VXLAN tunnel address) or last, not one Windows reserves, not used by a pod.
 */
export function freeInBlock(block: BlockUse, taken: ReadonlySet<string> = new Set()): string | undefined {
  const cidr = parseCidr(block.cidr);
  if (!cidr) return undefined;
  const size = cidrSize(cidr);
  const used = new Set([...block.reserved, ...block.pods.map((p) => p.ip), ...taken]);
  for (let i = 1; i < size - 1; i++) {
    const ip = intToIp(cidr.base + i);
    if (!used.has(ip)) return ip;
  }
  return undefined;
}
