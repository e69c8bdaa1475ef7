/**
 * Shared pieces of Felix's iptables rendering: its mark bits, IP-set names,
 * and small builders for rules in the form `iptables-save` lists them.
 *
 * Marks: Felix takes single bits from IptablesMarkMask (default 0xffff0000)
 * from the bottom up — accept 0x10000, pass 0x20000, scratch0 0x40000,
 * scratch1 0x80000 — so its "all Calico mark bits" mask is 0xf0000.
 * @see projectcalico/calico v3.29.6 felix/dataplane/driver.go (NextSingleBitMark order), felix/config/config_params.go (IptablesMarkMask 0xffff0000)
 * @see projectcalico/calico v3.29.6 felix/rules/static.go allCalicoMarkBits
 *
 * Not modelled: the `cali:<hash>` comment Felix puts first on every rule it
 * owns (a hash of the chain name and the rule's own rendering); the comments
 * Felix writes itself ("Unknown interface", …) are kept.
 */
import type { ObjectRef } from '../../../../model/diagnostic';
import type { IptablesArg, IptablesChain, IptablesRule, IptablesTarget } from '../../../iptables/ruleset';

export const MARK_ACCEPT = 0x10000;
export const MARK_PASS = 0x20000;
export const MARK_SCRATCH0 = 0x40000;
export const MARK_SCRATCH1 = 0x80000;
export const ALL_CALICO_MARKS = MARK_ACCEPT | MARK_PASS | MARK_SCRATCH0 | MARK_SCRATCH1;

/**
 * IPv4 IP-set names: `cali40` + set ID (felix/ipsets IPVersionConfig: prefix
 * `cali4` + version byte `0`). Calico ≤ v3.30 names the all-pools set
 * `all-ipam-pools` (v3.31 renamed it `network-ip-pools`).
 * @see projectcalico/calico v3.29.6 felix/rules/rule_defs.go (IPSetIDNATOutgoingAllPools, IPSetIDNATOutgoingMasqPools, IPSetIDAllHostNets, IPSetIDAllVXLANSourceNets)
 */
export const SET_ALL_POOLS = 'cali40all-ipam-pools';
export const SET_MASQ_POOLS = 'cali40masq-ipam-pools';
export const SET_ALL_HOSTS = 'cali40all-hosts-net';
export const SET_ALL_VXLAN = 'cali40all-vxlan-net';

export const FELIX = 'projectcalico/calico v3.29.6';

/** Match builders, in the order iptables-save prints a rule: -s/-d/-i/-o/-p, then comments, then match modules. */
export const m = {
  in: (name: string, neg = false): IptablesArg => ({ kind: 'iface', dir: 'i', neg, name }),
  out: (name: string, neg = false): IptablesArg => ({ kind: 'iface', dir: 'o', neg, name }),
  proto: (name: 'tcp' | 'udp' | 'icmp' | 'ipencap', module = false): IptablesArg => ({ kind: 'protocol', name, module }),
  comment: (text: string): IptablesArg => ({ kind: 'comment', text }),
  dports: (...ports: number[]): IptablesArg => ({ kind: 'multiport', dir: 'd', ports }),
  sports: (...ports: number[]): IptablesArg => ({ kind: 'multiport', dir: 's', ports }),
  /** `-m mark --mark V/M`: MarkSingleBitSet (V = M) and MarkClear (V = 0). */
  mark: (value: number, mask: number): IptablesArg => ({ kind: 'mark', neg: false, value, mask }),
  set: (name: string, dir: 'src' | 'dst', neg = false): IptablesArg => ({ kind: 'set', name, dir, neg }),
  ct: (...states: ('NEW' | 'RELATED' | 'ESTABLISHED' | 'INVALID' | 'DNAT')[]): IptablesArg => ({ kind: 'ctstate', neg: false, states }),
  notCt: (...states: ('NEW' | 'RELATED' | 'ESTABLISHED' | 'INVALID' | 'DNAT')[]): IptablesArg => ({ kind: 'ctstate', neg: true, states }),
  addrtype: (dir: 'src' | 'dst', neg = false, limitIfaceOut = false): IptablesArg => ({ kind: 'addrtype-ext', dir, neg, limitIfaceOut }),
};

/** Target builders: ClearMark(M) = `--set-xmark 0x0/M`, SetMark(M) = `--set-xmark M/M`. */
export const t = {
  jump: (chain: string): IptablesTarget => ({ kind: 'jump', chain }),
  goto: (chain: string): IptablesTarget => ({ kind: 'goto', chain }),
  clearMark: (mask: number): IptablesTarget => ({ kind: 'MARK-xset', value: 0, mask }),
  setMark: (mask: number): IptablesTarget => ({ kind: 'MARK-xset', value: mask, mask }),
  accept: { kind: 'ACCEPT' } as IptablesTarget,
  drop: { kind: 'DROP' } as IptablesTarget,
  ret: { kind: 'RETURN' } as IptablesTarget,
  none: { kind: 'none' } as IptablesTarget,
};

export function rule(args: IptablesArg[], target: IptablesTarget, source: string, owner?: ObjectRef): IptablesRule {
  const r: IptablesRule = { args, target, source };
  if (owner) r.owner = owner;
  return r;
}

export function chain(name: string, rules: IptablesRule[], source: string, owner?: ObjectRef): IptablesChain {
  const c: IptablesChain = { name, rules, source };
  if (owner) c.owner = owner;
  return c;
}
