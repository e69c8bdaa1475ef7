/**
 * Felix in nftables mode: the parts of the `ip calico` table that decide a
 * packet's path — NAT outgoing, the tunnel-source masquerade, the floating-IP
 * hooks — plus a filter skeleton.
 *
 * Felix keeps one table and gives each iptables-style "layer" a prefix, so
 * chain `cali-nat-outgoing` of the nat layer is `nat-cali-nat-outgoing` and
 * the kernel-hook chain POSTROUTING is the base chain `nat-POSTROUTING`,
 * into which Felix inserts `jump nat-cali-POSTROUTING`.
 *
 * The filter layer (NetworkPolicy: dispatch maps, per-workload chains,
 * policy and profile chains) is rendered by policy/felixNft.ts.
 *
 * Not modelled: mangle and raw layers, `nat-INPUT`, Felix's per-rule hash
 * comments (`cali:…`), the VXLAN source check in cali-INPUT, NAT outgoing
 * exclusions of host IPs, NATOutgoingAddress and NATPortRange.
 *
 * Assumptions:
 * - MASQUERADE is rendered `masquerade fully-random` (Felix appends
 *   `fully-random` when feature detection reports MASQFullyRandom, true on
 *   the kernels this project targets).
 * - Disabled IP pools still appear in both pool sets (Felix's masq manager
 *   does not look at `disabled`; whether the calculation graph forwards
 *   disabled pools is not confirmed).
 * - Priorities of nat-OUTPUT and nat-POSTROUTING are srcnat+10 (110) as
 *   DATAPATH-FACTS §3 reads Felix @87c1590; an earlier Felix (a91c52b) used
 *   srcnat (100).
 *
 * @see C15 projectcalico/calico felix/rules/rule_defs.go (chain and IP-set names)
 * @see C16 felix/rules/nat.go (NATOutgoingChain, MakeNatOutgoingRule)
 * @see C17 felix/rules/static.go (StaticNATPostroutingChains, StaticNATPreroutingChains, StaticNATOutputChains)
 * @see C18 felix/nftables/table.go (base chains), felix/nftables/table_layer.go (layer prefixes)
 * @see C19 felix/nftables/ipsets.go (net sets use `flags interval`); felix/dataplane/linux/masq_mgr.go
 */
import { parseCidr } from '../../../model/ipv4';
import type { NftChain, NftRule, NftSet, NftTable } from '../../nft/ruleset';
import { NFT_PRIORITY, rule, verdict, verdictStmt } from '../../nft/ruleset';
import { compileFelixFilter, type LocalEndpoint } from '../../../policy/felixNft';
import type { PolicyEndpoint } from '../../../policy/endpoints';
import type { Policy } from '../../../policy/model';
import type { IPPoolSpec } from '../../../model/calico';

/** What compileCalicoNft reads. */
export interface CalicoNftInput {
  nodeName: string;
  /** This node's addresses (Felix's `this-host` set); not used by the rules modelled so far. */
  hostIPs: string[];
  pools: IPPoolSpec[];
  /** VXLAN device when VXLAN is on and the node has a tunnel address. */
  vxlan?: { ifname: string; tunnelAddr: string; port: number };
  /** IPIP device (tunl0) when IPIP is on and the node has a tunnel address. */
  ipip?: { ifname: string; tunnelAddr: string };
  /** Workload interface prefix (`cali`). */
  workloadIfacePrefix: string;
  /** NetworkPolicy: this node's workload interfaces, every endpoint and the policies (none when absent). */
  policy?: { local: LocalEndpoint[]; all: readonly PolicyEndpoint[]; policies: readonly Policy[] };
}

/** IP-set names (v4): `cali40` + set ID. The all-pools set is `network-ip-pools` from Calico 3.31 (`all-ipam-pools` before). */
export const CALICO_SET_ALL_POOLS = 'cali40network-ip-pools';
export const CALICO_SET_MASQ_POOLS = 'cali40masq-ipam-pools';

const SRC_TABLE = 'C18 felix/nftables/table.go (base chains)';
const SRC_STATIC = 'C17 felix/rules/static.go';
const SRC_NAT = 'C16 felix/rules/nat.go NATOutgoingChain';

function chain(name: string, rules: NftRule[], source: string, base?: NftChain['base']): NftChain {
  const c: NftChain = { name, rules, source };
  if (base) c.base = base;
  return c;
}

const jump = (target: string, source: string): NftRule => rule(source, [], [verdictStmt(verdict.jump(target))]);

/**
 * Compiles the `ip calico` table of one Linux node.
 *
 * Shape: sets `cali40network-ip-pools` (all pool CIDRs) and
 * `cali40masq-ipam-pools` (pools with natOutgoing), both `flags interval`;
 * base chains filter-INPUT/FORWARD/OUTPUT (filter, 0), nat-PREROUTING
 * (dstnat), nat-OUTPUT and nat-POSTROUTING (srcnat+10); regular chains
 * nat-cali-PREROUTING/OUTPUT → nat-cali-fip-dnat, nat-cali-POSTROUTING →
 * nat-cali-fip-snat, nat-cali-nat-outgoing, then (with a VXLAN tunnel
 * address) `oifname "vxlan.calico" fib saddr . oif type != local fib saddr
 * type local masquerade fully-random`. nat-cali-nat-outgoing holds
 * `ip saddr @cali40masq-ipam-pools ip daddr != @cali40network-ip-pools
 * masquerade fully-random` only while some pool has natOutgoing.
 *
 * Never throws; pools whose CIDR is not IPv4 are skipped.
 */
/**
 * Felix's nftables renderer puts `counter` between the matches and the action
 * of every rule that has an action (renderRule: "Include a counter action on
 * all rules"). @see C18 felix/nftables/renderer.go (nftRenderer.renderRule)
 */
function withCounters(c: NftChain): NftChain {
  return { ...c, rules: c.rules.map((r) => (r.stmt.length ? { ...r, stmt: [{ kind: 'counter' }, ...r.stmt] } : r)) };
}

export function compileCalicoNft(input: CalicoNftInput): NftTable {
  const pools = input.pools.filter((p) => parseCidr(p.cidr) !== undefined);
  const poolSet = (name: string, members: IPPoolSpec[]): NftSet => ({
    kind: 'set',
    name,
    type: ['ipv4_addr'],
    flags: ['interval'],
    elements: members.map((p) => ({ key: [parseCidr(p.cidr)!.text], owner: p.ref })),
    source: 'C19 felix/dataplane/linux/masq_mgr.go, felix/nftables/ipsets.go',
  });
  const masqPools = pools.filter((p) => p.natOutgoing);

  const natOutgoing: NftRule[] = masqPools.length
    ? [
        rule(
          `${SRC_NAT}; fully-random: assumption (MASQFullyRandom detected)`,
          [
            { kind: 'ip', field: 'saddr', op: '==', operand: { kind: 'set-ref', name: CALICO_SET_MASQ_POOLS } },
            { kind: 'ip', field: 'daddr', op: '!=', operand: { kind: 'set-ref', name: CALICO_SET_ALL_POOLS } },
          ],
          [{ kind: 'masquerade', fullyRandom: true }],
        ),
      ]
    : [];

  const postrouting: NftRule[] = [jump('nat-cali-fip-snat', `${SRC_STATIC} StaticNATPostroutingChains`), jump('nat-cali-nat-outgoing', `${SRC_STATIC} StaticNATPostroutingChains`)];
  // StaticNATPostroutingChains: tunl0 first, then vxlan.calico.
  for (const tunnel of [input.ipip, input.vxlan]) {
    if (!tunnel || tunnel.tunnelAddr === '') continue;
    postrouting.push(
      rule(
        `${SRC_STATIC} StaticNATPostroutingChains (tunnel source fix); C17`,
        [
          { kind: 'ifname', dir: 'oif', op: '==', name: tunnel.ifname },
          { kind: 'fib-type', addr: 'saddr', withOif: true, op: '!=', type: 'local' },
          { kind: 'fib-type', addr: 'saddr', withOif: false, op: '==', type: 'local' },
        ],
        [{ kind: 'masquerade', fullyRandom: true }],
      ),
    );
  }

  const filter = compileFelixFilter({ local: [], all: [], policies: [], ...input.policy, workloadIfacePrefix: input.workloadIfacePrefix });
  const nat = (hook: 'prerouting' | 'output' | 'postrouting', priority: number): NftChain['base'] => ({ type: 'nat', hook, priority, policy: 'accept' });
  const srcnat10 = NFT_PRIORITY.srcnat + 10;

  const chains: NftChain[] = [
    ...filter.chains,
    chain('nat-PREROUTING', [jump('nat-cali-PREROUTING', SRC_TABLE)], SRC_TABLE, nat('prerouting', NFT_PRIORITY.dstnat)),
    chain('nat-OUTPUT', [jump('nat-cali-OUTPUT', SRC_TABLE)], `${SRC_TABLE}; priority per DATAPATH-FACTS §3`, nat('output', srcnat10)),
    chain('nat-POSTROUTING', [jump('nat-cali-POSTROUTING', SRC_TABLE)], `${SRC_TABLE}; priority per DATAPATH-FACTS §3`, nat('postrouting', srcnat10)),
    chain('nat-cali-PREROUTING', [jump('nat-cali-fip-dnat', `${SRC_STATIC} StaticNATPreroutingChains`)], `${SRC_STATIC} StaticNATPreroutingChains`),
    chain('nat-cali-OUTPUT', [jump('nat-cali-fip-dnat', `${SRC_STATIC} StaticNATOutputChains`)], `${SRC_STATIC} StaticNATOutputChains`),
    chain('nat-cali-POSTROUTING', postrouting, `${SRC_STATIC} StaticNATPostroutingChains`),
    chain('nat-cali-fip-dnat', [], 'C16 felix/rules/nat.go DNATsToIptablesChains (no floating IPs in a Kubernetes scenario)'),
    chain('nat-cali-fip-snat', [], 'C16 felix/rules/nat.go SNATsToIptablesChains (no floating IPs in a Kubernetes scenario)'),
    chain('nat-cali-nat-outgoing', natOutgoing, SRC_NAT),
  ];

  return {
    family: 'ip',
    name: 'calico',
    sets: [poolSet(CALICO_SET_ALL_POOLS, pools), poolSet(CALICO_SET_MASQ_POOLS, masqPools), ...filter.sets],
    chains: chains.map(withCounters),
    source: 'C18 felix/nftables/table.go (one table "calico" per IP family)',
  };
}
