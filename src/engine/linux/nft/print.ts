/**
 * `nft list ruleset` text for a list of tables, in the layout nftables 1.0.6
 * prints (tabs, sets/maps before chains, a blank line between objects) and
 * accepted as input by `nft -f`.
 *
 * Differences from a real listing, by design: set and map elements are
 * printed in a stable sorted order (a real listing follows the kernel set
 * backend's order, e.g. hash order for plain sets), rule handles are not
 * printed, and counters show no traffic (`counter packets 0 bytes 0`).
 *
 * @see nftables src/rule.c (table_print, set_print_declaration, chain_print_declaration)
 * @see nftables src/expression.c (calculate_delim: 2 addresses or 5 ports per line)
 */
import { compareAddr, formatAddr, formatDuration, formatPriority, formatRule, formatVerdict } from './format';
import type { NftChain, NftKeyType, NftSetLike, NftTable } from './ruleset';
import { tableId } from './ruleset';
import { nftRuleId } from '../../model/ruleIds';
import { ViewLines, type ViewText } from '../../model/viewLines';

const NEWLINE_DELIM = ',\n\t\t\t     ';

/** How many elements nft prints per line for a key type (0 = one per line). */
function perLine(type: NftKeyType[]): number {
  if (type.length !== 1) return 1;
  switch (type[0]) {
    case 'ipv4_addr':
      return 2;
    case 'inet_proto':
    case 'inet_service':
      return 5;
    default:
      return 1;
  }
}

function formatKeyPart(t: NftKeyType | undefined, v: string): string {
  // nft lists interface names as quoted strings (Felix's dispatch maps are keyed by ifname).
  return t === 'ipv4_addr' ? formatAddr(v) : t === 'ifname' ? `"${v}"` : v;
}

function compareKeyPart(t: NftKeyType | undefined, a: string, b: string): number {
  if (t === 'ipv4_addr') return compareAddr(a, b);
  if (t === 'inet_service') return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareKeys(type: NftKeyType[], a: string[], b: string[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const c = compareKeyPart(type[i], a[i] ?? '', b[i] ?? '');
    if (c !== 0) return c;
  }
  return 0;
}

/** The `elements = { … }` text of a set or map, or undefined when empty. */
export function formatElements(s: NftSetLike): string | undefined {
  if (s.elements.length === 0) return undefined;
  const items = [...s.elements]
    .sort((a, b) => compareKeys(s.type, a.key, b.key))
    .map((e) => {
      const key = e.key.map((k, i) => formatKeyPart(s.type[i], k)).join(' . ');
      const comment = e.comment !== undefined ? ` comment "${e.comment}"` : '';
      return s.kind === 'vmap' && 'verdict' in e ? `${key}${comment} : ${formatVerdict(e.verdict)}` : `${key}${comment}`;
    });
  const n = perLine(s.type);
  let out = '';
  items.forEach((item, i) => {
    if (i > 0) out += i % n === 0 ? NEWLINE_DELIM : ', ';
    out += item;
  });
  return `elements = { ${out} }`;
}

function printSet(s: NftSetLike): string[] {
  const lines = [`\t${s.kind === 'vmap' ? 'map' : 'set'} ${s.name} {`];
  lines.push(`\t\ttype ${s.type.join(' . ')}${s.kind === 'vmap' ? ' : verdict' : ''}`);
  if (s.kind === 'set') {
    if (s.size !== undefined) lines.push(`\t\tsize ${s.size}`);
    if (s.flags.length > 0) lines.push(`\t\tflags ${s.flags.join(',')}`);
    if (s.timeout !== undefined) lines.push(`\t\ttimeout ${formatDuration(s.timeout)}`);
  }
  if (s.comment !== undefined) lines.push(`\t\tcomment "${s.comment}"`);
  const el = formatElements(s);
  if (el !== undefined) lines.push(`\t\t${el}`);
  lines.push('\t}');
  return lines;
}

function printChain(out: ViewLines, table: string, c: NftChain): void {
  out.add(`\tchain ${c.name} {`);
  if (c.comment !== undefined) out.add(`\t\tcomment "${c.comment}"`);
  if (c.base) {
    const b = c.base;
    out.add(`\t\ttype ${b.type} hook ${b.hook} priority ${formatPriority(b.hook, b.priority)}; policy ${b.policy};`);
  }
  c.rules.forEach((r, i) => out.add(`\t\t${formatRule(r)}`, nftRuleId(table, c.name, i)));
  out.add('\t}');
}

/** One table block (`table ip NAME { … }`), each rule's line with its id (model/ruleIds.ts). */
function nftTableView(out: ViewLines, t: NftTable): void {
  out.add(`table ${t.family} ${t.name} {`);
  if (t.comment !== undefined) out.add(`\tcomment "${t.comment}"`);
  let first = true;
  const gap = () => {
    if (!first) out.add('');
    first = false;
  };
  for (const s of t.sets) {
    gap();
    for (const line of printSet(s)) out.add(line);
  }
  for (const c of t.chains) {
    gap();
    printChain(out, tableId(t), c);
  }
  out.add('}');
}

/** One table block (`table ip NAME { … }`). */
export function printNftTable(t: NftTable): string {
  const out = new ViewLines();
  nftTableView(out, t);
  return out.build().text;
}

/** `printNftRuleset` with the id of each rule's line. */
export function nftRulesetView(tables: NftTable[]): ViewText {
  const out = new ViewLines();
  for (const t of tables) {
    nftTableView(out, t);
  }
  // printNftRuleset ends every table with a newline: the text ends in an empty line.
  if (tables.length > 0) out.add('');
  return out.build();
}

/**
 * Prints tables as `nft list ruleset` does: one block per table, back to back,
 * ending in a newline. Empty input gives an empty string.
 *
 * @example
 * printNftRuleset([compileKubeProxyNft(input), compileCalicoNft(calico)])
 */
export function printNftRuleset(tables: NftTable[]): string {
  return tables.map((t) => `${printNftTable(t)}\n`).join('');
}
