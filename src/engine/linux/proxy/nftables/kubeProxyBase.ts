/**
 * The fixed part of kube-proxy's `ip kube-proxy` table in the newest layout:
 * sets and verdict maps, base chains and the top-level regular chains with
 * their rules. Per-service chains are added by kubeProxyServices.ts.
 *
 * Layout (upstream test `baseRules` @81810de): filter-prerouting-pre-dnat and
 * filter-output-pre-dnat at -110 (before DNAT) jump to firewall-check;
 * filter-input/forward/output at 0 (after DNAT) jump to the no-endpoint
 * checks and, for forward/output, to cluster-ips-check; nat-prerouting and
 * nat-output (-100) jump to services; nat-postrouting (100) to masquerading.
 * All filter jumps are `ct state new`.
 *
 * @see K5 kubernetes/kubernetes@81810de pkg/proxy/nftables/proxier_test.go (baseRules)
 * @see K4 kubernetes/kubernetes@b0f823e pkg/proxy/nftables/proxier.go (setupNFTables)
 */
import type { NftChain, NftMap, NftMatch, NftRule, NftSet, NftTable } from '../../nft/ruleset';
import { NFT_PRIORITY, rule, verdict, verdictStmt } from '../../nft/ruleset';
import type { KubeProxyNftLayoutId } from '../../../versions/linuxTable';

const SRC_TEST = 'K5 pkg/proxy/nftables/proxier_test.go@81810de baseRules';
const SRC_SETUP = 'K4 pkg/proxy/nftables/proxier.go setupNFTables';

/** The sets and maps per-service compilation fills in. */
export interface KubeProxySets {
  clusterIps: NftSet;
  nodeportIps?: NftSet;
  firewallIps: NftMap;
  noEndpointNodeports: NftMap;
  noEndpointServices: NftMap;
  serviceIps: NftMap;
  serviceNodeports: NftMap;
}

export interface KubeProxySkeleton {
  table: NftTable;
  sets: KubeProxySets;
}

export interface KubeProxySkeletonOptions {
  /** The masquerade mark value, e.g. 0x4000 for bit 14. */
  mark: number;
  /** Service CIDRs for the "unallocated ClusterIP" drop; none = no rule. */
  serviceCIDRs: string[];
  /** Node IPs accepting NodePorts; undefined = all local addresses (nodeport-ips deleted). */
  nodeportIps?: string[];
  /** The base-chain layout of the node's kube-proxy version (versions/linuxTable.ts); default the newest. */
  layout?: KubeProxyNftLayoutId;
}

const CONCAT3 = ['ipv4_addr', 'inet_proto', 'inet_service'] as const;
const CONCAT2 = ['inet_proto', 'inet_service'] as const;

function vmap(name: string, type: readonly ('ipv4_addr' | 'inet_proto' | 'inet_service')[], comment: string): NftMap {
  return { kind: 'vmap', name, type: [...type], comment, elements: [], source: SRC_SETUP };
}

function chain(name: string, rules: NftRule[], base?: NftChain['base'], comment?: string): NftChain {
  const c: NftChain = { name, rules, source: SRC_TEST };
  if (base) c.base = base;
  if (comment !== undefined) c.comment = comment;
  return c;
}

const ctNew: NftMatch = { kind: 'ct-state', states: ['new'] };
const jumpNew = (target: string): NftRule => rule(SRC_TEST, [ctNew], [verdictStmt(verdict.jump(target))]);
const notLoopback: NftMatch = { kind: 'ip', field: 'daddr', op: '!=', operand: { kind: 'prefix', value: '127.0.0.0/8' } };

type FilterBase = (hook: 'prerouting' | 'input' | 'forward' | 'output', priority: number) => NftChain['base'];

/** The newest layout (K5 baseRules; kubernetes/kubernetes#132456, 1.34). */
function preDnatSplitChains(filter: FilterBase, pre: number): NftChain[] {
  return [
    chain('filter-prerouting-pre-dnat', [jumpNew('firewall-check')], filter('prerouting', pre)),
    chain('filter-output-pre-dnat', [jumpNew('firewall-check')], filter('output', pre)),
    chain('filter-forward', [jumpNew('service-endpoints-check'), jumpNew('cluster-ips-check')], filter('forward', NFT_PRIORITY.filter)),
    chain('filter-input', [jumpNew('nodeport-endpoints-check'), jumpNew('service-endpoints-check')], filter('input', NFT_PRIORITY.filter)),
    chain('filter-output', [jumpNew('service-endpoints-check'), jumpNew('cluster-ips-check')], filter('output', NFT_PRIORITY.filter)),
  ];
}

/**
 * The 1.30–1.33 layout, as shared/real-samples/nft-kube-proxy-1.txt prints it:
 * filter-prerouting at dstnat - 10, input/forward/output at -110 (so before
 * DNAT: filter-output checks the firewall on the original destination), and
 * filter-output-post-dnat at -90 for cluster-ips-check.
 * @see kubernetes/kubernetes#122614; proxier.go filterOutputPostDNATChain (before #132456)
 */
function postDnatOutputChains(filter: FilterBase, pre: number): NftChain[] {
  const old = (c: NftChain): NftChain => ({ ...c, source: 'kubernetes/kubernetes#122614; pkg/proxy/nftables/proxier.go before #132456 (filterOutputPostDNATChain)' });
  return [
    old(chain('filter-prerouting', [jumpNew('firewall-check')], filter('prerouting', pre))),
    old(chain('filter-input', [jumpNew('nodeport-endpoints-check'), jumpNew('service-endpoints-check')], filter('input', pre))),
    old(chain('filter-forward', [jumpNew('service-endpoints-check'), jumpNew('cluster-ips-check')], filter('forward', pre))),
    old(chain('filter-output', [jumpNew('service-endpoints-check'), jumpNew('firewall-check')], filter('output', pre))),
    old(chain('filter-output-post-dnat', [jumpNew('cluster-ips-check')], filter('output', NFT_PRIORITY.dstnat + 10))),
  ];
}

/** Builds the skeleton table. Never throws. */
export function kubeProxySkeleton(o: KubeProxySkeletonOptions): KubeProxySkeleton {
  const matchAll = o.nodeportIps === undefined;
  const sets: KubeProxySets = {
    clusterIps: { kind: 'set', name: 'cluster-ips', type: ['ipv4_addr'], flags: [], comment: 'Active ClusterIPs', elements: [], source: SRC_SETUP },
    firewallIps: vmap('firewall-ips', CONCAT3, 'destinations that are subject to LoadBalancerSourceRanges'),
    noEndpointNodeports: vmap('no-endpoint-nodeports', CONCAT2, 'vmap to drop or reject packets to service nodeports with no endpoints'),
    noEndpointServices: vmap('no-endpoint-services', CONCAT3, 'vmap to drop or reject packets to services with no endpoints'),
    serviceIps: vmap('service-ips', CONCAT3, 'ClusterIP, ExternalIP and LoadBalancer IP traffic'),
    serviceNodeports: vmap('service-nodeports', CONCAT2, 'NodePort traffic'),
  };
  if (!matchAll) {
    sets.nodeportIps = {
      kind: 'set',
      name: 'nodeport-ips',
      type: ['ipv4_addr'],
      flags: [],
      comment: 'IPs that accept NodePort traffic',
      elements: (o.nodeportIps ?? []).map((ip) => ({ key: [ip] })),
      source: SRC_SETUP,
    };
  }

  const clusterIpsCheck: NftRule[] = [
    rule(SRC_TEST, [{ kind: 'ip', field: 'daddr', op: '==', operand: { kind: 'set-ref', name: 'cluster-ips' } }], [{ kind: 'reject' }], {
      comment: 'Reject traffic to invalid ports of ClusterIPs',
    }),
  ];
  if (o.serviceCIDRs.length > 0) {
    clusterIpsCheck.push(
      rule(SRC_TEST, [{ kind: 'ip', field: 'daddr', op: '==', operand: { kind: 'anon-set', values: o.serviceCIDRs } }], [verdictStmt(verdict.drop)], {
        comment: 'Drop traffic to unallocated ClusterIPs',
      }),
    );
  }
  const daddrTriple = ['ip daddr', 'meta l4proto', 'th dport'] as const;
  const nodeportGuard: NftMatch = matchAll
    ? notLoopback
    : { kind: 'ip', field: 'daddr', op: '==', operand: { kind: 'set-ref', name: 'nodeport-ips' } };
  const servicesNodeport: NftMatch[] = matchAll
    ? [{ kind: 'fib-type', addr: 'daddr', withOif: false, op: '==', type: 'local' }, notLoopback]
    : [nodeportGuard];
  const filter = (hook: 'prerouting' | 'input' | 'forward' | 'output', priority: number): NftChain['base'] => ({
    type: 'filter',
    hook,
    priority,
    policy: 'accept',
  });
  const nat = (hook: 'prerouting' | 'output' | 'postrouting', priority: number): NftChain['base'] => ({ type: 'nat', hook, priority, policy: 'accept' });
  const pre = NFT_PRIORITY.dstnat - 10;

  const chains: NftChain[] = [
    chain('cluster-ips-check', clusterIpsCheck),
    ...(o.layout === 'post-dnat-output' ? postDnatOutputChains(filter, pre) : preDnatSplitChains(filter, pre)),
    chain('firewall-check', [rule(SRC_TEST, [], [{ kind: 'vmap', key: [...daddrTriple], map: 'firewall-ips' }])]),
    chain('mark-for-masquerade', [rule(SRC_TEST, [], [{ kind: 'mark-set', op: 'or', value: o.mark }])]),
    chain('masquerading', [
      rule(SRC_TEST, [{ kind: 'mark', mask: o.mark, op: '==', value: 0 }], [verdictStmt(verdict.return)]),
      rule(SRC_TEST, [], [{ kind: 'mark-set', op: 'xor', value: o.mark }]),
      rule(SRC_TEST, [], [{ kind: 'masquerade', fullyRandom: true }]),
    ]),
    chain('nat-output', [rule(SRC_TEST, [], [verdictStmt(verdict.jump('services'))])], nat('output', NFT_PRIORITY.dstnat)),
    chain('nat-postrouting', [rule(SRC_TEST, [], [verdictStmt(verdict.jump('masquerading'))])], nat('postrouting', NFT_PRIORITY.srcnat)),
    chain('nat-prerouting', [rule(SRC_TEST, [], [verdictStmt(verdict.jump('services'))])], nat('prerouting', NFT_PRIORITY.dstnat)),
    chain('nodeport-endpoints-check', [
      rule(matchAll ? SRC_SETUP : SRC_TEST, [nodeportGuard], [{ kind: 'vmap', key: ['meta l4proto', 'th dport'], map: 'no-endpoint-nodeports' }]),
    ]),
    chain('reject-chain', [rule(SRC_TEST, [], [{ kind: 'reject' }])], undefined, 'helper for @no-endpoint-services / @no-endpoint-nodeports'),
    chain('services', [
      rule(SRC_TEST, [], [{ kind: 'vmap', key: [...daddrTriple], map: 'service-ips' }]),
      rule(matchAll ? SRC_SETUP : SRC_TEST, servicesNodeport, [{ kind: 'vmap', key: ['meta l4proto', 'th dport'], map: 'service-nodeports' }]),
    ]),
    chain('service-endpoints-check', [rule(SRC_TEST, [], [{ kind: 'vmap', key: [...daddrTriple], map: 'no-endpoint-services' }])]),
  ];

  const allSets = [
    sets.clusterIps,
    ...(sets.nodeportIps ? [sets.nodeportIps] : []),
    sets.firewallIps,
    sets.noEndpointNodeports,
    sets.noEndpointServices,
    sets.serviceIps,
    sets.serviceNodeports,
  ];
  const table: NftTable = { family: 'ip', name: 'kube-proxy', comment: 'rules for kube-proxy', sets: allSets, chains, source: SRC_TEST };
  return { table, sets };
}
