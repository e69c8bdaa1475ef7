/**
 * kube-proxy in nftables mode: compile Services and EndpointSlices into the
 * `ip kube-proxy` table one node holds, in the newest upstream layout
 * (K5 test @81810de; per-service logic from the K4 proxier).
 *
 * @see DATAPATH-FACTS §2
 * @see K4 kubernetes/kubernetes@b0f823e pkg/proxy/nftables/proxier.go
 * @see K5 kubernetes/kubernetes@81810de pkg/proxy/nftables/proxier_test.go
 */
import { cidrContains, isIPv4, parseCidr } from '../../../model/ipv4';
import { kubeProxySkeleton } from './kubeProxyBase';
import type { addServicePort } from './kubeProxyServices';
import { addServicePortShared } from './kubeProxyShared';
import type { NftTable } from '../../nft/ruleset';
import type { ServiceProxyInput } from '../proxy';

/** What compileKubeProxyNft reads: the input of every kube-proxy mode; nftables mode serves no NodePorts on localhost. */
export type KubeProxyNftInput = Omit<ServiceProxyInput, 'localhostNodePorts'>;

/**
 * Which node addresses accept NodePorts, or undefined for "all local
 * addresses" (then kube-proxy deletes the nodeport-ips set and matches
 * `fib daddr type local` instead). `primary` stands for the first node IP.
 * Loopback addresses are never added.
 *
 * @see kubernetes/kubernetes pkg/proxy/util/nodeport_addresses.go (NewNodePortAddresses, MatchAll, GetNodeIPs)
 */
export function nodePortIPs(nodePortAddresses: string[], nodeIPs: string[]): string[] | undefined {
  const v4 = nodeIPs.filter(isIPv4);
  const cidrs = nodePortAddresses.filter((a) => a !== 'primary').map((a) => parseCidr(a)).filter((c) => c !== undefined);
  const hasPrimary = nodePortAddresses.includes('primary');
  if (!hasPrimary && cidrs.length === 0) return undefined;
  if (cidrs.some((c) => c.len === 0)) return undefined;
  const out: string[] = [];
  if (hasPrimary && v4[0] !== undefined) out.push(v4[0]);
  for (const ip of v4) if (cidrs.some((c) => cidrContains(c, ip)) && !out.includes(ip)) out.push(ip);
  return out.filter((ip) => !ip.startsWith('127.'));
}

/**
 * Compiles the `ip kube-proxy` table for one node.
 *
 * Shape: sets `cluster-ips`, `nodeport-ips` (absent when NodePorts match all
 * local addresses); vmaps `firewall-ips`, `no-endpoint-nodeports`,
 * `no-endpoint-services`, `service-ips`, `service-nodeports`; the base and
 * helper chains of kubeProxyBase.ts; then per service port, in input order,
 * its `service-`/`local-`/`external-`/`firewall-`/`endpoint-` chains and
 * `affinity-` sets. ExternalName and headless Services (no IPv4 ClusterIP)
 * produce nothing. The masquerade mark is `1 << masqueradeBit`.
 *
 * Never throws: values that are not IPv4 are skipped. `addPort` is
 * kubeProxyShared.ts's (parts shared between nodes) unless a test compares
 * it with compiling every part in place (addServicePort).
 *
 * Assumption: an out-of-range masqueradeBit falls back to 14 (validation
 * should have reported it).
 *
 * @example
 * const t = compileKubeProxyNft({ nodeName: 'w1', nodeIPs: ['192.168.10.21'], clusterCIDR: '10.244.0.0/16',
 *   serviceCIDRs: ['10.96.0.0/12'], masqueradeBit: 14, masqueradeAll: false, nodePortAddresses: ['primary'],
 *   services, endpointSlices });
 * printNftRuleset([t]);
 */
export function compileKubeProxyNft(input: KubeProxyNftInput, addPort: typeof addServicePort = addServicePortShared): NftTable {
  const bit = Number.isInteger(input.masqueradeBit) && input.masqueradeBit >= 0 && input.masqueradeBit <= 31 ? input.masqueradeBit : 14;
  const mark = (1 << bit) >>> 0;
  const serviceCIDRs = input.serviceCIDRs.filter((c) => parseCidr(c) !== undefined);
  const sk = kubeProxySkeleton({ mark, serviceCIDRs, nodeportIps: nodePortIPs(input.nodePortAddresses, input.nodeIPs), layout: input.nftLayout });
  const clusterCIDR = input.clusterCIDR !== undefined && parseCidr(input.clusterCIDR) ? input.clusterCIDR : undefined;
  const cx = {
    table: sk.table,
    sets: sk.sets,
    nodeName: input.nodeName,
    nodeIP: input.nodeIPs.find(isIPv4),
    clusterCIDR,
    masqueradeAll: input.masqueradeAll,
    slices: input.endpointSlices,
  };
  for (const svc of input.services) {
    if (svc.type === 'ExternalName') continue;
    for (const port of svc.ports) addPort(cx, svc, port);
  }
  return sk.table;
}
