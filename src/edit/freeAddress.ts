/**
 * The address the what-if forms suggest for a pod on a node: the first free
 * one of the node's IPAM block (the worker answers it per node,
 * `EngineWorkerApi.freeAddresses`; the IPAM panel's borrowing example uses it
 * too).
 */
/** What of an IPAM block (the worker's `IpamView` block) the suggestion reads. */
export interface BlockUse {
  cidr: string;
  reserved: readonly string[];
  pods: readonly { ip: string }[];
}

function toInt(ip: string): number {
  return ip.split('.').reduce((a, x) => a * 256 + Number(x), 0);
}

function toIp(n: number): string {
  return [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');
}

/**
 * The first free address of a block: not the block's first (a Linux node's
 * VXLAN tunnel address) or last, not one Windows reserves, not used by a pod.
 */
export function freeInBlock(block: BlockUse, taken: ReadonlySet<string> = new Set()): string | undefined {
  const [base, len] = block.cidr.split('/');
  const start = toInt(base!);
  const size = 2 ** (32 - Number(len));
  const used = new Set([...block.reserved, ...block.pods.map((p) => p.ip), ...taken]);
  for (let i = 1; i < size - 1; i++) {
    const ip = toIp(start + i);
    if (!used.has(ip)) return ip;
  }
  return undefined;
}
