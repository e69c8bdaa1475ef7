/**
 * Several components writing one node's iptables tables (Felix and
 * kube-proxy): there is one `nat`, one `filter`… per node, so their chains
 * meet in the same tables and in the same built-in chains.
 *
 * In a built-in chain, rules a component inserts come first (Felix inserts
 * its jumps and keeps them at the top: ChainInsertMode insert), then the
 * other component's, then the rules a component appends (Felix's nat
 * POSTROUTING jump and the end of filter FORWARD). User chains are listed
 * as iptables-nft-save lists them: built-in chains first, then by name.
 * A table only one component writes is kept as that component wrote it.
 *
 * @see projectcalico/calico v3.29.6 felix/iptables/table.go (insert mode: Felix's rules kept at the top of the kernel chains)
 */
import type { IptablesChain, IptablesTable, IptablesTableName } from './ruleset';
import { BUILTIN_CHAINS } from './ruleset';

const TABLE_ORDER: IptablesTableName[] = ['raw', 'mangle', 'filter', 'nat'];

/** Merges `first` (inserted at the top of built-in chains) with `second`. Never throws. */
export function mergeIptables(first: IptablesTable[], second: IptablesTable[]): IptablesTable[] {
  if (first.length === 0) return second;
  if (second.length === 0) return first;
  const out: IptablesTable[] = [];
  for (const name of TABLE_ORDER) {
    const a = first.find((t) => t.name === name);
    const b = second.find((t) => t.name === name);
    if (!a || !b) {
      if (a ?? b) out.push((a ?? b)!);
      continue;
    }
    const builtinNames = BUILTIN_CHAINS[name].map((c) => c.name);
    const builtins: IptablesChain[] = BUILTIN_CHAINS[name].map((spec) => {
      const ca = a.chains.find((c) => c.name === spec.name);
      const cb = b.chains.find((c) => c.name === spec.name);
      const ra = ca?.rules ?? [];
      return { ...(ca ?? cb ?? { source: a.source }), name: spec.name, base: spec.base, rules: [...ra.filter((r) => r.position !== 'append'), ...(cb?.rules ?? []), ...ra.filter((r) => r.position === 'append')] };
    });
    const own = [...a.chains, ...b.chains].filter((c) => !builtinNames.includes(c.name));
    own.sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
    out.push({ name, chains: [...builtins, ...own], source: `${a.source}; ${b.source}` });
  }
  return out;
}
