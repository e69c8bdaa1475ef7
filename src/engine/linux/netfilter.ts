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
import { nftWalkTable, walkHook, type NftHook, type NftHookResult, type WalkTable } from './nft/evaluate';
import type { LinuxNodeState } from './state';
import type { NftContext } from './nft/match';
import { policyDecisions, policyStep } from '../policy/linuxVerdict';

/** Effects that change the packet's fate or headers: shown in the summary view. */
const DECISIVE = new Set(['dnat', 'snat', 'masquerade', 'drop', 'reject']);

export interface HookRun {
  result: NftHookResult;
  /** The packet after the hook (mark is kept separately by the caller). */
  packet: Packet;
}

const nodeTables = new WeakMap<LinuxNodeState, { iptables: LinuxNodeState['iptables']; nft: LinuxNodeState['nft']; tables: WalkTable[] }>();

/** The node's tables in walk order, one list per node (walkHook caches each hook's chain order by it). */
function walkTablesOf(st: LinuxNodeState): WalkTable[] {
  const hit = nodeTables.get(st);
  if (hit && hit.iptables === st.iptables && hit.nft === st.nft) return hit.tables;
  const tables = [...st.iptables.map(iptablesWalkTable), ...st.nft.map(nftWalkTable)];
  nodeTables.set(st, { iptables: st.iptables, nft: st.nft, tables });
  return tables;
}

const nftContexts = new WeakMap<HopContext, Map<LinuxNodeState, NftContext>>();

/** What the rules ask of the node and the trace (local addresses, the random pick, affinity sets): one per node and trace, not one per hook. */
function nftContextOf(st: LinuxNodeState, ctx: HopContext): NftContext {
  let byNode = nftContexts.get(ctx);
  if (!byNode) nftContexts.set(ctx, (byNode = new Map()));
  const hit = byNode.get(st);
  if (hit) return hit;
  let sets = ctx.nftSets.get(st.name);
  if (!sets) ctx.nftSets.set(st.name, (sets = new Map()));
  const nft: NftContext = {
    isLocalAddress: (a) => st.localAddrs.includes(a),
    isLocalAddressOn: (a, ifname) => st.links.some((l) => l.name === ifname && l.addrs.some((x) => x.split('/')[0] === a)),
    pick: (choices) => ctx.pick(choices),
    affinity: sets,
    ipsetHas: (name, ip) => {
      const set = st.ipsets.find((x) => x.name === name);
      return set !== undefined && ipsetHas(set, ip);
    },
    // xt_rpfilter (strict): the route back to the source must leave by the interface the packet came in on.
    reversePathOk: (src, iif) => lookupRoute(st.routes, src)?.dev === iif,
  };
  byNode.set(st, nft);
  return nft;
}

export function runHook(
  st: LinuxNodeState,
  hook: NftHook,
  packet: Packet,
  opts: { iif?: string; oif?: string; mark: number; ct: CtHit | undefined },
  ctx: HopContext,
  rec: StepRecorder,
): NftHookResult {
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
      rule: { id: hit.ruleId, text: hit.ruleText, source: hit.source, ...(hit.owner ? { owner: hit.owner } : {}) },
      // Felix's mark bits (cali-* chains) carry policy results, not kube-proxy's masquerade request.
      explain: hit.effect === 'mark' && (hit.chain.startsWith('cali-') || hit.table === 'ip calico') ? 'nft.markCalico' : `nft.${hit.effect}`,
      params: { hook, table: hit.table, chain: hit.chain, detail: hit.detail ?? '' },
      level: DECISIVE.has(hit.effect) ? 'hop' : 'detail',
    });
  }
  // NetworkPolicy: one step naming the policy and rule (or the default deny) that decided at each workload chain.
  for (const d of policyDecisions(result.hits)) rec.add(policyStep(d, hook, packet, (i) => st.pods.find((p) => p.hostVeth === i)?.pod ?? i));
  return result;
}
