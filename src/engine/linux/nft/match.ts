/**
 * Evaluating match expressions and set/map lookups against a packet.
 *
 * Semantics follow the kernel's nft expressions:
 * - `ip saddr|daddr` against a prefix, a named set (interval sets hold
 *   prefixes) or an anonymous set; `!=` negates.
 * - `fib saddr|daddr type local` asks the context whether the address is one
 *   of the node's; `fib saddr . oif type` restricts the lookup to the output
 *   interface (context `isLocalAddressOn`, falling back to isLocalAddress).
 * - `iifname`/`oifname` compare names; a trailing `*` is a prefix wildcard;
 *   a packet without that interface has the empty name.
 * - Dynamic (affinity) sets are read from the context: an element counts
 *   while its expiry is later than `now`.
 *
 * Assumption: `th dport` of an ICMP packet matches no map element (the kernel
 * reads the ICMP checksum bytes there; no service element uses such a value).
 *
 * @see https://wiki.nftables.org/wiki-nftables/index.php/Matching_packet_headers
 * @see nftables manual: FIB EXPRESSIONS, META EXPRESSIONS
 */
import { cidrContains, parseCidr } from '../../model/ipv4';
import type { NftAddrOperand, NftKeyExpr, NftKeyType, NftMatch, NftSetLike, NftTable } from './ruleset';
import { elementIndex, exactCandidate, indexedSet, isCanonicalIPv4 } from './lookupIndex';

/** A packet as the nft evaluator sees it (the innermost IPv4 header plus metadata). */
export interface NftPacket {
  src: string;
  dst: string;
  proto: 'tcp' | 'udp' | 'icmp';
  sport?: number;
  dport?: number;
  /** skb mark, unsigned 32 bit. */
  mark: number;
  iif?: string;
  oif?: string;
  ctState: 'new' | 'established' | 'related' | 'invalid';
}

/** What the evaluator asks the node about; supplied by the tracer. */
export interface NftContext {
  /** `fib … type local`: is this one of the node's addresses? */
  isLocalAddress(ip: string): boolean;
  /** numgen random: index of the choice taken (endpoint chain names); the tracer pins or seeds it. */
  pick(choices: string[]): number;
  /** Dynamic set contents: set name → element (client IP) → expiry (seconds). Mutated by `update`. */
  affinity: Map<string, Map<string, number>>;
  /** `fib saddr . oif type local`: is `ip` a local address on interface `ifname`? Defaults to isLocalAddress. */
  isLocalAddressOn?(ip: string, ifname: string): boolean;
  /** Current time in seconds for affinity expiry; default 0. */
  now?: number;
  /** iptables `-m set --match-set NAME`: is `ip` a member of the node's ipset NAME? Default: no such set (no match). */
  ipsetHas?(name: string, ip: string): boolean;
  /** iptables `-m rpfilter`: would a packet to `src` leave by `iif` (strict reverse-path check)? Default: passes. */
  reversePathOk?(src: string, iif: string): boolean;
}

function addrIn(value: string, ip: string): boolean {
  const c = parseCidr(value);
  return c !== undefined && parseCidr(ip) !== undefined && cidrContains(c, ip);
}

function dynamicHas(ctx: NftContext, set: string, key: string): boolean {
  const exp = ctx.affinity.get(set)?.get(key);
  return exp !== undefined && exp > (ctx.now ?? 0);
}

/** Whether a static element of the set holds `ip`: the address index, then the prefixes (a non-canonical `ip` scans all). */
function staticElementHolds(s: NftSetLike, ip: string): boolean {
  const holds = (i: number): boolean => {
    const k = s.elements[i]!.key[0];
    return k !== undefined && addrIn(k, ip);
  };
  if (!isCanonicalIPv4(ip)) return s.elements.some((_, i) => holds(i));
  const ix = elementIndex(s);
  return ix.addresses.has(ip) || ix.looseAddresses.some(holds);
}

/** Whether a named set holds `ip` (static elements, or dynamic state for dynamic sets). */
export function setContains(t: NftTable, name: string, ip: string, ctx: NftContext): boolean {
  const s = indexedSet(t, name);
  if (!s || s.kind !== 'set') return false;
  if (staticElementHolds(s, ip)) return true;
  return s.flags.includes('dynamic') && dynamicHas(ctx, name, ip);
}

function operandHas(t: NftTable, o: NftAddrOperand, ip: string, ctx: NftContext): boolean {
  switch (o.kind) {
    case 'prefix':
      return addrIn(o.value, ip);
    case 'set-ref':
      return setContains(t, o.name, ip, ctx);
    case 'anon-set':
      return o.values.some((v) => addrIn(v, ip));
  }
}

function ifnameMatches(pattern: string, name: string): boolean {
  return pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern;
}

function fibLocal(ctx: NftContext, ip: string, oif: string | undefined, withOif: boolean): boolean {
  if (withOif && ctx.isLocalAddressOn) return ctx.isLocalAddressOn(ip, oif ?? '');
  return ctx.isLocalAddress(ip);
}

/** Whether one match expression holds for the packet. */
export function matchHolds(t: NftTable, m: NftMatch, p: NftPacket, ctx: NftContext): boolean {
  const neg = (b: boolean, op: '==' | '!=') => (op === '!=' ? !b : b);
  switch (m.kind) {
    case 'ip':
      return neg(operandHas(t, m.operand, m.field === 'saddr' ? p.src : p.dst, ctx), m.op);
    case 'ct-state':
      return m.states.includes(p.ctState);
    case 'mark':
      return neg(((p.mark & m.mask) >>> 0) === (m.value >>> 0), m.op);
    case 'l4proto':
      return p.proto === m.proto;
    case 'dport':
      return p.proto === m.proto && p.dport === m.port;
    case 'fib-type':
      return neg(fibLocal(ctx, m.addr === 'saddr' ? p.src : p.dst, p.oif, m.withOif), m.op);
    case 'ifname':
      return neg(ifnameMatches(m.name, (m.dir === 'iif' ? p.iif : p.oif) ?? ''), m.op);
  }
}

/** The packet's value for a lookup key part; undefined when the packet has none. */
export function keyValue(k: NftKeyExpr, p: NftPacket): string | undefined {
  switch (k) {
    case 'ip saddr':
      return p.src;
    case 'ip daddr':
      return p.dst;
    case 'meta l4proto':
      return p.proto;
    case 'th dport':
      return p.proto === 'icmp' || p.dport === undefined ? undefined : String(p.dport);
    case 'iifname':
      return p.iif ?? '';
    case 'oifname':
      return p.oif ?? '';
  }
}

function keyPartMatches(type: NftKeyType | undefined, element: string, value: string): boolean {
  return type === 'ipv4_addr' ? addrIn(element, value) : element === value;
}

/**
 * The first element of a set or map whose key matches the packet's
 * concatenated key: the exact-key index gives the first exact element, and
 * only the elements that need matching (prefixes) and come before it are scanned.
 */
export function lookupElement<S extends NftSetLike>(s: S, values: (string | undefined)[]): S['elements'][number] | undefined {
  if (values.some((v) => v === undefined)) return undefined;
  const vals = values as string[];
  const elements = s.elements as S['elements'][number][];
  const matches = (e: S['elements'][number]): boolean => e.key.length === vals.length && e.key.every((k, i) => keyPartMatches(s.type[i], k, vals[i]!));
  const ix = elementIndex(s);
  const exact = exactCandidate(s, ix, vals);
  if (exact === 'scan' || (exact !== undefined && !matches(elements[exact]!))) return elements.find(matches);
  for (const i of ix.loose) {
    if (exact !== undefined && i > exact) break;
    if (matches(elements[i]!)) return elements[i];
  }
  return exact === undefined ? undefined : elements[exact];
}
