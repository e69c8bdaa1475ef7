/**
 * flannel on a Linux node as a LinuxCni: the parts of parts.ts (`cni0`, the
 * pod veths, `flannel.<VNI>`, VTEP entries, `ip flannel-ipv4`) and flannel's
 * host routes (routes.ts compileFlannelHostRoutes). A node without a lease
 * gets no bridge, no pods and no routes.
 */
import { compilePodNeighbours } from '../../neigh';
import { compileFlannelHostRoutes } from '../../routes';
import type { LinuxCni, LinuxCniParts, LinuxHost } from '../cni';
import { compileFlannelNode } from './parts';

function compile({ node, self, view, nic }: LinuxHost): LinuxCniParts {
  const parts = compileFlannelNode(node, self, view, nic.name);
  const pods = parts?.pods ?? [];
  return {
    links: parts?.links ?? [],
    pods,
    routes: parts ? compileFlannelHostRoutes({ self, view, nic: nic.name, lease: parts.lease }) : [],
    neigh: [...(parts?.neigh ?? []), ...compilePodNeighbours(pods)],
    fdb: parts?.fdb ?? [],
    sysctls: {},
    nft: parts ? [parts.nft] : [],
    localAddrs: parts?.localAddrs ?? [],
    ...(parts?.vxlan ? { tunnelAddr: self.tunnelAddr, vtepMac: self.vtepMac } : {}),
  };
}

export const flannelCni: LinuxCni = { compile };
