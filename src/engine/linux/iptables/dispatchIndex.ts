/**
 * Skipping rules that cannot match, so a packet's cost in KUBE-SERVICES (one
 * rule per Service port) and KUBE-NODEPORTS (one per NodePort) does not grow
 * with the number of Services. iptables itself scans those chains rule by
 * rule (that is why kube-proxy moved to nftables maps); the model only has to
 * find the same first match faster.
 *
 * A rule with `-d ADDR/32 -p PROTO --dport PORT` (or `-p PROTO --dport PORT`)
 * can only match a packet with that destination, protocol and port; all
 * other rules stay candidates. The next candidate after a rule is the nearest
 * of the next other rule and the next rule keyed by the packet's own key, so
 * the walk visits the same rules that can match, in the same order.
 *
 * @see kubernetes pkg/proxy/iptables/proxier.go (KUBE-SERVICES, KUBE-NODEPORTS rules)
 */
import type { NftPacket } from '../nft/match';
import { isCanonicalIPv4 } from '../nft/lookupIndex';
import type { IptablesChain, IptablesRule } from './ruleset';

/** Chains with fewer keyed rules are walked rule by rule. */
const MIN_KEYED = 16;

export interface ChainDispatch {
  /** `ADDR PROTO PORT` or `PROTO PORT` → ascending rule indices. */
  keyed: Map<string, number[]>;
  /** Ascending indices of the rules every packet may match. */
  other: number[];
}

function addrKey(r: IptablesRule): string | undefined {
  for (const a of r.args) {
    if (a.kind !== 'addr' || a.dir !== 'd' || a.neg) continue;
    const [ip, len, extra] = a.cidr.split('/');
    if (ip && isCanonicalIPv4(ip) && (len === undefined || len === '32') && extra === undefined) return ip;
  }
  return undefined;
}

/** The key a rule can only match under, or undefined. */
function ruleKey(r: IptablesRule): string | undefined {
  const proto = r.args.find((a) => a.kind === 'proto');
  const dport = r.args.find((a) => a.kind === 'dport');
  if (proto?.kind !== 'proto' || dport?.kind !== 'dport') return undefined;
  const ip = addrKey(r);
  return ip ? `${ip} ${proto.proto} ${dport.port}` : `${proto.proto} ${dport.port}`;
}

/** The chain's dispatch index, or undefined when it has too few keyed rules to be worth it. */
export function chainDispatch(c: IptablesChain): ChainDispatch | undefined {
  const keyed = new Map<string, number[]>();
  const other: number[] = [];
  let count = 0;
  c.rules.forEach((r, i) => {
    const k = ruleKey(r);
    if (k === undefined) {
      other.push(i);
      return;
    }
    count++;
    const list = keyed.get(k);
    if (list) list.push(i);
    else keyed.set(k, [i]);
  });
  return count >= MIN_KEYED ? { keyed, other } : undefined;
}

/** The first element of ascending `xs` that is ≥ `from`, or Infinity. */
function nextAtLeast(xs: readonly number[] | undefined, from: number): number {
  if (!xs) return Infinity;
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < xs.length ? xs[lo]! : Infinity;
}

/** The next rule at or after `ri` that can match `p`; `ruleCount` when none. */
export function nextCandidate(d: ChainDispatch, ruleCount: number, ri: number, p: NftPacket): number {
  if (!isCanonicalIPv4(p.dst)) return ri;
  let next = nextAtLeast(d.other, ri);
  if (p.proto !== 'icmp' && p.dport !== undefined) {
    next = Math.min(next, nextAtLeast(d.keyed.get(`${p.dst} ${p.proto} ${p.dport}`), ri), nextAtLeast(d.keyed.get(`${p.proto} ${p.dport}`), ri));
  }
  return Math.min(next, ruleCount);
}
