/**
 * The Linux service-proxy interface: compiles the Services and
 * EndpointSlices into one node's packet-filter rules. kube-proxy's nftables
 * proxier writes `table ip kube-proxy`; its iptables proxier writes chains in
 * the `nat` and `filter` tables. Both are evaluated at the same netfilter
 * hooks (netfilter.ts), so an implementation returns rules, not behaviour.
 */
import type { ClusterView, PeerNode } from '../../model/clusterView';
import type { EndpointSliceSpec, NodeSpec, ServiceSpec } from '../../model/scenario';
import type { IptablesTable } from '../iptables/ruleset';
import type { NftTable } from '../nft/ruleset';
import { KUBE_PROXY_NFT_LAYOUTS, pickRow, type KubeProxyNftLayoutId } from '../../versions/linuxTable';
import { nodeVersions } from '../../versions/nodeVersions';

/** What every kube-proxy mode reads: the node, its settings and the API objects. */
export interface ServiceProxyInput {
  nodeName: string;
  /** This node's IPv4 addresses, primary first. */
  nodeIPs: string[];
  /** Local-traffic detector (detectLocalMode ClusterCIDR); undefined = no detector. */
  clusterCIDR?: string;
  serviceCIDRs: string[];
  /** Bit of the masquerade mark (14 → 0x4000). */
  masqueradeBit: number;
  masqueradeAll: boolean;
  /** `['primary']` or CIDRs; `[]` or a /0 means every local address. */
  nodePortAddresses: string[];
  /** iptables mode: NodePorts on 127.0.0.1 (`iptables.localhostNodePorts`, default true). */
  localhostNodePorts: boolean;
  services: ServiceSpec[];
  endpointSlices: EndpointSliceSpec[];
  /** nftables mode: the base-chain layout of the node's kube-proxy version; default the newest. */
  nftLayout?: KubeProxyNftLayoutId;
}

/** A service proxy's rules on one node. */
export interface ServiceProxyRules {
  nft: NftTable[];
  iptables: IptablesTable[];
  /** Sysctls the proxier sets (iptables: route_localnet for localhost NodePorts). */
  sysctls: Record<string, string>;
}

export interface LinuxServiceProxy {
  compile(input: ServiceProxyInput): ServiceProxyRules;
}

/** The proxy input for one node from the scenario's kube-proxy settings. */
export function serviceProxyInput(node: NodeSpec, self: PeerNode, view: ClusterView): ServiceProxyInput {
  const s = view.scenario;
  return {
    nodeName: node.name,
    nodeIPs: [self.ip],
    clusterCIDR: s.kubeProxy.clusterCIDR,
    serviceCIDRs: s.serviceCIDRs,
    masqueradeBit: s.kubeProxy.masqueradeBit,
    masqueradeAll: s.kubeProxy.masqueradeAll,
    nodePortAddresses: s.kubeProxy.nodePortAddresses,
    localhostNodePorts: s.kubeProxy.localhostNodePorts ?? true,
    services: s.services,
    endpointSlices: s.endpointSlices,
    nftLayout: pickRow(KUBE_PROXY_NFT_LAYOUTS, nodeVersions(s, node).kubeProxy).id,
  };
}
