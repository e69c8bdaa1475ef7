/** kube-proxy's nftables proxier as a LinuxServiceProxy: one `table ip kube-proxy` (kubeProxy.ts). */
import type { LinuxServiceProxy } from '../proxy';
import { compileKubeProxyNft } from './kubeProxy';

export const kubeProxyNftables: LinuxServiceProxy = {
  compile: (input) => ({ nft: [compileKubeProxyNft(input)], iptables: [], sysctls: {} }),
};
