/**
 * Rule text exactly as `nft list ruleset` prints it (checked against nftables
 * 1.0.6 by print.nft.test.ts, which loads our text into a scratch network
 * namespace and lists it back).
 *
 * nft normalises what programs write: kube-proxy writes
 * `mark set mark or 0x4000`, nft lists `meta mark set meta mark | 0x00004000`;
 * `ip daddr { 172.30.0.0/16 }` lists as `ip daddr 172.30.0.0/16`; `/32` is
 * dropped from addresses; anonymous sets are sorted. We print the listed form,
 * since that is what a person sees on the node.
 *
 * @see nftables src/rule.c (chain/set declarations), src/expression.c (set printing)
 */
import { parseCidr } from '../../model/ipv4';
import type {
  NftAddrOperand,
  NftHook,
  NftMatch,
  NftRule,
  NftStatement,
  NftVerdict,
} from './ruleset';
import { NFT_PRIORITY } from './ruleset';

/** `0x00004000`: marks print as 8 hex digits. */
export function formatMark(n: number): string {
  return `0x${(n >>> 0).toString(16).padStart(8, '0')}`;
}

/** `accept`, `drop`, `return`, `jump X`, `goto X`. */
export function formatVerdict(v: NftVerdict): string {
  switch (v.kind) {
    case 'jump':
    case 'goto':
      return `${v.kind} ${v.chain}`;
    default:
      return v.kind;
  }
}

/** An address or prefix as nft lists it: `/32` is implicit. */
export function formatAddr(a: string): string {
  return a.endsWith('/32') ? a.slice(0, -3) : a;
}

/** Sort key of an address or prefix: numeric address, then prefix length. */
export function addrSortKey(a: string): [number, number] {
  const c = parseCidr(a);
  return c ? [c.base, c.len] : [Number.MAX_SAFE_INTEGER, 0];
}

/** Orders addresses/prefixes numerically (nft sorts anonymous sets this way). */
export function compareAddr(a: string, b: string): number {
  const [x, xl] = addrSortKey(a);
  const [y, yl] = addrSortKey(b);
  return x !== y ? x - y : xl - yl;
}

function formatOperand(o: NftAddrOperand): string {
  switch (o.kind) {
    case 'prefix':
      return formatAddr(o.value);
    case 'set-ref':
      return `@${o.name}`;
    case 'anon-set': {
      const vals = [...o.values].sort(compareAddr).map(formatAddr);
      // nft folds a one-element anonymous set into a plain value.
      return vals.length === 1 ? vals[0]! : `{ ${vals.join(', ')} }`;
    }
  }
}

/** One match expression. */
export function formatMatch(m: NftMatch): string {
  switch (m.kind) {
    case 'ip':
      return `ip ${m.field} ${m.op === '!=' ? '!= ' : ''}${formatOperand(m.operand)}`;
    case 'ct-state':
      return `ct state ${m.states.join(',')}`;
    case 'mark':
      // An exact match (flannel's `meta mark 0x4000`) lists without the mask.
      if (m.mask >>> 0 === 0xffffffff) return `meta mark ${m.op === '!=' ? '!= ' : ''}${formatMark(m.value)}`;
      return `meta mark & ${formatMark(m.mask)} ${m.op} ${formatMark(m.value)}`;
    case 'l4proto':
      return `meta l4proto ${m.proto}`;
    case 'dport':
      return `${m.proto} dport ${m.port}`;
    case 'fib-type':
      return `fib ${m.addr}${m.withOif ? ' . oif' : ''} type ${m.op === '!=' ? '!= ' : ''}${m.type}`;
    case 'ifname':
      return `${m.dir}name ${m.op === '!=' ? '!= ' : ''}"${m.name}"`;
    case 'ports': {
      const els = m.ranges.map(([a, b]) => (a === b ? String(a) : `${a}-${b}`));
      return `${m.proto} ${m.dir} ${els.length === 1 ? els[0]! : `{ ${els.join(', ')} }`}`;
    }
    case 'concat-set':
      return `${m.key.map((k) => (k === 'th dport' && m.proto ? `${m.proto} dport` : k)).join(' . ')} @${m.set}`;
  }
}

/** `meta mark set …` as nft lists it: `& mask | value` merges the cleared and set bits of Felix's `mark & m ^ v`. */
function formatMarkSet(s: Extract<NftStatement, { kind: 'mark-set' }>): string {
  switch (s.op) {
    case 'or':
      return `meta mark set meta mark | ${formatMark(s.value)}`;
    case 'xor':
      return `meta mark set meta mark ^ ${formatMark(s.value)}`;
    case 'and':
      return `meta mark set meta mark & ${formatMark(s.value)}`;
    case 'and-or':
      return `meta mark set meta mark & ${formatMark(((s.mask ?? 0xffffffff) | s.value) >>> 0)} | ${formatMark(s.value)}`;
  }
}

/** One statement. */
export function formatStatement(s: NftStatement): string {
  switch (s.kind) {
    case 'verdict':
      return formatVerdict(s.verdict);
    case 'reject':
      return 'reject';
    case 'vmap':
      return `${s.key.join(' . ')} vmap @${s.map}`;
    case 'numgen-vmap':
      return `numgen random mod ${s.mod} vmap { ${s.targets.map((t, i) => `${i} : ${formatVerdict(t)}`).join(', ')} }`;
    case 'mark-set':
      return formatMarkSet(s);
    case 'dnat':
      return `dnat to ${s.addr}${s.port !== undefined ? `:${s.port}` : ''}`;
    case 'snat':
      return `snat to ${s.addr}${s.fullyRandom ? ' fully-random' : ''}`;
    case 'masquerade':
      return `masquerade${s.fullyRandom ? ' fully-random' : ''}`;
    case 'set-update':
      return `update @${s.set} { ${s.key} }`;
    case 'counter':
      // As `nft list ruleset` shows a counter no packet has passed yet.
      return 'counter packets 0 bytes 0';
  }
}

/** A rule as one line, without indentation: matches, statements, then `comment "…"`. */
export function formatRule(r: NftRule): string {
  const parts = [...r.match.map(formatMatch), ...r.stmt.map(formatStatement)];
  if (r.comment !== undefined) parts.push(`comment "${r.comment}"`);
  return parts.join(' ');
}

/**
 * A base-chain priority as nft 1.0.6 names it: a standard name (or name ± up
 * to 10) when that name is valid for the hook (`dstnat` only at prerouting,
 * `srcnat` only at postrouting, the others anywhere), else the number.
 * Observed: prerouting -110 → `dstnat - 10`, output -110 → `-110`,
 * postrouting 110 → `srcnat + 10`, output -100 → `-100`.
 */
export function formatPriority(hook: NftHook, prio: number): string {
  for (const [name, std] of Object.entries(NFT_PRIORITY)) {
    if (name === 'dstnat' && hook !== 'prerouting') continue;
    if (name === 'srcnat' && hook !== 'postrouting') continue;
    const off = prio - std;
    if (off === 0) return name;
    if (Math.abs(off) <= 10) return `${name} ${off > 0 ? '+' : '-'} ${Math.abs(off)}`;
  }
  return String(prio);
}

/** A duration in seconds as nft lists it: `3h`, `1d2h`, `90s` → `1m30s`. */
export function formatDuration(seconds: number): string {
  let s = Math.max(0, Math.floor(seconds));
  if (s === 0) return '0s';
  const units: [string, number][] = [['d', 86400], ['h', 3600], ['m', 60], ['s', 1]];
  let out = '';
  for (const [u, n] of units) {
    const q = Math.floor(s / n);
    if (q > 0) {
      out += `${q}${u}`;
      s -= q * n;
    }
  }
  return out;
}
