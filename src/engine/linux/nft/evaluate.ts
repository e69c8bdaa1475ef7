/**
 * Runs a packet through one netfilter hook of a node's nftables ruleset, the
 * way the kernel does, and records every rule that matched.
 *
 * Order at a hook: every base chain registered there, across all tables,
 * lower priority first; ties keep table order, then chain order (the kernel
 * inserts an equal-priority hook after the ones already registered).
 *
 * NAT chains are special (net/netfilter/nf_nat_core.c): the kernel registers
 * one NAT hook per hook point at a fixed priority — dstnat (-100) at
 * prerouting and output, srcnat (100) at postrouting and input — and runs the
 * `type nat` chains from there, in their own priority order, only for packets
 * that open a connection (ct state new or related), and stops after the first
 * chain that sets up a translation. So Calico's nat-POSTROUTING (110) is not
 * consulted for a packet kube-proxy's nat-postrouting (100) already
 * masqueraded. A translation ends its base chain with an accept verdict.
 *
 * Verdicts: accept ends the current base chain and the packet goes on to the
 * next one; drop or reject ends the hook. jump pushes a chain, goto replaces
 * the current one, return (or running off the end) pops; the base chain's
 * policy applies when its stack empties.
 *
 * @see linux net/netfilter/nf_nat_core.c (nf_nat_inet_fn, nf_nat_register_fn) and nf_nat_proto.c (nf_nat_ipv4_ops)
 * @see https://wiki.nftables.org/wiki-nftables/index.php/Netfilter_hooks
 * @see https://wiki.nftables.org/wiki-nftables/index.php/Jumping_to_chain
 */
import type { ObjectRef } from '../../model/diagnostic';
import { formatMark, formatRule, formatVerdict } from './format';
import { keyValue, lookupElement, matchHolds, type NftContext, type NftPacket } from './match';
import type { NftBaseChainSpec, NftChain, NftHook, NftRule, NftStatement, NftTable, NftVerdict } from './ruleset';
import { NFT_PRIORITY, tableId } from './ruleset';
import { baseChainsAt, chainIndex, indexedSet } from './lookupIndex';
import { nftRuleId } from '../../model/ruleIds';

export type { NftContext, NftPacket } from './match';
export type { NftHook } from './ruleset';

/** One matched rule (or dispatching map lookup), in evaluation order. `ruleText` is the printed line, `ruleId` its id (model/ruleIds.ts). */
export interface NftHit {
  table: string;
  chain: string;
  ruleId: string;
  ruleText: string;
  source: string;
  owner?: ObjectRef;
  effect: 'match' | 'jump' | 'goto' | 'return' | 'accept' | 'drop' | 'reject' | 'dnat' | 'masquerade' | 'snat' | 'mark' | 'vmap' | 'numgen' | 'statistic' | 'affinity';
  detail?: string;
}

/** The translation a NAT chain set up at this hook. */
export type NftNat = { kind: 'dnat'; ip: string; port?: number } | { kind: 'masquerade'; fullyRandom: boolean } | { kind: 'snat'; ip: string };

export interface NftHookResult {
  verdict: 'accept' | 'drop' | 'reject';
  /** The packet as the next hook sees it: mark updated, and after a dnat, dst/dport rewritten. */
  packet: NftPacket;
  nat?: NftNat;
  hits: NftHit[];
}

/** Where the kernel's NAT hook sits at each hook point (NF_IP_PRI_NAT_DST / _SRC). */
const NAT_CORE_PRIORITY: Partial<Record<NftHook, number>> = {
  prerouting: NFT_PRIORITY.dstnat,
  output: NFT_PRIORITY.dstnat,
  postrouting: NFT_PRIORITY.srcnat,
  input: NFT_PRIORITY.srcnat,
};

/** Upper bound on rules evaluated per hook; a real ruleset cannot loop (nft rejects loops). */
const MAX_STEPS = 100_000;

/** The state of one packet's walk through a hook: shared by the nftables and iptables rule runners. */
export interface RunState {
  packet: NftPacket;
  hits: NftHit[];
  nat?: NftNat;
  steps: number;
  /** iptables `-m statistic --mode random`: the alternative taken in each chain visited (chain → index). */
  randomPicks: Map<string, number>;
}

/** What one rule decided: fall through, a verdict, a reject, or a NAT translation (which ends the base chain). */
export type RuleAction = { kind: 'continue' } | { kind: 'verdict'; verdict: NftVerdict } | { kind: 'reject' } | { kind: 'nat' };

/**
 * A table as the hook walk sees it, whatever wrote it: chains (base chains
 * carry their hook registration), and how to run rule `ri` of chain `ci`.
 * nftables tables (nftWalkTable) and iptables tables (iptables/evaluate.ts)
 * both become one; the hooks, priorities, NAT grouping and jump stack are
 * the kernel's and do not depend on the rule language.
 */
export interface WalkTable {
  chains: readonly { name: string; base?: NftBaseChainSpec }[];
  ruleCount(ci: number): number;
  /** Index of a chain by name, or -1. */
  findChain(name: string): number;
  /** Indices of the base chains registered at `hook`, in chain order (indexed, so a hook costs nothing per regular chain). */
  baseChainsAt(hook: NftHook): readonly number[];
  /**
   * The index of the next rule at or after `ri` of chain `ci` that can match
   * `p` (rules skipped are sure to miss it); absent = every rule is a candidate.
   */
  nextCandidate?(ci: number, ri: number, p: NftPacket): number;
  runRule(ci: number, ri: number, st: RunState, ctx: NftContext): RuleAction | undefined;
}

/** A rule's text, formatted once: compiled rules do not change, and a trace formats every rule that acts. */
const ruleTexts = new WeakMap<NftRule, string>();

function ruleText(r: NftRule): string {
  let text = ruleTexts.get(r);
  if (text === undefined) ruleTexts.set(r, (text = formatRule(r)));
  return text;
}

/** What every hit of one rule repeats: made once per rule of a chain, not a table id, rule id and text per hit. */
type HitIdentity = Pick<NftHit, 'table' | 'chain' | 'ruleId' | 'ruleText' | 'source' | 'owner'> & { rule: NftRule };

/** By chain, for the table it was made in (a chain object met in another table is made again). */
const hitIdentities = new WeakMap<NftChain, { t: NftTable; byRule: (HitIdentity | undefined)[] }>();

function hitIdentity(t: NftTable, c: NftChain, ri: number): HitIdentity {
  const r = c.rules[ri]!;
  let byChain = hitIdentities.get(c);
  if (!byChain || byChain.t !== t) hitIdentities.set(c, (byChain = { t, byRule: [] }));
  const known = byChain.byRule[ri];
  if (known && known.rule === r) return known;
  const table = tableId(t);
  const id: HitIdentity = { table, chain: c.name, ruleId: nftRuleId(table, c.name, ri), ruleText: ruleText(r), source: r.source, owner: r.owner, rule: r };
  byChain.byRule[ri] = id;
  return id;
}

function hit(t: NftTable, c: NftChain, ri: number, effect: NftHit['effect'], detail?: string): NftHit {
  const id = hitIdentity(t, c, ri);
  const h: NftHit = { table: id.table, chain: id.chain, ruleId: id.ruleId, ruleText: id.ruleText, source: id.source, effect };
  if (id.owner) h.owner = id.owner;
  if (detail !== undefined) h.detail = detail;
  return h;
}

/** The dynamic (affinity) set a rule's `ip saddr @set` match looked up, if any. */
function dynamicSetMatched(t: NftTable, r: NftRule): string | undefined {
  for (const m of r.match) {
    if (m.kind !== 'ip' || m.operand.kind !== 'set-ref') continue;
    const s = indexedSet(t, m.operand.name);
    if (s?.kind === 'set' && s.flags.includes('dynamic')) return s.name;
  }
  return undefined;
}

/** The mark after a `meta mark set` statement. */
function markAfter(before: number, s: Extract<NftStatement, { kind: 'mark-set' }>): number {
  switch (s.op) {
    case 'or':
      return before | s.value;
    case 'xor':
      return before ^ s.value;
    case 'and':
      return before & s.value;
    case 'and-or':
      return (before & (s.mask ?? 0xffffffff)) | s.value;
  }
}

/** Actions without data, shared: a rule that acts returns one for every packet it meets. */
const CONTINUE: RuleAction = { kind: 'continue' };
const REJECT: RuleAction = { kind: 'reject' };
const NAT: RuleAction = { kind: 'nat' };

/** Records the rule's hit and returns what it decided (a function, not a closure per rule run). */
function recorded(a: RuleAction, st: RunState, t: NftTable, c: NftChain, ri: number, effect: NftHit['effect'], detail: string | undefined): RuleAction {
  st.hits.push(hit(t, c, ri, effect, detail));
  return a;
}

/** Runs one nft rule: undefined when it does not match; else what it decided. Records one hit. */
function runRule(t: NftTable, c: NftChain, ri: number, st: RunState, ctx: NftContext): RuleAction | undefined {
  const r = c.rules[ri]!;
  // A loop, not every(): this runs for each rule a packet meets, and a closure per call is garbage.
  for (let i = 0; i < r.match.length; i++) if (!matchHolds(t, r.match[i]!, st.packet, ctx)) return undefined;
  let effect: NftHit['effect'] = 'match';
  let detail: string | undefined;
  const dynamicSet = dynamicSetMatched(t, r);
  if (dynamicSet !== undefined) detail = `${st.packet.src} is in @${dynamicSet}`;
  for (const s of r.stmt) {
    switch (s.kind) {
      case 'verdict':
        effect = s.verdict.kind;
        return recorded({ kind: 'verdict', verdict: s.verdict }, st, t, c, ri, effect, detail);
      case 'reject':
        effect = 'reject';
        return recorded(REJECT, st, t, c, ri, effect, detail);
      case 'vmap': {
        const m = indexedSet(t, s.map);
        const values = s.key.map((k) => keyValue(k, st.packet));
        const el = m && m.kind === 'vmap' ? lookupElement(m, values) : undefined;
        if (!el || !('verdict' in el)) return undefined;
        effect = 'vmap';
        detail = `${values.join(' . ')} : ${formatVerdict(el.verdict)}`;
        return recorded({ kind: 'verdict', verdict: el.verdict }, st, t, c, ri, effect, detail);
      }
      case 'numgen-vmap': {
        if (s.mod <= 0 || s.targets.length === 0) return undefined;
        const names = s.targets.map((v) => ('chain' in v ? v.chain : v.kind));
        const raw = Math.trunc(ctx.pick(names));
        const idx = (((Number.isFinite(raw) ? raw : 0) % s.mod) + s.mod) % s.mod;
        const target = s.targets[idx];
        if (!target) return undefined;
        effect = 'numgen';
        detail = `${idx} of ${s.mod} : ${formatVerdict(target)}`;
        return recorded({ kind: 'verdict', verdict: target }, st, t, c, ri, effect, detail);
      }
      case 'mark-set': {
        const before = st.packet.mark >>> 0;
        const after = markAfter(before, s) >>> 0;
        st.packet = { ...st.packet, mark: after };
        effect = 'mark';
        detail = `mark ${formatMark(before)} -> ${formatMark(after)}`;
        break;
      }
      case 'set-update': {
        const key = keyValue(s.key, st.packet);
        const set = indexedSet(t, s.set);
        if (key !== undefined && set && set.kind === 'set') {
          const entries = ctx.affinity.get(s.set) ?? new Map<string, number>();
          const expiry = set.timeout !== undefined ? (ctx.now ?? 0) + set.timeout : Number.POSITIVE_INFINITY;
          entries.set(key, expiry);
          ctx.affinity.set(s.set, entries);
          effect = 'affinity';
          detail = `${key} added to @${s.set}`;
        }
        break;
      }
      case 'dnat':
        st.nat = s.port !== undefined ? { kind: 'dnat', ip: s.addr, port: s.port } : { kind: 'dnat', ip: s.addr };
        effect = 'dnat';
        detail = `to ${s.addr}${s.port !== undefined ? `:${s.port}` : ''}`;
        return recorded(NAT, st, t, c, ri, effect, detail);
      case 'snat':
        st.nat = { kind: 'snat', ip: s.addr };
        effect = 'snat';
        detail = `to ${s.addr}`;
        return recorded(NAT, st, t, c, ri, effect, detail);
      case 'masquerade':
        st.nat = { kind: 'masquerade', fullyRandom: s.fullyRandom };
        effect = 'masquerade';
        return recorded(NAT, st, t, c, ri, effect, detail);
    }
  }
  return recorded(CONTINUE, st, t, c, ri, effect, detail);
}

/** Runs a base chain to its verdict. */
function runBaseChain(t: WalkTable, base: number, st: RunState, ctx: NftContext): 'accept' | 'drop' | 'reject' {
  const stack: { ci: number; i: number }[] = [{ ci: base, i: 0 }];
  while (stack.length > 0) {
    if (++st.steps > MAX_STEPS) return 'drop';
    const top = stack[stack.length - 1]!;
    if (t.nextCandidate) top.i = t.nextCandidate(top.ci, top.i, st.packet);
    if (top.i >= t.ruleCount(top.ci)) {
      stack.pop();
      continue;
    }
    const a = t.runRule(top.ci, top.i++, st, ctx);
    if (!a || a.kind === 'continue') continue;
    if (a.kind === 'reject') return 'reject';
    if (a.kind === 'nat') return 'accept';
    const v = a.verdict;
    if (v.kind === 'accept' || v.kind === 'drop') return v.kind;
    if (v.kind === 'return') {
      stack.pop();
      continue;
    }
    const next = t.findChain(v.chain);
    if (next < 0) continue; // nft and iptables-restore refuse a jump to a missing chain; be lenient.
    if (v.kind === 'jump') stack.push({ ci: next, i: 0 });
    else stack[stack.length - 1] = { ci: next, i: 0 };
  }
  return t.chains[base]!.base?.policy ?? 'accept';
}

const walkTables = new WeakMap<NftTable, WalkTable>();

/** An nftables table as a WalkTable (one per table: a trace walks the same tables at every hook). */
export function nftWalkTable(t: NftTable): WalkTable {
  let w = walkTables.get(t);
  if (!w) {
    w = {
      chains: t.chains,
      ruleCount: (ci) => t.chains[ci]!.rules.length,
      findChain: (name) => chainIndex(t, name),
      baseChainsAt: (hook) => baseChainsAt(t, hook),
      runRule: (ci, ri, st, ctx) => runRule(t, t.chains[ci]!, ri, st, ctx),
    };
    walkTables.set(t, w);
  }
  return w;
}

type Entry = { prio: number; ti: number; ci: number } & ({ kind: 'chain'; t: WalkTable } | { kind: 'nat'; chains: { t: WalkTable; ci: number }[] });

const byOrder = (a: { prio: number; ti: number; ci: number }, b: { prio: number; ti: number; ci: number }) => a.prio - b.prio || a.ti - b.ti || a.ci - b.ci;

/**
 * The base chains of `tables` at `hook` in the order the kernel runs them;
 * computed once per table list and hook (runHook passes one list per node)
 * and again when a table gained chains (lazily compiled Service chains).
 */
const entryCache = new WeakMap<readonly WalkTable[], Map<NftHook, { chainCount: number; entries: Entry[] }>>();

function hookEntries(tables: readonly WalkTable[], hook: NftHook): Entry[] {
  let byHook = entryCache.get(tables);
  if (!byHook) entryCache.set(tables, (byHook = new Map()));
  let chainCount = 0;
  for (const t of tables) chainCount += t.chains.length;
  const cached = byHook.get(hook);
  if (cached && cached.chainCount === chainCount) return cached.entries;
  const entries: Entry[] = [];
  const nats: { prio: number; ti: number; ci: number; t: WalkTable }[] = [];
  tables.forEach((t, ti) => {
    for (const ci of t.baseChainsAt(hook)) {
      const base = t.chains[ci]!.base!;
      if (base.type === 'nat') nats.push({ prio: base.priority, ti, ci, t });
      else entries.push({ kind: 'chain', prio: base.priority, ti, ci, t });
    }
  });
  const natPrio = NAT_CORE_PRIORITY[hook];
  if (nats.length > 0 && natPrio !== undefined) {
    nats.sort(byOrder);
    const first = [...nats].sort((a, b) => a.ti - b.ti || a.ci - b.ci)[0]!;
    entries.push({ kind: 'nat', prio: natPrio, ti: first.ti, ci: first.ci, chains: nats });
  }
  entries.sort(byOrder);
  byHook.set(hook, { chainCount, entries });
  return entries;
}

/**
 * Evaluates the base chains of `tables` registered at `hook` for `pkt`.
 * `opts.skipNat` leaves out the NAT chains (conntrack translates packets of
 * known connections). Does not mutate `pkt`; mutates `ctx.affinity` on
 * `update @set`. Never throws.
 *
 * @example
 * const r = evaluateNftHook([kp, calico], 'prerouting', { src: '10.244.1.5', dst: '10.96.0.10', proto: 'udp',
 *   sport: 40000, dport: 53, mark: 0, iif: 'cali1234', ctState: 'new' }, ctx, { skipNat: false });
 * // r.nat = { kind: 'dnat', ip: '10.244.2.3', port: 53 }
 */
export function evaluateNftHook(tables: NftTable[], hook: NftHook, pkt: NftPacket, ctx: NftContext, opts: { skipNat: boolean }): NftHookResult {
  return walkHook(tables.map(nftWalkTable), hook, pkt, ctx, opts);
}

/** The hook walk over tables of any rule language (evaluateNftHook for nftables; iptables tables join through their WalkTable). */
export function walkHook(tables: readonly WalkTable[], hook: NftHook, pkt: NftPacket, ctx: NftContext, opts: { skipNat: boolean }): NftHookResult {
  const entries = hookEntries(tables, hook);
  const st: RunState = { packet: { ...pkt }, hits: [], steps: 0, randomPicks: new Map() };
  const runNat = !opts.skipNat && (pkt.ctState === 'new' || pkt.ctState === 'related');
  const result = (v: NftHookResult['verdict']): NftHookResult => {
    const r: NftHookResult = { verdict: v, packet: st.packet, hits: st.hits };
    if (st.nat) r.nat = st.nat;
    return r;
  };
  for (const e of entries) {
    if (e.kind === 'chain') {
      const v = runBaseChain(e.t, e.ci, st, ctx);
      if (v !== 'accept') return result(v);
      continue;
    }
    if (!runNat) continue;
    for (const { t, ci } of e.chains) {
      const v = runBaseChain(t, ci, st, ctx);
      if (v !== 'accept') return result(v);
      if (st.nat) {
        if (st.nat.kind === 'dnat') st.packet = { ...st.packet, dst: st.nat.ip, ...(st.nat.port !== undefined ? { dport: st.nat.port } : {}) };
        break;
      }
    }
  }
  return result('accept');
}
