/**
 * The Linux service proxies the engine builds, keyed by the datapath's proxy
 * name. datapath.ts IMPLEMENTED lists the same keys (a test checks it); a
 * proxy the registry lacks is modelled with kube-proxy's nftables layout.
 */
import type { ServiceProxyName } from '../../datapath/datapath';
import { kubeProxyIptables } from './iptables/kubeProxyIptables';
import { kubeProxyNftables } from './nftables/nftablesProxy';
import type { LinuxServiceProxy } from './proxy';

export const LINUX_PROXIES = {
  'kube-proxy-nftables': kubeProxyNftables,
  'kube-proxy-iptables': kubeProxyIptables,
} as const satisfies Partial<Record<ServiceProxyName, LinuxServiceProxy>>;

/** The implementation for a proxy name (its modelledAs value is always registered). */
export function linuxProxy(name: ServiceProxyName): LinuxServiceProxy {
  return (LINUX_PROXIES as Partial<Record<ServiceProxyName, LinuxServiceProxy>>)[name] ?? LINUX_PROXIES['kube-proxy-nftables'];
}
