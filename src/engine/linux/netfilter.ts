/**
 * Runs a packet through one netfilter hook of a node (all tables' base chains
 * at that hook, in priority order) and records each rule that acted as a step.
 * iptables tables (kube-proxy's iptables mode) and nftables tables run in one
 * walk (nft/evaluate.ts walkHook): the hooks are the kernel's, only the rule
 * language differs; iptables tables come first, as kube-proxy's table does in
 * nftables mode.
 */
import type { HopContext } from '../model/hop';
import type { Packet } from '../model/packet';
import { innerIp, ports } from '../model/packetOps';
import type { StepRecorder } from '../model/steps';
import { ctEstablished, type CtHit } from './conntrack';
import { iptablesWalkTable } from './iptables/evaluate';
import { ipsetHas } from './ipset';
import { lookupRoute } from './routes';
import { nftWalkTable, walkHook, type NftHit, type NftHook, type NftHookResult, type WalkTable } from './nft/evaluate';
import type { StepRule } from '../model/trace';
import type { ExplainKey } from '../model/stepVocabulary';
import type { LinuxNodeState } from './state';
import type { NftContext } from './nft/match';
import { policyDecisions, policyDropReason, policyStep } from '../policy/linuxVerdict';
import type { Reason } from '../model/trace';

/** Effects that change the packet's fate or headers: shown in the summary view. */
const DECISIVE = new Set(['dnat', 'snat', 'masquerade', 'drop', 'reject']);

const nodeTables = new WeakMap<LinuxNodeState, { iptables: LinuxNodeState['iptables']; nft: LinuxNodeState['nft']; tables: WalkTable[] }>();

/** The node's tables in walk order, one list per node (walkHook caches each hook's chain order by it). */
function walkTablesOf(st: LinuxNodeState): WalkTable[] {
  const hit = nodeTables.get(st);
  if (hit && hit.iptables === st.iptables && hit.nft === st.nft) return hit.tables;
  const tables = [...st.iptables.map(iptablesWalkTable), ...st.nft.map(nftWalkTable)];
  nodeTables.set(st, { iptables: st.iptables, nft: st.nft, tables });
  return tables;
}

/** What the rules ask of the node itself (its addresses, ipsets, routes): built once per compiled state. */
type NodeNft = Pick<NftContext, 'isLocalAddress' | 'isLocalAddressOn' | 'ipsetHas' | 'reversePathOk'>;

const nodeNfts = new WeakMap<LinuxNodeState, NodeNft>();

function nodeNftOf(st: LinuxNodeState): NodeNft {
  let n = nodeNfts.get(st);
  if (n) return n;
  n = {
    isLocalAddress: (a) => st.localAddrs.includes(a),
    isLocalAddressOn: (a, ifname) => st.links.some((l) => l.name === ifname && l.addrs.some((x) => x.split('/')[0] === a)),
    ipsetHas: (name, ip) => {
      const set = st.ipsets.find((x) => x.name === name);
      return set !== undefined && ipsetHas(set, ip);
    },
    // xt_rpfilter (strict): the route back to the source must leave by the interface the packet came in on.
    reversePathOk: (src, iif) => lookupRoute(st.routes, src)?.dev === iif,
  };
  nodeNfts.set(st, n);
  return n;
}

/** A hook's result; `policyDrop` is set when a NetworkPolicy's Deny or its tier's default deny dropped the packet. */
export interface HookResult extends NftHookResult {
  policyDrop?: Reason;
}

/**
 * What the rules ask of the node and the trace (the random pick, affinity
 * sets). A small object per hook; a cache keyed by the trace's context would
 * be a WeakMap entry per trace, which keeps the trace's garbage alive past
 * young-generation collections.
 */
function nftContextOf(st: LinuxNodeState, ctx: HopContext): NftContext {
  let sets = ctx.nftSets.get(st.name);
  if (!sets) ctx.nftSets.set(st.name, (sets = new Map()));
  return { ...nodeNftOf(st), pick: ctx.pick, affinity: sets };
}

/** The step's rule of a hit (owner last, as the trace has always listed it). */
function ruleOfHit(hit: NftHit): StepRule {
  const rule: StepRule = { id: hit.ruleId, text: hit.ruleText, source: hit.source };
  if (hit.owner) rule.owner = hit.owner;
  return rule;
}

/** The explanation of each rule effect, written once rather than concatenated per hit. */
const NFT_EXPLAIN = {
  match: 'nft.match',
  jump: 'nft.jump',
  goto: 'nft.goto',
  return: 'nft.return',
  accept: 'nft.accept',
  drop: 'nft.drop',
  reject: 'nft.reject',
  dnat: 'nft.dnat',
  masquerade: 'nft.masquerade',
  snat: 'nft.snat',
  mark: 'nft.mark',
  vmap: 'nft.vmap',
  numgen: 'nft.numgen',
  statistic: 'nft.statistic',
  affinity: 'nft.affinity',
} as const satisfies Record<NftHit['effect'], ExplainKey>;

export function runHook(
  st: LinuxNodeState,
  hook: NftHook,
  packet: Packet,
  opts: { iif?: string; oif?: string; mark: number; ct: CtHit | undefined },
  ctx: HopContext,
  rec: StepRecorder,
): HookResult {
  const ip = innerIp(packet);
  const { sport, dport } = ports(packet);
  const result = walkHook(
    walkTablesOf(st),
    hook,
    { src: ip.src, dst: ip.dst, proto: ip.proto as Exclude<typeof ip.proto, 'ipip'>, sport: ip.proto === 'icmp' ? undefined : sport, dport: ip.proto === 'icmp' ? undefined : dport, mark: opts.mark, iif: opts.iif, oif: opts.oif, ctState: opts.ct && ctEstablished(opts.ct) ? 'established' : 'new' },
    nftContextOf(st, ctx),
    // A known connection skips the nat chains whatever its state (nf_nat_inet_fn: the manip is already initialized).
    { skipNat: opts.ct !== undefined },
  );
  for (const hit of result.hits) {
    rec.add({
      at: { component: 'netfilter', table: hit.table, chain: hit.chain, layer: hook },
      action: hit.effect,
      before: packet,
      rule: ruleOfHit(hit),
      // Felix's mark bits (cali-* chains) carry policy results, not kube-proxy's masquerade request.
      explain: hit.effect === 'mark' && (hit.chain.startsWith('cali-') || hit.table === 'ip calico') ? 'nft.markCalico' : NFT_EXPLAIN[hit.effect],
      params: { hook, table: hit.table, chain: hit.chain, detail: hit.detail ?? '' },
      level: DECISIVE.has(hit.effect) ? 'hop' : 'detail',
    });
  }
  // NetworkPolicy: one step naming the policy and rule (or the default deny) that decided at each workload chain.
  const podOf = (iface: string) => st.pods.find((p) => p.hostVeth === iface)?.pod ?? iface;
  const decisions = policyDecisions(result.hits);
  for (const d of decisions) rec.add(policyStep(d, hook, packet, podOf));
  const policyDrop = result.verdict === 'drop' ? policyDropReason(decisions, result.hits, podOf, { hook, node: st.name }) : undefined;
  return policyDrop ? { ...result, policyDrop } : result;
}
