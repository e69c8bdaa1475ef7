/**
 * The IPAM panel's answer (issue 18): at 1,000 nodes the whole IPAM view is
 * 1,000 blocks with every pod (730 kB), so the worker searches it and sends
 * a page of blocks, the borrowed addresses and the borrowing example.
 */
import { freeInBlock } from '../edit/freeAddress';
import type { EditablePod } from '../edit/editableModel';
import type { IpamPage, IpamView } from './api';

type Block = IpamView['blocks'][number];

/**
 * The borrowing demonstration: a Linux pod (`firstLinuxPod`) and a free
 * address of a Windows node's block to move it to (with strictAffinity off
 * Calico could hand out exactly that).
 */
export function borrowCandidate(view: IpamView, pod: EditablePod | undefined): IpamPage['borrowCandidate'] {
  const win = view.blocks.find((b) => b.windows);
  const ip = win && freeInBlock(win);
  return win && ip && pod ? { pod: { namespace: pod.namespace, name: pod.name }, node: pod.node, ip } : undefined;
}

const matches = (b: Block, needle: string): boolean => b.cidr.includes(needle) || b.node.toLowerCase().includes(needle) || b.pool.toLowerCase().includes(needle) || b.pods.some((p) => p.pod.toLowerCase().includes(needle) || p.ip.includes(needle));

/** The first `limit` blocks whose CIDR, node, pool or pods contain `text` (case-insensitive), and the rest of the panel. */
export function ipamPage(view: IpamView, query: { text: string; limit: number }, linuxPod: EditablePod | undefined): IpamPage {
  const needle = query.text.trim().toLowerCase();
  const matching = needle ? view.blocks.filter((b) => matches(b, needle)) : view.blocks;
  const candidate = view.borrowed.length === 0 ? borrowCandidate(view, linuxPod) : undefined;
  return {
    blocks: matching.slice(0, Math.max(0, query.limit)),
    matching: matching.length,
    blockCount: view.blocks.length,
    borrowed: view.borrowed,
    strictAffinity: view.strictAffinity,
    ...(candidate ? { borrowCandidate: candidate } : {}),
  };
}
