/**
 * A structured model of iptables tables as kube-proxy and Felix write them:
 * tables (`raw`, `mangle`, `filter`, `nat`), built-in chains (hooked, policy
 * ACCEPT) and the components' own chains, and rules as an ordered list of
 * match arguments plus a target. The argument order is kept because it is
 * part of the text (format.ts prints it in that order): kube-proxy's rules as
 * it hands them to iptables-restore, Felix's as `iptables-save` lists them
 * (the ip header matches -s/-d/-i/-o/-p first, then the match modules).
 *
 * Evaluation (evaluate.ts) runs these tables through the same netfilter hook
 * walk as nftables tables (nft/evaluate.ts walkHook): with iptables-nft the
 * built-in chains ARE nftables base chains (`table ip nat`, `chain
 * PREROUTING { type nat hook prerouting priority dstnat }`), and with
 * iptables-legacy they sit at the same hook priorities (NF_IP_PRI_NAT_DST …).
 *
 * @see iptables-restore(8), iptables-extensions(8)
 */
import type { NftBaseChainSpec, NftProvenance } from '../nft/ruleset';

export type IptablesTableName = 'raw' | 'mangle' | 'filter' | 'nat';

export type IptablesCtState = 'NEW' | 'RELATED' | 'ESTABLISHED' | 'INVALID' | 'DNAT';

/** Match arguments, printed in list order. */
export type IptablesArg =
  | { kind: 'comment'; text: string }
  /** `-m tcp -p tcp` (kube-proxy always loads the protocol's match module with it). */
  | { kind: 'proto'; proto: 'tcp' | 'udp' | 'sctp' }
  | { kind: 'addr'; dir: 's' | 'd'; neg: boolean; cidr: string }
  /** `--dport N` (needs a `proto` argument before it). */
  | { kind: 'dport'; port: number }
  | { kind: 'addrtype'; dir: 'src' | 'dst'; type: 'LOCAL' }
  | { kind: 'mark'; neg: boolean; value: number; mask: number }
  | { kind: 'ctstate'; neg: boolean; states: IptablesCtState[] }
  /** `-m statistic --mode random --probability P`, P as kube-proxy prints it (%0.10f of 1/n). */
  | { kind: 'statistic'; probability: string }
  | { kind: 'recent-set'; name: string }
  | { kind: 'recent-check'; name: string; seconds: number }
  | { kind: 'nfacct'; name: string }
  /** `-i NAME` / `-o NAME` (a trailing `+` matches every name with that prefix). */
  | { kind: 'iface'; dir: 'i' | 'o'; neg: boolean; name: string }
  /** `-p NAME` as iptables-save prints it (`udp`, `ipencap` = IP protocol 4), with `-m NAME` when the rule uses the protocol's own match module. */
  | { kind: 'protocol'; name: 'tcp' | 'udp' | 'icmp' | 'ipencap'; module?: boolean }
  /** `-m multiport --dports|--sports P[,P…]`. */
  | { kind: 'multiport'; dir: 'd' | 's'; ports: number[] }
  /** `-m set [!] --match-set NAME src|dst`: membership in an ipset. */
  | { kind: 'set'; name: string; dir: 'src' | 'dst'; neg: boolean }
  /** `-m rpfilter --validmark --invert`: the reverse-path check failed. */
  | { kind: 'rpfilter'; invert: boolean }
  /** `-m addrtype [!] --src-type LOCAL [--limit-iface-out]` (negated / per-interface forms Felix uses). */
  | { kind: 'addrtype-ext'; dir: 'src' | 'dst'; neg: boolean; limitIfaceOut: boolean };

export type IptablesTarget =
  | { kind: 'jump'; chain: string }
  | { kind: 'ACCEPT' | 'DROP' | 'RETURN' | 'REJECT' }
  | { kind: 'MARK'; op: 'or' | 'xor'; value: number }
  /** `-j MARK --set-xmark V/M`: mark = (mark & ~M) ^ V (Felix's set and clear of its mark bits). */
  | { kind: 'MARK-xset'; value: number; mask: number }
  /** `-g CHAIN`: goto — a RETURN from there returns to the chain that jumped here. */
  | { kind: 'goto'; chain: string }
  /** `-j NOTRACK` (iptables-nft lists CT --notrack as NOTRACK): no conntrack entry for the packet. */
  | { kind: 'NOTRACK' }
  | { kind: 'MASQUERADE'; randomFully: boolean }
  | { kind: 'DNAT'; ip: string; port: number }
  /** A rule without `-j` (kube-proxy's "other traffic … will be dropped by KUBE-PROXY-FIREWALL"): counts, then falls through. */
  | { kind: 'none' };

export interface IptablesRule extends NftProvenance {
  args: IptablesArg[];
  target: IptablesTarget;
  /** For a KUBE-SVC/KUBE-SVL rule to an endpoint chain: the endpoint (not printed; names the random choice). */
  endpoint?: { ip: string; port: number };
  /** In a built-in chain: the rule goes after every other component's (Felix's AppendRules); default: inserted first. Not printed. */
  position?: 'append';
}

export interface IptablesChain extends NftProvenance {
  name: string;
  /** Built-in chains are hooked; their policy is ACCEPT here. */
  base?: NftBaseChainSpec;
  rules: IptablesRule[];
}

export interface IptablesTable extends NftProvenance {
  name: IptablesTableName;
  chains: IptablesChain[];
}

/** The built-in chains of a table as iptables registers them (NF_IP_PRI_NAT_DST = -100, NF_IP_PRI_NAT_SRC = 100, NF_IP_PRI_FILTER = 0). */
export const BUILTIN_CHAINS: Record<IptablesTableName, { name: string; base: NftBaseChainSpec }[]> = {
  // NF_IP_PRI_RAW = -300, NF_IP_PRI_MANGLE = -150 (mangle OUTPUT is a `route` chain in nftables terms; it only re-routes on a changed mark).
  raw: [
    { name: 'PREROUTING', base: { type: 'filter', hook: 'prerouting', priority: -300, policy: 'accept' } },
    { name: 'OUTPUT', base: { type: 'filter', hook: 'output', priority: -300, policy: 'accept' } },
  ],
  mangle: [
    { name: 'PREROUTING', base: { type: 'filter', hook: 'prerouting', priority: -150, policy: 'accept' } },
    { name: 'INPUT', base: { type: 'filter', hook: 'input', priority: -150, policy: 'accept' } },
    { name: 'FORWARD', base: { type: 'filter', hook: 'forward', priority: -150, policy: 'accept' } },
    { name: 'OUTPUT', base: { type: 'filter', hook: 'output', priority: -150, policy: 'accept' } },
    { name: 'POSTROUTING', base: { type: 'filter', hook: 'postrouting', priority: -150, policy: 'accept' } },
  ],
  nat: [
    { name: 'PREROUTING', base: { type: 'nat', hook: 'prerouting', priority: -100, policy: 'accept' } },
    { name: 'INPUT', base: { type: 'nat', hook: 'input', priority: 100, policy: 'accept' } },
    { name: 'OUTPUT', base: { type: 'nat', hook: 'output', priority: -100, policy: 'accept' } },
    { name: 'POSTROUTING', base: { type: 'nat', hook: 'postrouting', priority: 100, policy: 'accept' } },
  ],
  filter: [
    { name: 'INPUT', base: { type: 'filter', hook: 'input', priority: 0, policy: 'accept' } },
    { name: 'FORWARD', base: { type: 'filter', hook: 'forward', priority: 0, policy: 'accept' } },
    { name: 'OUTPUT', base: { type: 'filter', hook: 'output', priority: 0, policy: 'accept' } },
  ],
};

/** `ip nat` / `ip filter`: the table as iptables-nft names it in the kernel (the StepLocation.table form). */
export function iptablesTableId(t: Pick<IptablesTable, 'name'>): string {
  return `ip ${t.name}`;
}
