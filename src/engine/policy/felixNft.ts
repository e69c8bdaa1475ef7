/**
 * The filter layer of Felix's `table ip calico` (nftables dataplane): the
 * static INPUT/FORWARD/OUTPUT chains, the workload dispatch verdict maps,
 * one to/from chain per workload interface, policy chains and profile
 * chains. Chain names carry Felix's layer prefix `filter-`.
 *
 * - filter-FORWARD jumps to cali-FORWARD, then accepts what policy marked
 *   accepted (StaticFilterForwardAppendRules). cali-FORWARD clears the
 *   marks and sends traffic from/to `cali*` to the dispatch chains, which
 *   look the interface up in a verdict map and `goto` its endpoint chain
 *   (dispatch.go buildSingleDispatchChainsVMAP).
 * - Endpoint chain (endpoints.go endpointIptablesChain): conntrack fast path
 *   (`ct state established,related accept`, invalid drop), clear accept and
 *   pass marks; when policies apply in its direction, the default tier: one
 *   jump per policy (in order) and `return` once one accepted, and at the end
 *   the tier's drop — the default deny once a policy selects the endpoint;
 *   then the profiles (`kns.<namespace>`: allow all) and a final drop.
 * - INPUT: traffic from workloads goes to cali-wl-to-host (egress policy via
 *   the from-dispatch, then DefaultEndpointToHostAction). OUTPUT: Felix does
 *   not police host → local workload traffic (`oifname "cali*" return`).
 *
 * Not modelled: host endpoints (from/to-hep dispatch, failsafes), the
 * cidr-block chain, IPIP/VXLAN/WireGuard allow rules in INPUT/OUTPUT,
 * policy groups (`cali-gi-`/`cali-go-` chains for policies sharing a
 * selector: each policy is jumped to directly, as Felix does for a group of
 * one), service-account profiles `ksa.<ns>.<sa>` (they hold no rules),
 * flow logs (NFLOG) and Log rules. Assumption: DefaultEndpointToHostAction
 * is Accept (Calico's manifests and operator set it; Felix's own default is
 * Drop).
 *
 * @see C30 projectcalico/calico felix/rules/static.go (StaticFilterForwardChains, filterInputChain,
 *   filterWorkloadToHostChain, filterOutputChain), endpoints.go, dispatch.go, policy.go, rule_defs.go
 */
import type { NftChain, NftMap, NftRule, NftSetLike } from '../linux/nft/ruleset';
import { NFT_PRIORITY, rule, verdict, verdictStmt } from '../linux/nft/ruleset';
import { policiesFor, type PolicyEndpoint } from './endpoints';
import { FELIX_MARK, renderRule, type SetBook } from './felixRules';
import { kindName, type Policy } from './model';

const SRC_STATIC = 'C30 felix/rules/static.go';
const SRC_EP = 'C30 felix/rules/endpoints.go endpointIptablesChain';
const SRC_DISPATCH = 'C30 felix/rules/dispatch.go (nftables verdict maps)';

/** A workload interface on this node and its endpoint. */
export interface LocalEndpoint {
  iface: string;
  endpoint: PolicyEndpoint;
}

export interface FelixFilterInput {
  local: LocalEndpoint[];
  all: readonly PolicyEndpoint[];
  policies: readonly Policy[];
  workloadIfacePrefix: string;
}

const not = (m: number): number => (~m >>> 0);
const clearMark = (bits: number, comment?: string): NftRule => rule(SRC_EP, [], [{ kind: 'mark-set', op: 'and', value: not(bits) }], comment ? { comment } : {});
const bitSet = (bit: number) => ({ kind: 'mark' as const, mask: bit, op: '==' as const, value: bit });
const bitClear = (bit: number) => ({ kind: 'mark' as const, mask: bit, op: '==' as const, value: 0 });

/** `filter-cali-pi-knp/demo/web`: PolicyChainName (the ID fits nftables' 256-character limit). */
export function policyChainName(p: Policy, dir: 'ingress' | 'egress'): string {
  return `filter-cali-${dir === 'ingress' ? 'pi' : 'po'}-${p.id}`;
}

function profileChainName(ns: string, dir: 'ingress' | 'egress'): string {
  return `filter-cali-${dir === 'ingress' ? 'pri' : 'pro'}-kns.${ns}`;
}

function endpointChain(ep: LocalEndpoint, dir: 'ingress' | 'egress', input: FelixFilterInput): NftChain {
  const pols = policiesFor(input.policies, ep.endpoint, dir);
  const owner = { kind: 'Pod', namespace: ep.endpoint.namespace, name: ep.endpoint.pod.split('/')[1] ?? '' };
  const rules: NftRule[] = [
    rule(`${SRC_EP} appendConntrackRules`, [{ kind: 'ct-state', states: ['established', 'related'] }], [verdictStmt(verdict.accept)]),
    rule(`${SRC_EP} appendConntrackRules`, [{ kind: 'ct-state', states: ['invalid'] }], [verdictStmt(verdict.drop)]),
    clearMark(FELIX_MARK.accept | FELIX_MARK.pass),
  ];
  if (pols.length > 0) {
    rules.push(clearMark(FELIX_MARK.pass, 'Start of tier default'));
    for (const p of pols) {
      rules.push(rule(SRC_EP, [bitClear(FELIX_MARK.pass)], [verdictStmt(verdict.jump(policyChainName(p, dir)))], { owner: p.ref }));
      rules.push(rule(SRC_EP, [bitSet(FELIX_MARK.accept)], [verdictStmt(verdict.return)], { comment: 'Return if policy accepted', owner: p.ref }));
    }
    rules.push(rule(`${SRC_EP}; default deny`, [bitClear(FELIX_MARK.pass)], [verdictStmt(verdict.drop)], { comment: 'End of tier default. Drop if no policies passed packet', owner }));
  }
  rules.push(rule(SRC_EP, [], [verdictStmt(verdict.jump(profileChainName(ep.endpoint.namespace, dir)))]));
  rules.push(rule(SRC_EP, [bitSet(FELIX_MARK.accept)], [verdictStmt(verdict.return)], { comment: 'Return if profile accepted' }));
  rules.push(rule(SRC_EP, [], [verdictStmt(verdict.drop)], { comment: 'Drop if no profiles matched', owner }));
  return { name: `filter-cali-${dir === 'ingress' ? 'tw' : 'fw'}-${ep.iface}`, rules, source: SRC_EP, owner };
}

/** A policy chain: its rules, trailing returns stripped, the first rule carrying the chain comment. */
function policyChain(p: Policy, dir: 'ingress' | 'egress', book: SetBook): NftChain {
  const rules = (p[dir] ?? []).flatMap((r) => renderRule(r, p, book));
  while (rules.length > 0 && rules[rules.length - 1]!.stmt.some((s) => s.kind === 'verdict' && s.verdict.kind === 'return')) rules.pop();
  const comment = `${kindName(p.kind)} ${p.namespace !== undefined ? `${p.namespace}/` : ''}${p.ref.name} ${dir}`;
  if (rules.length === 0) rules.push(rule('C30 felix/rules/policy.go ProtoRulesToIptablesRules (empty policy)', [], [], { owner: p.ref }));
  rules[0] = { ...rules[0]!, comment: rules[0]!.comment ? `${rules[0]!.comment} ${comment}` : comment };
  const c: NftChain = { name: policyChainName(p, dir), rules, source: 'C30 felix/rules/policy.go PolicyToIptablesChains', owner: p.ref };
  if (p.assumption) c.assumption = true;
  return c;
}

/** The namespace profile `kns.<ns>`: allow everything (NamespaceToProfile). */
function profileChain(ns: string, dir: 'ingress' | 'egress'): NftChain {
  const src = 'C30 felix/rules/policy.go ProfileToIptablesChains; libcalico-go conversion.go NamespaceToProfile (Allow in and out)';
  return { name: profileChainName(ns, dir), rules: [rule(src, [], [{ kind: 'mark-set', op: 'or', value: FELIX_MARK.accept }], { comment: `Profile kns.${ns} ${dir}`, owner: { kind: 'Namespace', name: ns } })], source: src };
}

function dispatch(dir: 'from' | 'to', local: LocalEndpoint[]): { map: NftMap; chain: NftChain } {
  const name = `filter-cali-${dir}-wl-dispatch`;
  const map: NftMap = {
    kind: 'vmap',
    name,
    type: ['ifname'],
    elements: local.map((l) => ({ key: [l.iface], verdict: verdict.goto(`filter-cali-${dir === 'from' ? 'fw' : 'tw'}-${l.iface}`), owner: { kind: 'Pod', namespace: l.endpoint.namespace, name: l.endpoint.pod.split('/')[1] ?? '' } })),
    source: SRC_DISPATCH,
  };
  const chain: NftChain = {
    name,
    rules: [
      rule(SRC_DISPATCH, [], [{ kind: 'vmap', key: [dir === 'from' ? 'iifname' : 'oifname'], map: name }]),
      rule(SRC_DISPATCH, [], [verdictStmt(verdict.drop)], { comment: 'Unknown interface' }),
    ],
    source: SRC_DISPATCH,
  };
  return { map, chain };
}

/** The filter chains and the sets/maps they use; base chains filter-INPUT/FORWARD/OUTPUT included. */
export function compileFelixFilter(input: FelixFilterInput): { sets: NftSetLike[]; chains: NftChain[] } {
  const wl = `${input.workloadIfacePrefix}*`;
  const book: SetBook = { sets: new Map(), all: input.all };
  const base = (hook: 'input' | 'forward' | 'output'): NftChain['base'] => ({ type: 'filter', hook, priority: NFT_PRIORITY.filter, policy: 'accept' });
  const from = dispatch('from', input.local);
  const to = dispatch('to', input.local);
  const calicoBits = FELIX_MARK.accept | FELIX_MARK.pass | FELIX_MARK.scratch0 | FELIX_MARK.scratch1;
  const chains: NftChain[] = [
    { name: 'filter-INPUT', base: base('input'), rules: [rule(SRC_STATIC, [], [verdictStmt(verdict.jump('filter-cali-INPUT'))])], source: SRC_STATIC },
    {
      name: 'filter-FORWARD',
      base: base('forward'),
      rules: [
        rule(SRC_STATIC, [], [verdictStmt(verdict.jump('filter-cali-FORWARD'))]),
        rule(`${SRC_STATIC} StaticFilterForwardAppendRules`, [bitSet(FELIX_MARK.accept)], [verdictStmt(verdict.accept)], { comment: 'Policy explicitly accepted packet.' }),
        rule(`${SRC_STATIC} StaticFilterForwardAppendRules`, [], [{ kind: 'mark-set', op: 'or', value: FELIX_MARK.accept }]),
      ],
      source: SRC_STATIC,
    },
    { name: 'filter-OUTPUT', base: base('output'), rules: [rule(SRC_STATIC, [], [verdictStmt(verdict.jump('filter-cali-OUTPUT'))])], source: SRC_STATIC },
    {
      name: 'filter-cali-INPUT',
      rules: [
        rule(`${SRC_STATIC} filterInputChain`, [{ kind: 'ifname', dir: 'iif', op: '==', name: wl }], [verdictStmt(verdict.goto('filter-cali-wl-to-host'))]),
        rule(`${SRC_STATIC} acceptAlreadyAccepted`, [bitSet(FELIX_MARK.accept)], [verdictStmt(verdict.accept)]),
      ],
      source: `${SRC_STATIC} filterInputChain`,
    },
    {
      name: 'filter-cali-wl-to-host',
      rules: [
        rule(`${SRC_STATIC} filterWorkloadToHostChain`, [], [verdictStmt(verdict.jump(from.chain.name))]),
        rule(`${SRC_STATIC} filterWorkloadToHostChain; assumption: DefaultEndpointToHostAction Accept (as Calico's installs set it)`, [], [verdictStmt(verdict.accept)], { comment: 'Configured DefaultEndpointToHostAction', assumption: true }),
      ],
      source: `${SRC_STATIC} filterWorkloadToHostChain`,
    },
    {
      name: 'filter-cali-FORWARD',
      rules: [
        rule(`${SRC_STATIC} StaticFilterForwardChains`, [], [{ kind: 'mark-set', op: 'and', value: not(calicoBits & ~FELIX_MARK.accept) }]),
        rule(`${SRC_STATIC} StaticFilterForwardChains`, [{ kind: 'ifname', dir: 'iif', op: '==', name: wl }], [verdictStmt(verdict.jump(from.chain.name))]),
        rule(`${SRC_STATIC} StaticFilterForwardChains`, [{ kind: 'ifname', dir: 'oif', op: '==', name: wl }], [verdictStmt(verdict.jump(to.chain.name))]),
      ],
      source: `${SRC_STATIC} StaticFilterForwardChains`,
    },
    {
      name: 'filter-cali-OUTPUT',
      rules: [
        rule(`${SRC_STATIC} acceptAlreadyAccepted`, [bitSet(FELIX_MARK.accept)], [verdictStmt(verdict.accept)]),
        rule(`${SRC_STATIC} filterOutputChain (host → local workload is not policed)`, [{ kind: 'ifname', dir: 'oif', op: '==', name: wl }], [verdictStmt(verdict.return)]),
      ],
      source: `${SRC_STATIC} filterOutputChain`,
    },
    from.chain,
    to.chain,
  ];
  const active = { ingress: new Map<string, Policy>(), egress: new Map<string, Policy>() };
  const namespaces = new Set<string>();
  for (const l of input.local) {
    chains.push(endpointChain(l, 'ingress', input), endpointChain(l, 'egress', input));
    namespaces.add(l.endpoint.namespace);
    for (const dir of ['ingress', 'egress'] as const) for (const p of policiesFor(input.policies, l.endpoint, dir)) active[dir].set(p.id, p);
  }
  for (const dir of ['ingress', 'egress'] as const) for (const p of active[dir].values()) chains.push(policyChain(p, dir, book));
  for (const ns of namespaces) chains.push(profileChain(ns, 'ingress'), profileChain(ns, 'egress'));
  return { sets: [...book.sets.values(), from.map, to.map], chains };
}
