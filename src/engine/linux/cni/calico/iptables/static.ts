/**
 * Felix's static iptables chains (iptables dataplane, Felix ≤ v3.30 naming)
 * for the default configuration of a Kubernetes node: no host endpoints, no
 * IPVS, WireGuard, BPF or OpenStack special cases; DefaultEndpointToHostAction
 * ACCEPT (the manifest's FELIX_DEFAULTENDPOINTTOHOSTACTION and the operator
 * both set it); failsafe ports at their defaults.
 *
 * Where they hook (InternalDataplane.setUpIptablesNormal): Felix inserts one
 * jump at the top of each built-in chain it uses — raw PREROUTING/OUTPUT,
 * mangle PREROUTING/POSTROUTING, filter INPUT/FORWARD/OUTPUT, nat
 * PREROUTING/OUTPUT — and keeps it first; it *appends* nat POSTROUTING → 
 * cali-POSTROUTING (after kube-proxy's masquerade, so kube-proxy's mark is
 * cleared first) and two rules at the end of filter FORWARD.
 *
 * Not modelled: cali-wireguard-incoming-mark (raw; not reached without
 * WireGuard), the encapsulated packets' own pass through these chains (the
 * trace shows the inner packet; cali-INPUT's VXLAN/IPIP source checks and
 * the NOTRACK rules act on outer packets).
 *
 * @see projectcalico/calico v3.29.6 felix/rules/static.go (StaticRawPreroutingChain, StaticRawOutputChain, StaticManglePreroutingChain, StaticManglePostroutingChain, filterInputChain, filterWorkloadToHostChain, StaticFilterForwardChains, StaticFilterForwardAppendRules, filterOutputChain, StaticNATPostroutingChains, failsafeInChain, failsafeOutChain)
 * @see projectcalico/calico v3.29.6 felix/rules/nat.go (NATOutgoingChain, makeNATOutgoingRuleIPTables)
 * @see projectcalico/calico v3.29.6 felix/dataplane/linux/int_dataplane.go (setUpIptablesNormal)
 */
import type { IptablesChain, IptablesRule, IptablesTable, IptablesTableName } from '../../../iptables/ruleset';
import { BUILTIN_CHAINS } from '../../../iptables/ruleset';
import { ALL_CALICO_MARKS, chain, FELIX, m, MARK_ACCEPT, MARK_SCRATCH0, rule, SET_ALL_HOSTS, SET_ALL_POOLS, SET_ALL_VXLAN, SET_MASQ_POOLS, t } from './rules';

const STATIC = `${FELIX} felix/rules/static.go`;
const HOOKS = `${FELIX} felix/dataplane/linux/int_dataplane.go setUpIptablesNormal`;
const NAT = `${FELIX} felix/rules/nat.go NATOutgoingChain`;
const EMPTY = `${FELIX} felix/dataplane/linux/endpoint_mgr.go (dispatch chains; empty without host endpoints)`;
const WL = 'cali+';

/** What the static chains depend on. */
export interface FelixStaticInput {
  /** VXLANEnabled: some pool uses VXLAN; the port and whether this node has a tunnel address. */
  vxlan?: { port: number; tunnelAddr: boolean };
  /** IPIPEnabled: some pool uses IPIP; whether this node has a tunl0 address. */
  ipip?: { tunnelAddr: boolean };
  /** Some enabled pool has natOutgoing (the masq manager's "active"). */
  natOutgoing: boolean;
}

/** FailsafeInboundHostPorts / FailsafeOutboundHostPorts defaults (felix/config/config_params.go). */
const FAILSAFE_IN: ['tcp' | 'udp', number][] = [['tcp', 22], ['udp', 68], ['tcp', 179], ['tcp', 2379], ['tcp', 2380], ['tcp', 5473], ['tcp', 6443], ['tcp', 6666], ['tcp', 6667]];
const FAILSAFE_OUT: ['tcp' | 'udp', number][] = [['udp', 53], ['udp', 67], ['tcp', 179], ['tcp', 2379], ['tcp', 2380], ['tcp', 5473], ['tcp', 6443], ['tcp', 6666], ['tcp', 6667]];

function failsafe(table: IptablesTableName): IptablesChain[] {
  const src = `${STATIC} failsafeInChain/failsafeOutChain; ports: felix/config/config_params.go defaults`;
  const inRules = FAILSAFE_IN.map(([p, port]) => rule([m.proto(p), m.dports(port)], t.accept, src));
  const outRules = FAILSAFE_OUT.map(([p, port]) => rule([m.proto(p), m.dports(port)], t.accept, src));
  if (table === 'raw') {
    inRules.push(...FAILSAFE_OUT.map(([p, port]) => rule([m.proto(p), m.sports(port)], t.accept, src)));
    outRules.push(...FAILSAFE_IN.map(([p, port]) => rule([m.proto(p), m.sports(port)], t.accept, src)));
  }
  return [chain('cali-failsafe-in', inRules, src), chain('cali-failsafe-out', outRules, src)];
}

function raw(i: FelixStaticInput): IptablesChain[] {
  const notrack = i.vxlan ? [rule([m.proto('udp', true), { kind: 'dport', port: i.vxlan.port }], { kind: 'NOTRACK' }, `${STATIC} StaticRawPreroutingChain (VXLAN NOTRACK)`)] : [];
  const pre = `${STATIC} StaticRawPreroutingChain`;
  const out = `${STATIC} StaticRawOutputChain`;
  return [
    chain('cali-PREROUTING', [
      rule([], t.clearMark(ALL_CALICO_MARKS), pre),
      ...notrack,
      rule([m.in(WL)], t.setMark(MARK_SCRATCH0), `${pre} (markFromWorkload = scratch0)`),
      rule([m.mark(MARK_SCRATCH0, MARK_SCRATCH0)], t.jump('cali-rpf-skip'), pre),
      rule([m.mark(MARK_SCRATCH0, MARK_SCRATCH0), { kind: 'rpfilter', invert: true }], t.drop, `${STATIC} RPFilter (strict reverse-path check for workload traffic)`),
      rule([m.mark(0, MARK_SCRATCH0)], t.jump('cali-from-host-endpoint'), pre),
      rule([m.mark(MARK_ACCEPT, MARK_ACCEPT)], t.accept, pre),
    ], pre),
    chain('cali-OUTPUT', [
      rule([], t.clearMark(ALL_CALICO_MARKS), out),
      rule([], t.jump('cali-to-host-endpoint'), out),
      ...notrack.map((r) => ({ ...r, source: `${out} (VXLAN NOTRACK)` })),
      rule([m.mark(MARK_ACCEPT, MARK_ACCEPT)], t.accept, out),
    ], out),
    chain('cali-rpf-skip', [], `${FELIX} felix/rules/rule_defs.go ChainRpfSkip (empty: no workload allowed to spoof sources)`),
    chain('cali-from-host-endpoint', [], EMPTY),
    chain('cali-to-host-endpoint', [], EMPTY),
    ...failsafe('raw'),
  ];
}

function mangle(): IptablesChain[] {
  const pre = `${STATIC} StaticManglePreroutingChain`;
  const post = `${STATIC} StaticManglePostroutingChain`;
  return [
    chain('cali-PREROUTING', [
      rule([m.ct('RELATED', 'ESTABLISHED')], t.accept, pre),
      rule([m.mark(MARK_ACCEPT, MARK_ACCEPT)], t.accept, pre),
      rule([], t.jump('cali-from-host-endpoint'), pre),
      rule([m.comment('Host endpoint policy accepted packet.'), m.mark(MARK_ACCEPT, MARK_ACCEPT)], t.accept, pre),
    ], pre),
    chain('cali-POSTROUTING', [
      rule([m.mark(MARK_ACCEPT, MARK_ACCEPT)], t.ret, post),
      rule([], t.clearMark(ALL_CALICO_MARKS), post),
      rule([m.ct('DNAT')], t.jump('cali-to-host-endpoint'), post),
      rule([m.comment('Host endpoint policy accepted packet.'), m.mark(MARK_ACCEPT, MARK_ACCEPT)], t.ret, post),
    ], post),
    chain('cali-from-host-endpoint', [], EMPTY),
    chain('cali-to-host-endpoint', [], EMPTY),
    ...failsafe('mangle'),
  ];
}

function filter(i: FelixStaticInput): IptablesChain[] {
  const inp = `${STATIC} filterInputChain`;
  const outp = `${STATIC} filterOutputChain`;
  const fwd = `${STATIC} StaticFilterForwardChains`;
  const input: IptablesRule[] = [];
  const output: IptablesRule[] = [rule([m.mark(MARK_ACCEPT, MARK_ACCEPT)], t.accept, outp), rule([m.out(WL)], t.ret, outp)];
  if (i.ipip) {
    input.push(
      rule([m.proto('ipencap'), m.comment('Allow IPIP packets from Calico hosts'), m.set(SET_ALL_HOSTS, 'src'), m.addrtype('dst')], t.accept, inp),
      rule([m.proto('ipencap'), m.comment('Drop IPIP packets from non-Calico hosts')], t.drop, inp),
    );
    output.push(rule([m.proto('ipencap'), m.comment('Allow IPIP packets to other Calico hosts'), m.set(SET_ALL_HOSTS, 'dst'), m.addrtype('src', false, true)], t.accept, outp));
  }
  if (i.vxlan) {
    const port = i.vxlan.port;
    input.push(
      rule([m.proto('udp'), m.comment('Allow IPv4 VXLAN packets from allowed hosts'), m.dports(port), m.set(SET_ALL_VXLAN, 'src'), m.addrtype('dst')], t.accept, inp),
      rule([m.proto('udp'), m.comment('Drop IPv4 VXLAN packets from non-allowed hosts'), m.dports(port), m.addrtype('dst')], t.drop, inp),
    );
    output.push(rule([m.proto('udp'), m.comment('Allow IPv4 VXLAN packets to other allowed hosts'), m.dports(port), m.addrtype('src', false, true), m.set(SET_ALL_VXLAN, 'dst')], t.accept, outp));
  }
  input.push(
    rule([m.in(WL)], t.goto('cali-wl-to-host'), inp),
    rule([m.mark(MARK_ACCEPT, MARK_ACCEPT)], t.accept, `${inp} (acceptAlreadyAccepted)`),
    rule([], t.clearMark(ALL_CALICO_MARKS), inp),
    rule([], t.jump('cali-from-host-endpoint'), inp),
    rule([m.comment('Host endpoint policy accepted packet.'), m.mark(MARK_ACCEPT, MARK_ACCEPT)], t.accept, inp),
  );
  output.push(
    rule([], t.clearMark(ALL_CALICO_MARKS), outp),
    rule([m.notCt('DNAT')], t.jump('cali-to-host-endpoint'), outp),
    rule([m.comment('Host endpoint policy accepted packet.'), m.mark(MARK_ACCEPT, MARK_ACCEPT)], t.accept, outp),
  );
  const wl = `${STATIC} filterWorkloadToHostChain`;
  return [
    chain('cali-INPUT', input, inp),
    chain('cali-wl-to-host', [rule([], t.jump('cali-from-wl-dispatch'), wl), rule([m.comment('Configured DefaultEndpointToHostAction')], t.accept, `${wl}; FELIX_DEFAULTENDPOINTTOHOSTACTION=ACCEPT (manifest, operator)`)], wl),
    chain('cali-FORWARD', [
      rule([], t.clearMark(ALL_CALICO_MARKS & ~MARK_ACCEPT), fwd),
      rule([m.mark(0, MARK_ACCEPT)], t.jump('cali-from-hep-forward'), fwd),
      rule([m.in(WL)], t.jump('cali-from-wl-dispatch'), fwd),
      rule([m.out(WL)], t.jump('cali-to-wl-dispatch'), fwd),
      rule([], t.jump('cali-to-hep-forward'), fwd),
      rule([], t.jump('cali-cidr-block'), fwd),
    ], fwd),
    chain('cali-OUTPUT', output, outp),
    chain('cali-from-host-endpoint', [], EMPTY),
    chain('cali-to-host-endpoint', [], EMPTY),
    chain('cali-from-hep-forward', [], EMPTY),
    chain('cali-to-hep-forward', [], EMPTY),
    chain('cali-cidr-block', [], `${FELIX} felix/rules/nat.go BlockedCIDRsToIptablesChains (no blocked CIDRs: service IPs not advertised)`),
    ...failsafe('filter'),
  ];
}

function nat(i: FelixStaticInput): IptablesChain[] {
  const post = `${STATIC} StaticNATPostroutingChains`;
  const postRules = [rule([], t.jump('cali-fip-snat'), post), rule([], t.jump('cali-nat-outgoing'), post)];
  // Host → remote pod through a tunnel: a local source that is not the tunnel's own address is masqueraded to it.
  const tunnels = [...(i.ipip?.tunnelAddr ? ['tunl0'] : []), ...(i.vxlan?.tunnelAddr ? ['vxlan.calico'] : [])];
  for (const dev of tunnels) postRules.push(rule([m.out(dev), m.addrtype('src', true, true), m.addrtype('src')], { kind: 'MASQUERADE', randomFully: true }, `${post} (tunnel source); --random-fully: assumption (MASQFullyRandom detected)`));
  const natOut = i.natOutgoing
    ? [rule([m.set(SET_MASQ_POOLS, 'src'), m.set(SET_ALL_POOLS, 'dst', true)], { kind: 'MASQUERADE', randomFully: true }, `${NAT}, makeNATOutgoingRuleIPTables; --random-fully: assumption (MASQFullyRandom detected)`)]
    : [];
  return [
    chain('cali-PREROUTING', [rule([], t.jump('cali-fip-dnat'), `${STATIC} StaticNATPreroutingChains`)], `${STATIC} StaticNATPreroutingChains`),
    chain('cali-POSTROUTING', postRules, post),
    chain('cali-OUTPUT', [rule([], t.jump('cali-fip-dnat'), `${STATIC} StaticNATOutputChains`)], `${STATIC} StaticNATOutputChains`),
    chain('cali-nat-outgoing', natOut, NAT),
    chain('cali-fip-dnat', [], `${FELIX} felix/rules/nat.go DNATsToIptablesChains (no floating IPs in a Kubernetes scenario)`),
    chain('cali-fip-snat', [], `${FELIX} felix/rules/nat.go SNATsToIptablesChains (no floating IPs in a Kubernetes scenario)`),
  ];
}

/** The built-in chains with Felix's jumps: inserted first, or appended (`position: 'append'`) where Felix appends. */
function builtins(table: IptablesTableName): IptablesChain[] {
  const jumpsTo: Record<IptablesTableName, Record<string, string>> = {
    raw: { PREROUTING: 'cali-PREROUTING', OUTPUT: 'cali-OUTPUT' },
    mangle: { PREROUTING: 'cali-PREROUTING', POSTROUTING: 'cali-POSTROUTING' },
    filter: { INPUT: 'cali-INPUT', FORWARD: 'cali-FORWARD', OUTPUT: 'cali-OUTPUT' },
    nat: { PREROUTING: 'cali-PREROUTING', OUTPUT: 'cali-OUTPUT', POSTROUTING: 'cali-POSTROUTING' },
  };
  return BUILTIN_CHAINS[table].map((b) => {
    const to = jumpsTo[table][b.name];
    const rules: IptablesRule[] = to ? [rule([], t.jump(to), HOOKS)] : [];
    if (table === 'nat' && b.name === 'POSTROUTING') rules[0]!.position = 'append';
    if (table === 'filter' && b.name === 'FORWARD') {
      const src = `${STATIC} StaticFilterForwardAppendRules`;
      rules.push(
        { ...rule([m.comment('Policy explicitly accepted packet.'), m.mark(MARK_ACCEPT, MARK_ACCEPT)], t.accept, src), position: 'append' },
        { ...rule([], t.setMark(MARK_ACCEPT), src), position: 'append' },
      );
    }
    return { name: b.name, base: b.base, rules, source: HOOKS };
  });
}

/** Felix's static tables: built-in chains with its jumps, then its own chains. `extraFilter` adds the endpoint chains. */
export function felixStaticTables(i: FelixStaticInput, extraFilter: IptablesChain[]): IptablesTable[] {
  // iptables-save lists the built-in chains first, then the others by name.
  const byName = (a: IptablesChain, b: IptablesChain) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const make = (name: IptablesTableName, own: IptablesChain[]): IptablesTable => ({ name, chains: [...builtins(name), ...[...own].sort(byName)], source: HOOKS });
  return [make('raw', raw(i)), make('mangle', mangle()), make('filter', [...filter(i), ...extraFilter]), make('nat', nat(i))];
}
