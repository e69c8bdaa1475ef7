/**
 * Configuration with which the CNI never creates the node's HNS network (each
 * Windows CNI plug-in says which, windows/cni/<name>/), so the node's pods
 * have no network at all: the trace stops there, with the readiness finding
 * (readiness/check.ts) of the same name as its reason.
 */
import type { HopResult } from '../model/hop';
import type { Packet } from '../model/packet';
import type { Ctx } from './nodeContext';
import { stop } from './nodeContext';

export interface NetworkMissing {
  /** The readiness finding that reports the same configuration. */
  finding: string;
  detail: string;
  source: string;
  assumption: boolean;
}

/** The packet would need the node's HNS network (a pod sends, or a pod of this node is the destination): the trace stops here. */
export function noNetworkStop(c: Ctx, p: Packet, m: NetworkMissing): HopResult {
  const network = c.st.network.Name;
  c.rec.add({ at: { component: 'vswitch', layer: network }, action: 'drop', before: p, rule: { text: `no HNS network ${network} on ${c.st.name}: ${m.detail} (readiness: ${m.finding})`, source: m.source, ...(m.assumption ? { assumption: true } : {}) }, explain: 'windows.networkMissing', params: { network, detail: m.detail, finding: m.finding } });
  return stop(c, 'dropped', 'windows-network-missing', { node: c.st.name, network, detail: m.detail, finding: m.finding });
}
