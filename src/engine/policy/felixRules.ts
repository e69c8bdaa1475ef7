/**
 * One policy rule as the NftRules Felix renders for it in a policy chain
 * (felix/rules/policy.go ProtoRuleToIptablesRules, CalculateRuleMatch,
 * CombineMatchAndActionsForProtoRule; nftables match syntax from
 * felix/nftables/match_builder.go), written in the form `nft list ruleset`
 * prints (a port match implies its protocol, so nft drops `meta l4proto`).
 *
 * - Selectors become IP sets `cali40s-<id>` (hash:ip), named ports
 *   `cali40n-<id>` (ip . proto . port); a rule's nets stay inline.
 * - Match order: protocol, source net, source set, source ports, destination
 *   net, destination set, destination ports, named ports, negated nets.
 * - More than one numeric-port split plus named ports, more than one net, or
 *   a net with negated nets (ipBlock `except`) need match blocks that
 *   compute the result in the scratch mark bits first (matchBlockBuilder).
 * - Allow: set the accept mark, then `return` on it; Pass: the pass mark and
 *   `return`; Deny: the drop mark, then `drop` on it. Log is not rendered
 *   (it changes no verdict; not modelled).
 *
 * Assumption: set IDs are a SHA-1 of the selector text as packetwalk
 * prints it (Felix hashes its own canonical selector with SHA-224), so set
 * names differ from a real node's; the members are the same.
 */
import { sha1Bytes } from '../model/macs';
import type { NftMatch, NftRule, NftSet, NftStatement } from '../linux/nft/ruleset';
import { rule, verdict, verdictStmt } from '../linux/nft/ruleset';
import type { PolicyEndpoint } from './endpoints';
import { namedPortMembers, peerMembers } from './endpoints';
import type { EntityRule, Policy, PolicyRule, PortMatch } from './model';
import { formatSelector } from './selectors';

/** Felix's mark bits with the default mask 0xffff0000 (felix/dataplane/driver.go allocation order). */
export const FELIX_MARK = { accept: 0x10000, pass: 0x20000, drop: 0x40000, scratch0: 0x80000, scratch1: 0x100000 } as const;

export const SRC_POLICY = 'C30 felix/rules/policy.go ProtoRuleToIptablesRules; felix/nftables/match_builder.go';

/** Set-building state shared by every chain of one node's table. */
export interface SetBook {
  sets: Map<string, NftSet>;
  all: readonly PolicyEndpoint[];
}

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** 22 base64url characters of the text's SHA-1 (132 bits). */
function setId(text: string): string {
  const b = sha1Bytes(text);
  let out = '';
  for (let i = 0; i + 2 < b.length && out.length < 22; i += 3) {
    const n = (b[i]! << 16) | (b[i + 1]! << 8) | b[i + 2]!;
    out += B64URL[(n >> 18) & 63]! + B64URL[(n >> 12) & 63]! + B64URL[(n >> 6) & 63]! + B64URL[n & 63]!;
  }
  return out.slice(0, 22);
}

const not = (m: number): number => (~m >>> 0);
const markSet = (op: 'or' | 'and', value: number): NftStatement => ({ kind: 'mark-set', op, value });
const bitSet = (bit: number): NftMatch => ({ kind: 'mark', mask: bit, op: '==', value: bit });
const bitClear = (bit: number): NftMatch => ({ kind: 'mark', mask: bit, op: '==', value: 0 });

/** The selector's set (members are the selected endpoints' IPs). */
function selectorSet(e: EntityRule, p: Policy, book: SetBook): string | undefined {
  const members = peerMembers(e, p, book.all);
  if (!members) return undefined;
  const scope = e.namespaceSelector ? `ns(${formatSelector(e.namespaceSelector)})` : p.namespace !== undefined ? `ns == '${p.namespace}'` : 'all namespaces';
  const text = `${formatSelector(e.selector!)} / ${scope}`;
  const name = `cali40s-${setId(text)}`;
  if (!book.sets.has(name)) {
    const ips = [...new Set(members.map((m) => m.ip))];
    book.sets.set(name, { kind: 'set', name, type: ['ipv4_addr'], flags: [], elements: ips.map((ip) => ({ key: [ip] })), source: 'C30 felix/ipsets (selector IP set, hash:ip); assumption: set id', assumption: true });
  }
  return name;
}

/** A named port's set: `ip . proto . port` of the endpoints the peer selects (all in the policy's scope without a selector). */
function namedPortSet(name: string, e: EntityRule, r: PolicyRule, p: Policy, book: SetBook): string {
  const eps = peerMembers(e.selector ? e : { ...e, selector: { op: 'all' } }, p, book.all) ?? [];
  const text = `port ${name}/${r.protocol ?? 'any'} of ${e.selector ? formatSelector(e.selector) : 'all()'} in ${p.namespace ?? 'all namespaces'}`;
  const setName = `cali40n-${setId(text)}`;
  if (!book.sets.has(setName)) {
    const els = namedPortMembers(name, r.protocol, eps).map((m) => ({ key: [m.ip, m.protocol.toLowerCase(), String(m.port)] }));
    book.sets.set(setName, { kind: 'set', name: setName, type: ['ipv4_addr', 'inet_proto', 'inet_service'], flags: [], elements: els, source: 'C30 felix/ipsets (named port IP set, hash:ip,port); assumption: set id', assumption: true });
  }
  return setName;
}

type Proto = 'tcp' | 'udp' | 'sctp';

const rangesOf = (ports: PortMatch[]): [number, number][] => ports.flatMap((x) => (x.kind === 'range' ? [[x.first, x.last] as [number, number]] : []));
const namedOf = (ports: PortMatch[]): string[] => ports.flatMap((x) => (x.kind === 'named' ? [x.name] : []));

/** The 15-port splits of SplitPortList (a range counts as two). */
function splitPorts(ranges: [number, number][]): [number, number][][] {
  const out: [number, number][][] = [];
  let cur: [number, number][] = [];
  let n = 0;
  for (const r of ranges) {
    const w = r[0] === r[1] ? 1 : 2;
    if (n + w > 15) {
      out.push(cur);
      cur = [];
      n = 0;
    }
    cur.push(r);
    n += w;
  }
  if (cur.length) out.push(cur);
  return out;
}

/** Felix's matchBlockBuilder: blocks that AND into scratch0, each OR-ing its own rules. */
class Blocks {
  rules: NftRule[] = [];
  used = false;
  private firstPositiveDone = false;
  constructor(private readonly source: string) {}
  private initial(bits: number): void {
    if (this.used) return;
    this.rules.push(rule(this.source, [], [{ kind: 'mark-set', op: 'and-or', mask: not(FELIX_MARK.scratch0 | FELIX_MARK.scratch1), value: bits }]));
    this.used = true;
  }
  positive(matches: NftMatch[][]): void {
    this.initial(0);
    const bit = this.firstPositiveDone ? FELIX_MARK.scratch1 : FELIX_MARK.scratch0;
    for (const m of matches) this.rules.push(rule(this.source, m, [markSet('or', bit)]));
    if (this.firstPositiveDone) this.rules.push(rule(this.source, [bitClear(FELIX_MARK.scratch1)], [markSet('and', not(FELIX_MARK.scratch0))]));
    this.firstPositiveDone = true;
  }
  negated(matches: NftMatch[][]): void {
    this.initial(FELIX_MARK.scratch0);
    for (const m of matches) this.rules.push(rule(this.source, m, [markSet('and', not(FELIX_MARK.scratch0))]));
  }
}

const ipMatch = (field: 'saddr' | 'daddr', value: string, op: '==' | '!=' = '=='): NftMatch => ({ kind: 'ip', field, op, operand: { kind: 'prefix', value } });

/**
 * The NftRules of one policy rule. `source` is stamped on every rule with
 * the rule's field (`…; rule spec.ingress[0]`) so a trace can name it.
 */
export function renderRule(r: PolicyRule, p: Policy, book: SetBook): NftRule[] {
  if (r.action === 'Log') return [];
  const source = `${SRC_POLICY}; rule ${r.field}`;
  const owner = p.ref;
  const proto = r.protocol && r.protocol !== 'ICMP' ? (r.protocol.toLowerCase() as Proto) : undefined;
  const blocks = new Blocks(source);
  let srcPorts = rangesOf(r.source.ports);
  let dstPorts = rangesOf(r.destination.ports);
  let srcNamed = namedOf(r.source.ports);
  let dstNamed = namedOf(r.destination.ports);
  const portBlock = (dir: 'sport' | 'dport', ranges: [number, number][], named: string[], e: EntityRule) => {
    const splits = splitPorts(ranges);
    if (splits.length + named.length <= 1 || !proto) return false;
    const ms: NftMatch[][] = splits.map((sp) => [{ kind: 'ports', proto, dir, ranges: sp }]);
    for (const n of named) ms.push([{ kind: 'concat-set', key: [dir === 'sport' ? 'ip saddr' : 'ip daddr', 'meta l4proto', 'th dport'], set: namedPortSet(n, e, r, p, book), proto }]);
    blocks.positive(ms);
    return true;
  };
  if (portBlock('sport', srcPorts, srcNamed, r.source)) [srcPorts, srcNamed] = [[], []];
  if (portBlock('dport', dstPorts, dstNamed, r.destination)) [dstPorts, dstNamed] = [[], []];
  let srcNets = r.source.nets;
  let dstNets = r.destination.nets;
  if (srcNets.length > 1) {
    blocks.positive(srcNets.map((n) => [ipMatch('saddr', n)]));
    srcNets = [];
  }
  if (dstNets.length > 1) {
    blocks.positive(dstNets.map((n) => [ipMatch('daddr', n)]));
    dstNets = [];
  }
  let notSrc = r.source.notNets;
  let notDst = r.destination.notNets;
  if (srcNets.length + notSrc.length > 1) {
    blocks.negated(notSrc.map((n) => [ipMatch('saddr', n)]));
    notSrc = [];
  }
  if (dstNets.length + notDst.length > 1) {
    blocks.negated(notDst.map((n) => [ipMatch('daddr', n)]));
    notDst = [];
  }

  const m: NftMatch[] = [];
  const hasPortMatch = srcPorts.length + dstPorts.length + srcNamed.length + dstNamed.length > 0;
  if (r.protocol && !(hasPortMatch && proto)) m.push({ kind: 'l4proto', proto: proto ?? 'icmp' });
  if (srcNets[0]) m.push(ipMatch('saddr', srcNets[0]));
  const srcSet = selectorSet(r.source, p, book);
  if (srcSet) m.push({ kind: 'ip', field: 'saddr', op: '==', operand: { kind: 'set-ref', name: srcSet } });
  if (srcPorts.length && proto) m.push({ kind: 'ports', proto, dir: 'sport', ranges: srcPorts });
  if (dstNets[0]) m.push(ipMatch('daddr', dstNets[0]));
  const dstSet = selectorSet(r.destination, p, book);
  if (dstSet) m.push({ kind: 'ip', field: 'daddr', op: '==', operand: { kind: 'set-ref', name: dstSet } });
  if (dstPorts.length && proto) m.push({ kind: 'ports', proto, dir: 'dport', ranges: dstPorts });
  for (const n of dstNamed) if (proto) m.push({ kind: 'concat-set', key: ['ip daddr', 'meta l4proto', 'th dport'], set: namedPortSet(n, r.destination, r, p, book), proto });
  for (const n of srcNamed) if (proto) m.push({ kind: 'concat-set', key: ['ip saddr', 'meta l4proto', 'th dport'], set: namedPortSet(n, r.source, r, p, book), proto });
  if (notSrc[0]) m.push(ipMatch('saddr', notSrc[0], '!='));
  if (notDst[0]) m.push(ipMatch('daddr', notDst[0], '!='));
  if (blocks.used) m.push(bitSet(FELIX_MARK.scratch0));

  const bit = r.action === 'Allow' ? FELIX_MARK.accept : r.action === 'Pass' ? FELIX_MARK.pass : FELIX_MARK.drop;
  const final = r.action === 'Deny' ? verdict.drop : verdict.return;
  return [...blocks.rules, rule(source, m, [markSet('or', bit)], { owner }), rule(source, [bitSet(bit)], [verdictStmt(final)], { owner })];
}
