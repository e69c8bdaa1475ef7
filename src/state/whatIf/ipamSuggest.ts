/** The IPAM panel's borrowing example, from the worker's IPAM view (plain data). */
import { freeInBlock } from '../../edit/freeAddress';
import type { IpamView } from '../../worker/api';

/**
 * The borrowing demonstration: a Linux pod (`EditableModel.linuxPod`) and a
 * free address of a Windows node's block to move it to (with strictAffinity
 * off Calico could hand out exactly that).
 */
export function borrowCandidate(view: IpamView | undefined, pod: { namespace: string; name: string; node: string } | undefined): { pod: { namespace: string; name: string }; node: string; ip: string } | undefined {
  const win = view?.blocks.find((b) => b.windows);
  const ip = win && freeInBlock(win);
  return win && ip && pod ? { pod: { namespace: pod.namespace, name: pod.name }, node: pod.node, ip } : undefined;
}
