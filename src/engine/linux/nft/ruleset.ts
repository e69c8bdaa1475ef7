/**
 * A structured model of an nftables ruleset: tables of family `ip`, base and
 * regular chains, named sets and verdict maps, and rules made of match
 * expressions followed by statements.
 *
 * The model holds exactly the objects kube-proxy (nftables mode) and Felix
 * (nftables mode) program, so a trace can point at the line that decided a
 * step. Text is produced in one place (format.ts) and used both by the printer
 * and by the evaluator, so a hit's `ruleText` is always the printed line.
 *
 * Every object carries provenance: `source` (upstream file, DATAPATH-FACTS tag
 * or `assumption: …`) and, where one scenario object produced it, `owner`.
 *
 * Only IPv4 (`ip` family) is modelled: the engine is IPv4-only.
 *
 * @see https://wiki.nftables.org/wiki-nftables/index.php/Configuring_chains
 * @see DATAPATH-FACTS §2 (kube-proxy) and §3 (Calico)
 */
import type { ObjectRef } from '../../model/diagnostic';

/** The five netfilter hooks of the `ip` family that matter for a packet path. */
export type NftHook = 'prerouting' | 'input' | 'forward' | 'output' | 'postrouting';

/** Base chain types used by kube-proxy and Felix (`route` is not modelled). */
export type NftChainType = 'filter' | 'nat';

/** Element types of sets and map keys, as nft names them. */
export type NftKeyType = 'ipv4_addr' | 'inet_proto' | 'inet_service' | 'ifname';

/** Conntrack states as `ct state` names them. */
export type NftCtState = 'new' | 'established' | 'related' | 'invalid';

/** Layer-4 protocol names used in `meta l4proto` and port matches. */
export type NftL4Proto = 'tcp' | 'udp' | 'sctp' | 'icmp';

/** Where a rule, chain or set comes from. `assumption` marks what no source confirms. */
export interface NftProvenance {
  source: string;
  owner?: ObjectRef;
  assumption?: boolean;
}

/** A verdict: ends the rule and says where evaluation continues. */
export type NftVerdict =
  | { kind: 'accept' }
  | { kind: 'drop' }
  | { kind: 'return' }
  | { kind: 'jump'; chain: string }
  | { kind: 'goto'; chain: string };

/** One element of a named set; `key` has one part per concatenated key type. */
export interface NftSetElement {
  key: string[];
  comment?: string;
  owner?: ObjectRef;
}

/** A named set (`set NAME { type …; flags …; }`). Timeout in seconds. */
export interface NftSet extends NftProvenance {
  kind: 'set';
  name: string;
  type: NftKeyType[];
  flags: ('interval' | 'dynamic' | 'timeout')[];
  timeout?: number;
  size?: number;
  comment?: string;
  elements: NftSetElement[];
}

/** One element of a verdict map: key parts and the verdict it dispatches to. */
export interface NftMapElement {
  key: string[];
  verdict: NftVerdict;
  comment?: string;
  owner?: ObjectRef;
}

/** A named verdict map (`map NAME { type K . K : verdict; }`). */
export interface NftMap extends NftProvenance {
  kind: 'vmap';
  name: string;
  type: NftKeyType[];
  comment?: string;
  elements: NftMapElement[];
}

export type NftSetLike = NftSet | NftMap;

/** The right-hand side of an address match: a prefix or address, `@set`, or an anonymous set. */
export type NftAddrOperand =
  | { kind: 'prefix'; value: string }
  | { kind: 'set-ref'; name: string }
  | { kind: 'anon-set'; values: string[] };

/** Match expressions; a rule matches when all of its matches do. */
export type NftMatch =
  | { kind: 'ip'; field: 'saddr' | 'daddr'; op: '==' | '!='; operand: NftAddrOperand }
  | { kind: 'ct-state'; states: NftCtState[] }
  | { kind: 'mark'; mask: number; op: '==' | '!='; value: number }
  | { kind: 'l4proto'; proto: NftL4Proto }
  | { kind: 'dport'; proto: Exclude<NftL4Proto, 'icmp'>; port: number }
  | { kind: 'fib-type'; addr: 'saddr' | 'daddr'; withOif: boolean; op: '==' | '!='; type: 'local' }
  | { kind: 'ifname'; dir: 'iif' | 'oif'; op: '==' | '!='; name: string }
  /** `tcp dport { 8080-8081, 9000 }` (Felix's policy port matches); ranges are inclusive. */
  | { kind: 'ports'; proto: Exclude<NftL4Proto, 'icmp'>; dir: 'sport' | 'dport'; ranges: [number, number][] }
  /** `ip daddr . meta l4proto . tcp dport @set` (Felix's named-port sets); `proto` names `th` as nft lists it. */
  | { kind: 'concat-set'; key: NftKeyExpr[]; set: string; proto?: Exclude<NftL4Proto, 'icmp'> };

/** Packet fields a concatenated lookup key is built from. */
export type NftKeyExpr = 'ip saddr' | 'ip daddr' | 'meta l4proto' | 'th dport' | 'iifname' | 'oifname';

/** Statements, executed in order once all matches hold. */
export type NftStatement =
  | { kind: 'verdict'; verdict: NftVerdict }
  | { kind: 'reject' }
  | { kind: 'vmap'; key: NftKeyExpr[]; map: string }
  | { kind: 'numgen-vmap'; mod: number; targets: NftVerdict[] }
  /** `or`/`xor`: mark op value; `and`: mark & value; `and-or`: (mark & mask) | value (Felix's SetMaskedMark). */
  | { kind: 'mark-set'; op: 'or' | 'xor' | 'and' | 'and-or'; value: number; mask?: number }
  | { kind: 'dnat'; addr: string; port?: number }
  | { kind: 'snat'; addr: string; fullyRandom: boolean }
  | { kind: 'masquerade'; fullyRandom: boolean }
  | { kind: 'set-update'; set: string; key: NftKeyExpr }
  /** A rule counter (Felix puts one on every rule with an action); no effect on the verdict. */
  | { kind: 'counter' };

export interface NftRule extends NftProvenance {
  match: NftMatch[];
  stmt: NftStatement[];
  comment?: string;
}

/** Hook registration of a base chain. Priority as a number (dstnat = -100, srcnat = 100). */
export interface NftBaseChainSpec {
  type: NftChainType;
  hook: NftHook;
  priority: number;
  policy: 'accept' | 'drop';
}

export interface NftChain extends NftProvenance {
  name: string;
  /** Present for base chains only. */
  base?: NftBaseChainSpec;
  comment?: string;
  rules: NftRule[];
}

/** A table. Sets/maps print before chains, each in list order (as `nft list` shows creation order). */
export interface NftTable extends NftProvenance {
  family: 'ip';
  name: string;
  comment?: string;
  sets: NftSetLike[];
  chains: NftChain[];
}

/** Standard priorities (netfilter `NF_IP_PRI_*`) under their nft names. */
export const NFT_PRIORITY = { raw: -300, mangle: -150, dstnat: -100, filter: 0, security: 50, srcnat: 100 } as const;

/** `family name` of a table, e.g. `ip kube-proxy` (the StepLocation.table form). */
export function tableId(t: Pick<NftTable, 'family' | 'name'>): string {
  return `${t.family} ${t.name}`;
}

/** Finds a chain by name; undefined when absent. */
export function findChain(t: NftTable, name: string): NftChain | undefined {
  return t.chains.find((c) => c.name === name);
}

/** Finds a set or map by name; undefined when absent. */
export function findSet(t: NftTable, name: string): NftSetLike | undefined {
  return t.sets.find((s) => s.name === name);
}

/** Shorthands for building rules. */
export const verdict = {
  accept: { kind: 'accept' } as NftVerdict,
  drop: { kind: 'drop' } as NftVerdict,
  return: { kind: 'return' } as NftVerdict,
  jump: (chain: string): NftVerdict => ({ kind: 'jump', chain }),
  goto: (chain: string): NftVerdict => ({ kind: 'goto', chain }),
};

/** A rule builder: `rule(source, [matches], [statements], {comment, owner})`. */
export function rule(
  source: string,
  match: NftMatch[],
  stmt: NftStatement[],
  extra: { comment?: string; owner?: ObjectRef; assumption?: boolean } = {},
): NftRule {
  const r: NftRule = { match, stmt, source };
  if (extra.comment !== undefined) r.comment = extra.comment;
  if (extra.owner !== undefined) r.owner = extra.owner;
  if (extra.assumption) r.assumption = true;
  return r;
}

/** A statement that is just a verdict. */
export function verdictStmt(v: NftVerdict): NftStatement {
  return { kind: 'verdict', verdict: v };
}
