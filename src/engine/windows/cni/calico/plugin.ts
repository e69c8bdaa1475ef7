/**
 * Calico on a Windows node: network `Calico`, Overlay (VXLAN, BGP Disabled)
 * or L2Bridge (BGP, RRAS learns the routes), `Calico_ep` at `.2`, Felix's
 * ACLs, OutBoundNAT by the pool's natOutgoing. The configurations with which
 * the CNI creates no network: VXLANVNI < 4096 — its ensureVxlanNetworkExists
 * fails with "Windows does not support VXLANVNI < 4096" ([C25]); a VXLAN port
 * other than 4789, a CrossSubnet or IPIP pool: unsupported on Windows
 * (DATAPATH-FACTS §8.1, §8.4 [D2][D1][C30]); assumption: the network is not
 * created (the docs do not say how it fails).
 */
import { calicoSettings, CALICO, type CalicoSpec } from '../../../model/calico';
import type { PeerNode } from '../../../model/clusterView';
import { cidrContains, parseCidr } from '../../../model/ipv4';
import type { NetworkMissing } from '../../networkMissing';
import type { WindowsNetworkMode } from '../../../windows/state';
import { natList, type FallbackWindowsCniPlugin, type WindowsCni } from '../plugin';

const CALICO_SVC = 'O1 tigera/operator render/windows.go, C29 cni.conf.template: OutBoundNAT ExceptionList = the service CIDRs';
const CALICO_POOL = 'C26 winpol.CalculateEndpointPolicies: every IP pool CIDR (masked) appended';

function networkMissing(c: CalicoSpec | undefined, mode: WindowsNetworkMode, self: PeerNode): NetworkMissing | undefined {
  if (!c) return undefined;
  const pool = c.pools.find((p) => p.name === self.pool);
  if (pool && pool.ipipMode !== 'Never') return { finding: 'ipip-pool', detail: `IP pool ${pool.name} ipipMode ${pool.ipipMode}`, source: 'D2 Calico for Windows requirements: IPIP is not supported; DATAPATH-FACTS §8.1 [C30]; assumption: the network is not created', assumption: true };
  if (mode !== 'overlay') return undefined;
  if (pool && pool.vxlanMode === 'CrossSubnet') return { finding: 'vxlan-crosssubnet', detail: `IP pool ${pool.name} vxlanMode CrossSubnet`, source: 'D1/D2 Calico for Windows: VXLAN only, no CrossSubnet; DATAPATH-FACTS §8.1, §8.4 [C30]; assumption: the network is not created', assumption: true };
  if (c.vxlanVNI < 4096) return { finding: 'calico-vxlan-vni', detail: `VXLANVNI ${c.vxlanVNI} < 4096`, source: 'C25 cni-plugin dataplane_windows.go ensureVxlanNetworkExists: "Windows does not support VXLANVNI < 4096"', assumption: false };
  if (c.vxlanPort !== 4789) return { finding: 'calico-vxlan-port', detail: `VXLANPort ${c.vxlanPort} ≠ 4789`, source: 'D2 Calico for Windows requirements: VXLAN on UDP 4789 only; DATAPATH-FACTS §8.4 [C30]; assumption: the network is not created', assumption: true };
  return undefined;
}

export const calicoWindows: FallbackWindowsCniPlugin = {
  name: CALICO,
  network(view, self): WindowsCni {
    const s = view.scenario;
    const calico = calicoSettings(s);
    const pools = (calico?.pools ?? []).filter((p) => !p.disabled);
    const overlay = calico?.bgp === 'Disabled';
    const mode: WindowsNetworkMode = overlay ? 'overlay' : 'l2bridge';
    const missing = networkMissing(calico, mode, self);
    return {
      mode,
      networkName: 'Calico',
      ...(overlay ? { vsid: calico?.vxlanVNI ?? 4096 } : {}),
      flags: 0,
      hostEndpointName: 'Calico_ep',
      hostEndpointRemote: overlay,
      hostEndpointAtSourceVip: false,
      sourceVipSource: 'W1 sig-windows-tools hostprocess/calico/kube-proxy/start.ps1: --source-vip = the IP of Calico_ep (.2 of the node\'s block, C25)',
      podGatewayOffset: overlay ? 1 : 2,
      felixAcls: true,
      podNat: (ip) => pools.find((x) => cidrContains(parseCidr(x.cidr), ip))?.natOutgoing ?? false,
      natExceptions: () => natList([...s.serviceCIDRs.map((cidr) => ({ cidr, source: CALICO_SVC })), ...pools.map((p) => ({ cidr: p.cidr, source: CALICO_POOL }))]),
      // The node subnet: current dataplane_windows.go createAndAttachContainerEP passes only the pools (C25); the
      // older cni-plugin network_windows.go and the docs (D1) also except it unless windows_disable_host_subnet_nat_exclusion.
      natDisputed: (own) => (own.subnet ? { cidr: own.subnet.cidr, source: 'C25 cni-plugin dataplane_windows.go createAndAttachContainerEP: NAT exclusions = the IP pools only, so the node subnet is SNATed; D1 Calico docs (limitations) and the older projectcalico/cni-plugin network_windows.go except the node subnet unless windows_disable_host_subnet_nat_exclusion — sources disagree (assumption: current code)' } : undefined),
      remoteRoutes: { protocol: 'BGP', source: 'the seed: RRAS (BGP) learns the routes to other blocks; DATAPATH-FACTS §8.1 [C30]' },
      ...(missing ? { networkMissing: missing } : {}),
      source: 'C25 cni-plugin dataplane_windows.go; C27 startup_windows.go; C26 winpol',
    };
  },
  ipv6Refusal: () => ({ code: 'windows-ipv6-calico', source: 'D2 Calico for Windows requirements: IPv6 and dual-stack are not supported' }),
};
