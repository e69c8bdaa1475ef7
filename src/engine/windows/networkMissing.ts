/**
 * Configuration with which the CNI never creates the node's HNS network, so
 * the node's pods have no network at all: the trace stops there, with the
 * readiness finding (readiness/check.ts) of the same name as its reason.
 * - Flannel VXLAN with VNI < 4096 or a port other than 4789: flannel's
 *   Windows VXLAN backend refuses them (DATAPATH-FACTS §6.2 [F1][F5]).
 * - Calico VXLANVNI < 4096: the CNI's ensureVxlanNetworkExists fails with
 *   "Windows does not support VXLANVNI < 4096" ([C25]); a VXLAN port other
 *   than 4789, a CrossSubnet or IPIP pool: unsupported on Windows
 *   (DATAPATH-FACTS §8.1, §8.4 [D2][D1][C30]); assumption: the network is
 *   not created (the docs do not say how it fails).
 */
import type { PeerNode } from '../model/clusterView';
import type { Scenario } from '../model/scenario';
import { flannelSettings } from '../model/flannel';
import type { HopResult } from '../model/hop';
import type { Packet } from '../model/packet';
import type { WindowsCni } from './cni';
import type { Ctx } from './nodeContext';
import { stop } from './nodeContext';
import { calicoSettings } from '../model/calico';

export interface NetworkMissing {
  /** The readiness finding that reports the same configuration. */
  finding: string;
  detail: string;
  source: string;
  assumption: boolean;
}

export function missingNetwork(s: Scenario, cni: WindowsCni, self: PeerNode): NetworkMissing | undefined {
  if (cni.plugin === 'flannel') {
    const b = flannelSettings(s)?.backend;
    if (!b || b.type !== 'vxlan') return undefined;
    const src = 'F1 flannel pkg/backend/vxlan/vxlan_windows.go: Windows needs VNI ≥ 4096 and UDP port 4789 (DATAPATH-FACTS §6.2; F5 backends.md)';
    if (b.vni < 4096) return { finding: 'flannel-vni', detail: `VNI ${b.vni} < 4096`, source: src, assumption: false };
    if (b.port !== 4789) return { finding: 'flannel-port', detail: `port ${b.port} ≠ 4789`, source: src, assumption: false };
    return undefined;
  }
  const c = calicoSettings(s);
  if (!c) return undefined;
  const pool = c.pools.find((p) => p.name === self.pool);
  if (pool && pool.ipipMode !== 'Never') return { finding: 'ipip-pool', detail: `IP pool ${pool.name} ipipMode ${pool.ipipMode}`, source: 'D2 Calico for Windows requirements: IPIP is not supported; DATAPATH-FACTS §8.1 [C30]; assumption: the network is not created', assumption: true };
  if (cni.mode !== 'overlay') return undefined;
  if (pool && pool.vxlanMode === 'CrossSubnet') return { finding: 'vxlan-crosssubnet', detail: `IP pool ${pool.name} vxlanMode CrossSubnet`, source: 'D1/D2 Calico for Windows: VXLAN only, no CrossSubnet; DATAPATH-FACTS §8.1, §8.4 [C30]; assumption: the network is not created', assumption: true };
  if (c.vxlanVNI < 4096) return { finding: 'calico-vxlan-vni', detail: `VXLANVNI ${c.vxlanVNI} < 4096`, source: 'C25 cni-plugin dataplane_windows.go ensureVxlanNetworkExists: "Windows does not support VXLANVNI < 4096"', assumption: false };
  if (c.vxlanPort !== 4789) return { finding: 'calico-vxlan-port', detail: `VXLANPort ${c.vxlanPort} ≠ 4789`, source: 'D2 Calico for Windows requirements: VXLAN on UDP 4789 only; DATAPATH-FACTS §8.4 [C30]; assumption: the network is not created', assumption: true };
  return undefined;
}

/** The packet would need the node's HNS network (a pod sends, or a pod of this node is the destination): the trace stops here. */
export function noNetworkStop(c: Ctx, p: Packet, m: NetworkMissing): HopResult {
  const network = c.st.network.Name;
  c.rec.add({ at: { component: 'vswitch', layer: network }, action: 'drop', before: p, rule: { text: `no HNS network ${network} on ${c.st.name}: ${m.detail} (readiness: ${m.finding})`, source: m.source, ...(m.assumption ? { assumption: true } : {}) }, explain: 'windows.networkMissing', params: { network, detail: m.detail, finding: m.finding } });
  return stop(c, 'dropped', 'windows-network-missing', { node: c.st.name, network, detail: m.detail, finding: m.finding });
}
