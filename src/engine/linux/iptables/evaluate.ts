/**
 * iptables tables evaluated with the kernel's semantics, as WalkTables of the
 * shared netfilter hook walk (nft/evaluate.ts walkHook): built-in chains are
 * base chains at their hooks, user chains are entered by `-j`, a rule
 * matches when all its arguments do, and its target decides:
 * ACCEPT/DROP/RETURN/REJECT as verdicts, MARK changes the mark and goes on,
 * DNAT/MASQUERADE set up the translation (ending the nat base chain), a rule
 * without a target just counts.
 *
 * `-m statistic --mode random --probability p`: kube-proxy writes rule i of n
 * with p = 1/(n−i), so each endpoint is taken with probability 1/n. The walk
 * asks the tracer once per visit of the chain which endpoint it takes
 * (ctx.pick over the chain's endpoint rules, so `--backend` pins one and
 * "every backend" enumerates them) and lets exactly that rule match — the
 * same distribution, made reproducible.
 *
 * `-m recent --rcheck --seconds N`: the source was `--set` in that list within
 * N seconds (ctx.affinity holds the time it was set). `-m conntrack
 * --ctstate DNAT`: assumption — taken as false; kube-proxy never DNATs to
 * 127.0.0.0/8, so a packet still addressed there at INPUT was not DNATed.
 *
 * @see iptables-extensions(8): statistic, recent, conntrack, addrtype, mark
 * @see kubernetes pkg/proxy/iptables/proxier.go (writeServiceToEndpointRules: probability(n − i))
 */
import { cidrContains, parseCidr } from '../../model/ipv4';
import type { NftHit, RuleAction, RunState, WalkTable } from '../nft/evaluate';
import type { NftContext, NftPacket } from '../nft/match';
import type { NftHook } from '../nft/ruleset';
import { formatIptablesRule } from './format';
import type { IptablesArg, IptablesChain, IptablesRule, IptablesTable } from './ruleset';
import { iptablesTableId } from './ruleset';
import { chainDispatch, nextCandidate } from './dispatchIndex';
import { iptablesRuleId } from '../../model/ruleIds';

function inCidr(cidr: string, ip: string): boolean {
  const c = parseCidr(cidr);
  return c !== undefined && parseCidr(ip) !== undefined && cidrContains(c, ip);
}

const CT_STATE: Record<NftPacket['ctState'], string> = { new: 'NEW', established: 'ESTABLISHED', related: 'RELATED', invalid: 'INVALID' };

/** Whether one argument holds (statistic is decided by the caller). */
function argHolds(a: IptablesArg, p: NftPacket, ctx: NftContext): boolean {
  switch (a.kind) {
    case 'comment':
    case 'nfacct':
    case 'statistic':
    case 'recent-set':
      return true;
    case 'proto':
      return p.proto === a.proto;
    case 'addr':
      return inCidr(a.cidr, a.dir === 's' ? p.src : p.dst) !== a.neg;
    case 'dport':
      return p.proto !== 'icmp' && p.dport === a.port;
    case 'addrtype':
      return ctx.isLocalAddress(a.dir === 'src' ? p.src : p.dst) || inCidr('127.0.0.0/8', a.dir === 'src' ? p.src : p.dst);
    case 'mark':
      return (((p.mark & a.mask) >>> 0) === (a.value >>> 0)) !== a.neg;
    case 'ctstate':
      return a.states.includes(CT_STATE[p.ctState] as never) !== a.neg;
    case 'recent-check': {
      const at = ctx.affinity.get(a.name)?.get(p.src);
      return at !== undefined && (ctx.now ?? 0) - at <= a.seconds;
    }
    case 'iface': {
      const name = a.dir === 'i' ? p.iif : p.oif;
      return (name !== undefined && ifaceMatches(a.name, name)) !== a.neg;
    }
    case 'protocol':
      // `ipencap` (IP protocol 4): the outer header of an IPIP packet; the walk sees inner packets only.
      return a.name === p.proto;
    case 'multiport': {
      const port = a.dir === 'd' ? p.dport : p.sport;
      return p.proto !== 'icmp' && port !== undefined && a.ports.includes(port);
    }
    case 'set':
      return (ctx.ipsetHas?.(a.name, a.dir === 'src' ? p.src : p.dst) ?? false) !== a.neg;
    case 'rpfilter': {
      // xt_rpfilter: look the source up as a destination; it passes when that route leaves by the incoming interface.
      const ok = p.iif === undefined || (ctx.reversePathOk?.(p.src, p.iif) ?? true);
      return ok !== a.invert;
    }
    case 'addrtype-ext': {
      const ip = a.dir === 'src' ? p.src : p.dst;
      const local = a.limitIfaceOut && p.oif !== undefined && ctx.isLocalAddressOn ? ctx.isLocalAddressOn(ip, p.oif) : ctx.isLocalAddress(ip) || inCidr('127.0.0.0/8', ip);
      return local !== a.neg;
    }
  }
}

/** `-i cali+`: a trailing `+` matches every interface name with that prefix (xt ifname wildcard). */
function ifaceMatches(pattern: string, name: string): boolean {
  return pattern.endsWith('+') ? name.startsWith(pattern.slice(0, -1)) : name === pattern;
}

/** Per chain: the rules of its random group (statistic rules and the final rule after them), by rule index. */
function randomGroup(c: IptablesChain): number[] {
  const first = c.rules.findIndex((r) => r.args.some((a) => a.kind === 'statistic'));
  if (first < 0) return [];
  const group: number[] = [];
  let i = first;
  while (i < c.rules.length && c.rules[i]!.args.some((a) => a.kind === 'statistic')) group.push(i++);
  if (i < c.rules.length) group.push(i);
  return group;
}

function choiceLabel(r: IptablesRule): string {
  const target = r.target.kind === 'jump' ? r.target.chain : r.target.kind;
  return r.endpoint ? `${target}__${r.endpoint.ip}/${r.endpoint.port}` : target;
}

function hitOf(t: IptablesTable, c: IptablesChain, ri: number, effect: NftHit['effect'], detail?: string): NftHit {
  const r = c.rules[ri]!;
  const h: NftHit = { table: iptablesTableId(t), chain: c.name, ruleId: iptablesRuleId(t.name, c.name, ri), ruleText: formatIptablesRule(c.name, r), source: r.source, effect };
  if (r.owner) h.owner = r.owner;
  if (detail !== undefined) h.detail = detail;
  return h;
}

function runRule(t: IptablesTable, c: IptablesChain, group: number[], ri: number, st: RunState, ctx: NftContext): RuleAction | undefined {
  const r = c.rules[ri]!;
  const p = st.packet;
  if (!r.args.every((a) => argHolds(a, p, ctx))) return undefined;
  let detail: string | undefined;
  let effect: NftHit['effect'] | undefined;
  const gi = group.indexOf(ri);
  if (gi >= 0) {
    const key = `${t.name}/${c.name}`;
    let picked = st.randomPicks.get(key);
    if (picked === undefined) {
      const raw = Math.trunc(ctx.pick(group.map((i) => choiceLabel(c.rules[i]!))));
      picked = ((Number.isFinite(raw) ? raw : 0) % group.length + group.length) % group.length;
      st.randomPicks.set(key, picked);
    }
    if (picked !== gi) return undefined;
    const prob = r.args.find((a) => a.kind === 'statistic');
    effect = 'statistic';
    detail = `${gi + 1} of ${group.length}${prob?.kind === 'statistic' ? ` (probability ${prob.probability})` : ' (the last rule: every earlier one missed)'}`;
  }
  const check = r.args.find((a) => a.kind === 'recent-check');
  if (check?.kind === 'recent-check') detail = `${p.src} is in the recent list ${check.name}`;
  const set = r.args.find((a) => a.kind === 'recent-set');
  if (set?.kind === 'recent-set') {
    const list = ctx.affinity.get(set.name) ?? new Map<string, number>();
    list.set(p.src, ctx.now ?? 0);
    ctx.affinity.set(set.name, list);
  }
  const done = (e: NftHit['effect'], a: RuleAction, d?: string): RuleAction => {
    st.hits.push(hitOf(t, c, ri, effect ?? e, d ?? detail));
    return a;
  };
  const tg = r.target;
  switch (tg.kind) {
    case 'jump':
      return done('jump', { kind: 'verdict', verdict: { kind: 'jump', chain: tg.chain } });
    case 'ACCEPT':
      return done('accept', { kind: 'verdict', verdict: { kind: 'accept' } });
    case 'DROP':
      return done('drop', { kind: 'verdict', verdict: { kind: 'drop' } });
    case 'RETURN':
      return done('return', { kind: 'verdict', verdict: { kind: 'return' } });
    case 'REJECT':
      return done('reject', { kind: 'reject' });
    case 'MARK':
    case 'MARK-xset': {
      const before = p.mark >>> 0;
      const after = (tg.kind === 'MARK-xset' ? (before & ~tg.mask) ^ tg.value : tg.op === 'or' ? before | tg.value : before ^ tg.value) >>> 0;
      st.packet = { ...p, mark: after };
      return done('mark', { kind: 'continue' }, `mark 0x${before.toString(16)} -> 0x${after.toString(16)}`);
    }
    case 'goto':
      return done('goto', { kind: 'verdict', verdict: { kind: 'goto', chain: tg.chain } });
    case 'NOTRACK':
      return done('match', { kind: 'continue' }, 'no conntrack entry (untracked)');
    case 'MASQUERADE':
      st.nat = { kind: 'masquerade', fullyRandom: tg.randomFully };
      return done('masquerade', { kind: 'nat' });
    case 'DNAT':
      st.nat = { kind: 'dnat', ip: tg.ip, port: tg.port };
      return done('dnat', { kind: 'nat' }, `to ${tg.ip}:${tg.port}`);
    case 'none':
      return done('match', { kind: 'continue' });
  }
}

const cache = new WeakMap<IptablesTable, WalkTable>();

/** An iptables table as a WalkTable of the shared hook walk (cached per table). */
export function iptablesWalkTable(t: IptablesTable): WalkTable {
  const hit = cache.get(t);
  if (hit) return hit;
  const groups = t.chains.map(randomGroup);
  const dispatch = t.chains.map(chainDispatch);
  const byName = new Map<string, number>();
  const byHook = new Map<NftHook, number[]>();
  t.chains.forEach((c, i) => {
    if (!byName.has(c.name)) byName.set(c.name, i);
    if (c.base) byHook.set(c.base.hook, [...(byHook.get(c.base.hook) ?? []), i]);
  });
  const w: WalkTable = {
    chains: t.chains,
    ruleCount: (ci) => t.chains[ci]!.rules.length,
    findChain: (name) => byName.get(name) ?? -1,
    baseChainsAt: (hook) => byHook.get(hook) ?? [],
    nextCandidate: (ci, ri, p) => {
      const d = dispatch[ci];
      return d ? nextCandidate(d, t.chains[ci]!.rules.length, ri, p) : ri;
    },
    runRule: (ci, ri, st, ctx) => runRule(t, t.chains[ci]!, groups[ci]!, ri, st, ctx),
  };
  cache.set(t, w);
  return w;
}
