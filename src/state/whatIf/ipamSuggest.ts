/** Addresses to offer in the what-if forms, from the worker's IPAM view (plain data). */
import type { IpamView } from '../../worker/api';

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
export function freeInBlock(block: IpamView['blocks'][number], taken: ReadonlySet<string> = new Set()): string | undefined {
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

/** A free address in `node`'s own block (undefined without Calico IPAM or a block). */
export function freeAddressOn(view: IpamView | undefined, node: string): string | undefined {
  const block = view?.blocks.find((b) => b.node === node);
  return block && freeInBlock(block);
}

/**
 * The borrowing demonstration: a Linux pod and a free address of a Windows
 * node's block to move it to (with strictAffinity off Calico could hand out
 * exactly that).
 */
export function borrowCandidate(view: IpamView | undefined, pods: readonly { namespace: string; name: string; node: string }[], linuxNodes: readonly string[]): { pod: { namespace: string; name: string }; node: string; ip: string } | undefined {
  const win = view?.blocks.find((b) => b.windows);
  const ip = win && freeInBlock(win);
  const pod = pods.find((p) => linuxNodes.includes(p.node) && p.namespace !== 'kube-system');
  return win && ip && pod ? { pod: { namespace: pod.namespace, name: pod.name }, node: pod.node, ip } : undefined;
}
