/**
 * Per-table indexes for the per-packet lookups, so a packet's cost does not
 * grow with the number of Services: chains and sets by name, and the
 * elements of every set and verdict map by their exact key — what the
 * kernel's hash sets do for kube-proxy's `service-ips`, `service-nodeports`,
 * … (nft_set_hash), where the model used to scan every element.
 *
 * Elements that are not one exact key (prefixes in interval sets, addresses
 * not written canonically) stay in a short ordered list that is still scanned,
 * so a lookup returns exactly the element the first-match scan returned.
 *
 * Built on a table's first lookup and kept per table object; a table whose
 * chain, set or element counts changed since is indexed anew.
 *
 * @see linux net/netfilter/nft_set_hash.c (exact-key sets and maps), nft_set_rbtree.c (intervals)
 */
import { intToIp, isIPv4, ipToInt } from '../../model/ipv4';
import type { NftHook, NftSetLike, NftTable } from './ruleset';

/** Whether `s` is an IPv4 address written the one way intToIp writes it, so string equality is address equality. */
export function isCanonicalIPv4(s: string): boolean {
  return isIPv4(s) && intToIp(ipToInt(s)) === s;
}

/** The elements of one set or map by exact key, plus the ordered rest. */
export interface ElementIndex {
  /** Joined key → index of the first element with that exact key. */
  exact: Map<string, number>;
  /** Indices (ascending) of elements that need the matching scan. */
  loose: number[];
  /** Addresses (first key part, canonical) of the elements, for `ip saddr @set`. */
  addresses: Set<string>;
  /** Indices (ascending) of elements whose first key part is not a canonical address. */
  looseAddresses: number[];
  count: number;
}

interface TableIndex {
  chains: Map<string, number>;
  sets: Map<string, NftSetLike>;
  /** Base chain indices by hook, in chain order. */
  baseChains: Map<NftHook, number[]>;
  chainCount: number;
  setCount: number;
}

const KEY_SEPARATOR = '\u0000';

/** Whether a key part can be compared by string equality under its type. */
function exactPart(type: NftSetLike['type'][number] | undefined, part: string): boolean {
  return type !== 'ipv4_addr' || isCanonicalIPv4(part);
}

function indexElements(s: NftSetLike): ElementIndex {
  const ix: ElementIndex = { exact: new Map(), loose: [], addresses: new Set(), looseAddresses: [], count: s.elements.length };
  s.elements.forEach((e, i) => {
    if (e.key.every((k, p) => exactPart(s.type[p], k))) {
      const key = e.key.join(KEY_SEPARATOR);
      if (!ix.exact.has(key)) ix.exact.set(key, i);
    } else ix.loose.push(i);
    const first = e.key[0];
    if (first !== undefined && isCanonicalIPv4(first)) ix.addresses.add(first);
    else ix.looseAddresses.push(i);
  });
  return ix;
}

function buildIndex(t: NftTable): TableIndex {
  const chains = new Map<string, number>();
  const baseChains = new Map<NftHook, number[]>();
  t.chains.forEach((c, i) => {
    if (!chains.has(c.name)) chains.set(c.name, i);
    if (c.base) baseChains.set(c.base.hook, [...(baseChains.get(c.base.hook) ?? []), i]);
  });
  const sets = new Map<string, NftSetLike>();
  for (const s of t.sets) if (!sets.has(s.name)) sets.set(s.name, s);
  return { chains, sets, baseChains, chainCount: t.chains.length, setCount: t.sets.length };
}

const indexes = new WeakMap<NftTable, TableIndex>();

function tableIndex(t: NftTable): TableIndex {
  const hit = indexes.get(t);
  if (hit && hit.chainCount === t.chains.length && hit.setCount === t.sets.length) return hit;
  const ix = buildIndex(t);
  indexes.set(t, ix);
  return ix;
}

/** Index of the chain named `name` (the first of that name), or -1. */
export function chainIndex(t: NftTable, name: string): number {
  return tableIndex(t).chains.get(name) ?? -1;
}

/** The set or map named `name` (the first of that name). */
export function indexedSet(t: NftTable, name: string): NftSetLike | undefined {
  return tableIndex(t).sets.get(name);
}

/** Indices of the base chains registered at `hook`, in chain order. */
export function baseChainsAt(t: NftTable, hook: NftHook): readonly number[] {
  return tableIndex(t).baseChains.get(hook) ?? [];
}

const elementIndexes = new WeakMap<NftSetLike, ElementIndex>();

/** The element index of a set or map (built on first use; anew when its element count changed). */
export function elementIndex(s: NftSetLike): ElementIndex {
  let ix = elementIndexes.get(s);
  if (!ix || ix.count !== s.elements.length) {
    ix = indexElements(s);
    elementIndexes.set(s, ix);
  }
  return ix;
}

/** The exact-key candidate for `values` (undefined when none, or when a value is not exact under its type). */
export function exactCandidate(s: NftSetLike, ix: ElementIndex, values: readonly string[]): number | undefined | 'scan' {
  if (!values.every((v, p) => exactPart(s.type[p], v))) return 'scan';
  return ix.exact.get(values.join(KEY_SEPARATOR));
}
