/**
 * iptables rule text, the only place it is made: a rule prints as the
 * arguments kube-proxy passes to iptables-restore, in its order
 * (`-A KUBE-SERVICES -m comment --comment "ns/svc:p80 cluster IP" -m tcp -p tcp
 * -d 10.96.0.10 --dport 53 -j KUBE-SVC-…`), and a table as an
 * iptables-restore block (`*nat`, chain lines, rules, `COMMIT`) — the form
 * `iptables-save` prints and `iptables-restore --test` accepts. (The kernel
 * lists the same rules with `-d 10.96.0.10/32` and the matches regrouped.)
 *
 * @see kubernetes pkg/util/iptables/save_restore.go (MakeChainLine)
 */
import type { IptablesArg, IptablesChain, IptablesRule, IptablesTable, IptablesTarget } from './ruleset';
import { iptablesRuleId } from '../../model/ruleIds';
import { ViewLines, type ViewText } from '../../model/viewLines';

const hex = (n: number): string => `0x${(n >>> 0).toString(16)}`;

/** A comment argument is quoted when it holds a space (kube-proxy quotes those itself). */
function quote(text: string): string {
  return /[\s"]/.test(text) ? `"${text.replaceAll('"', '\\"')}"` : text;
}

function formatArg(a: IptablesArg): string {
  switch (a.kind) {
    case 'comment':
      return `-m comment --comment ${quote(a.text)}`;
    case 'proto':
      return `-m ${a.proto} -p ${a.proto}`;
    case 'addr':
      return `${a.neg ? '! ' : ''}-${a.dir} ${a.cidr}`;
    case 'dport':
      return `--dport ${a.port}`;
    case 'addrtype':
      return `-m addrtype --${a.dir}-type ${a.type}`;
    case 'mark':
      return `-m mark ${a.neg ? '! ' : ''}--mark ${hex(a.value)}/${hex(a.mask)}`;
    case 'ctstate':
      return `-m conntrack ${a.neg ? '! ' : ''}--ctstate ${a.states.join(',')}`;
    case 'statistic':
      return `-m statistic --mode random --probability ${a.probability}`;
    case 'recent-set':
      return `-m recent --name ${a.name} --set`;
    case 'recent-check':
      return `-m recent --name ${a.name} --rcheck --seconds ${a.seconds} --reap`;
    case 'nfacct':
      return `-m nfacct --nfacct-name ${a.name}`;
    case 'iface':
      return `${a.neg ? '! ' : ''}-${a.dir} ${a.name}`;
    case 'protocol':
      return `-p ${a.name}${a.module ? ` -m ${a.name}` : ''}`;
    case 'multiport':
      return `-m multiport --${a.dir}ports ${a.ports.join(',')}`;
    case 'set':
      return `-m set ${a.neg ? '! ' : ''}--match-set ${a.name} ${a.dir}`;
    case 'rpfilter':
      return `-m rpfilter --validmark${a.invert ? ' --invert' : ''}`;
    case 'addrtype-ext':
      return `-m addrtype ${a.neg ? '! ' : ''}--${a.dir}-type LOCAL${a.limitIfaceOut ? ' --limit-iface-out' : ''}`;
  }
}

function formatTarget(t: IptablesTarget): string {
  switch (t.kind) {
    case 'jump':
      return `-j ${t.chain}`;
    case 'MARK':
      return `-j MARK --${t.op}-mark ${hex(t.value)}`;
    case 'MASQUERADE':
      return `-j MASQUERADE${t.randomFully ? ' --random-fully' : ''}`;
    case 'DNAT':
      return `-j DNAT --to-destination ${t.ip}:${t.port}`;
    case 'MARK-xset':
      return `-j MARK --set-xmark ${hex(t.value)}/${hex(t.mask)}`;
    case 'goto':
      return `-g ${t.chain}`;
    case 'none':
      return '';
    default:
      return `-j ${t.kind}`;
  }
}

/** `-A CHAIN args… -j TARGET`: one line of the restore input. */
export function formatIptablesRule(chain: string, r: IptablesRule): string {
  return [`-A ${chain}`, ...r.args.map(formatArg), formatTarget(r.target)].filter((x) => x !== '').join(' ');
}

function chainLine(c: IptablesChain): string {
  return `:${c.name} ${c.base ? 'ACCEPT' : '-'} [0:0]`;
}

/** One table: `*name`, built-in then kube-proxy chain lines, the rules chain by chain (each with its id, model/ruleIds.ts), `COMMIT`. */
function tableView(out: ViewLines, t: IptablesTable): void {
  out.add(`*${t.name}`);
  for (const c of t.chains) out.add(chainLine(c));
  for (const c of t.chains) c.rules.forEach((r, i) => out.add(formatIptablesRule(c.name, r), iptablesRuleId(t.name, c.name, i)));
  out.add('COMMIT');
}

/** All tables, as `iptables-save` prints them (filter before nat, as kube-proxy writes them). */
export function printIptablesSave(tables: IptablesTable[]): string {
  return iptablesSaveView(tables).text;
}

/** `printIptablesSave` with the id of each rule's line. */
export function iptablesSaveView(tables: IptablesTable[]): ViewText {
  const out = new ViewLines();
  for (const t of tables) tableView(out, t);
  return out.build();
}
