/**
 * Names Calico gives things on a Linux node.
 */
import { sha1Hex } from '../model/macs';

/** Felix's default workload interface prefix (FELIX_INTERFACEPREFIX). */
export const WORKLOAD_IFACE_PREFIX = 'cali';

/** The VXLAN device Felix creates. @see DATAPATH-FACTS §1.3 [C4] */
export const VXLAN_IFACE = 'vxlan.calico';

/**
 * Host side of a pod's veth: prefix + first 11 hex chars of
 * SHA-1("<namespace>.<pod>"), 15 characters. Checked against the seed:
 * `demo.net` → `cali4d7612d46be`.
 * @see DATAPATH-FACTS §1.1 [C11] libcalico-go VethNameForWorkload
 */
export function vethNameForPod(namespace: string, pod: string): string {
  return WORKLOAD_IFACE_PREFIX + sha1Hex(`${namespace}.${pod}`).slice(0, 11);
}

/** Calico's dummy next hop inside every pod, answered by proxy ARP. @see DATAPATH-FACTS §1.1 [C9] */
export const POD_GATEWAY = '169.254.1.1';

/**
 * flannel's VXLAN device, `flannel.<VNI>` (e.g. `flannel.4096`).
 * @see flannel-io/flannel pkg/backend/vxlan/vxlan.go RegisterNetwork; DATAPATH-FACTS §6.2 [F6]
 */
export function flannelVxlanIface(vni: number): string {
  return `flannel.${vni}`;
}

/**
 * The bridge flannel's CNI delegates to: the bridge plugin's default name.
 * @see containernetworking/plugins plugins/meta/flannel/flannel_linux.go (delegate type `bridge`), plugins/main/bridge README (`bridge` defaults to `cni0`)
 */
export const CNI_BRIDGE = 'cni0';

/**
 * Host side of a bridge-plugin veth: `veth` + 8 hex digits. The CNI library
 * names it from 4 random bytes (pkg/ip RandomVethName); assumption: we take
 * them from SHA-1("<namespace>/<pod>") so every run prints the same name.
 */
export function bridgeVethName(namespace: string, pod: string): string {
  return `veth${sha1Hex(`veth:${namespace}/${pod}`).slice(0, 8)}`;
}
