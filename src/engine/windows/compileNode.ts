/**
 * Compiles one Windows node of the scenario into WindowsNodeState: the HNS
 * network, endpoints and compartments Calico creates, the load balancers and
 * remote endpoints kube-proxy (winkernel) creates, the VFP ports that execute
 * them, and the host route table.
 */
import type { ClusterView, PeerNode } from '../model/clusterView';
import { cidrContains, nthAddress, parseCidr, prefixOf } from '../model/ipv4';
import type { NodeSpec } from '../model/scenario';
import { nodeKubeProxy } from './kubeProxySettings';
import { lbBackendCap } from './lbCap';
import { parseWindowsBuild } from './osBuild';
import { windowsCni } from './cni/registry';
import { compileHostEndpoint, compileHostRoutes, compileNetwork } from './network';
import { compilePodEndpoints } from './podEndpoints';
import type { WindowsNodeState } from './state';
import { compileVfpPorts } from './vfpCompile';
import { compileWinkernel } from './winkernel';

export function compileWindowsNode(node: NodeSpec, self: PeerNode, view: ClusterView): WindowsNodeState {
  const cni = windowsCni(view, self);
  const mode = cni.mode;
  // A node without a block (no Calico IPAM) still gets a network; assumption: a /26 around nothing.
  const block = self.block ? parseCidr(self.block)! : prefixOf('0.0.0.0', 26);
  const network = compileNetwork(self, view, cni, block);
  const natList = cni.natExceptions(self);
  const natDisputed = cni.natDisputed?.(self);
  const osBuild = parseWindowsBuild(node.kernelVersion, node.labels, node.osImage);
  const settings = nodeKubeProxy(view.scenario.kubeProxy, node.name, cni, block, nthAddress(block, 2), osBuild);
  const hostEndpoint = compileHostEndpoint(self, network, cni, block, settings.sourceVip);
  const hostIps = [self.ip, hostEndpoint.IPAddress];
  const pods = compilePodEndpoints(self, view, network, cni, block, hostIps);
  const build = osBuild.build;
  const lbCap = lbBackendCap(osBuild);
  const hostMac = self.nicMac;
  const wk = compileWinkernel({ node: node.name, nodeIp: self.ip, hostMac, mode, network, pods: pods.pods, cap: lbCap, view, settings, osBuild, hostEndpoint });
  const endpoints = [hostEndpoint, ...pods.endpoints, ...wk.remoteEndpoints];
  const ports = compileVfpPorts({ node: node.name, nodeIp: self.ip, hostMac, mode, network, block, pods: pods.pods, endpoints, hostEndpoint, loadBalancers: wk.loadBalancers, natSources: Object.fromEntries(natList.map((e) => [e.cidr, e.source])), aclOrigins: pods.aclOrigins });
  return {
    kind: 'windows',
    name: node.name,
    datapath: view.datapathOf(node.name),
    ref: node.ref,
    ip: self.ip,
    ...(build !== undefined ? { build } : {}),
    osBuild,
    mode,
    hostMac,
    nicMtu: view.hostMtu(node.name),
    ...(cni.vsid !== undefined ? { vsid: cni.vsid, vxlanPort: 4789 } : {}),
    block,
    network,
    hostEndpoint,
    endpoints,
    namespaces: pods.namespaces,
    loadBalancers: wk.loadBalancers,
    policyLists: wk.policyLists,
    lbFailures: wk.failures,
    healthPorts: wk.healthPorts,
    ...(wk.healthCheckNote ? { healthCheckNote: wk.healthCheckNote } : {}),
    lbCap,
    sourceVip: wk.sourceVip,
    kubeProxy: settings,
    pods: pods.pods,
    ports,
    hostRoutes: compileHostRoutes(self, view, cni, block),
    ...(cni.networkMissing ? { networkMissing: cni.networkMissing } : {}),
    foreignInBlock: view.scenario.pods.flatMap((p) => {
      const ip = view.podIP.get(`${p.namespace}/${p.name}`);
      return p.nodeName !== node.name && !p.hostNetwork && ip && cidrContains(block, ip) ? [{ ip, pod: `${p.namespace}/${p.name}`, node: p.nodeName }] : [];
    }),
    natExceptions: natList.map((e) => e.cidr),
    natSources: Object.fromEntries(natList.map((e) => [e.cidr, e.source])),
    ...(natDisputed ? { natDisputed } : {}),
  };
}
