/**
 * Why a Windows node carries no IPv6 in this scenario, as its CNI's Windows
 * plug-in says (windows/cni/<name>/; each case has its own reason and source):
 * - Calico for Windows (VXLAN or BGP): IPv4 only, no dual-stack [D2].
 * - An overlay network (flannel VXLAN / win-overlay): win-overlay rejects
 *   IPv6 [P2]; winkernel's DualStackCompatible falls back to single-stack on
 *   overlay [K1]; the docs list no IPv6 between pods on overlay [K6].
 * - An L2Bridge network (flannel host-gw / win-bridge): dual-stack works from
 *   Windows Server 2019 [K6 Windows Service Settings], but the scenario gives
 *   the node no IPv6 and packetwalk models IPv4 only: a model limit, not the
 *   platform's.
 */
import { windowsCniPlugin } from './cni/registry';
import type { WindowsNodeState } from './state';

export interface Ipv6Refusal {
  code: 'windows-ipv6-calico' | 'windows-ipv6-overlay' | 'windows-ipv6-l2bridge';
  source: string;
}

export function windowsIpv6Refusal(st: Pick<WindowsNodeState, 'datapath' | 'mode'>): Ipv6Refusal {
  return windowsCniPlugin(st.datapath.cni.modelledAs).ipv6Refusal(st.mode);
}
