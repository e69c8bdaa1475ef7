/**
 * kube-proxy's per-service-port objects: map elements and the `service-`,
 * `local-`, `external-`, `firewall-` and `endpoint-` chains plus affinity
 * sets, following syncProxyRules of the nftables proxier.
 *
 * Summary of the decisions (all from K4 syncProxyRules):
 * - internal traffic (ClusterIP) goes to `local-…` when
 *   internalTrafficPolicy=Local, else `service-…`; with ITP Local and no
 *   local endpoint the ClusterIP gets `drop` in no-endpoint-services;
 * - external traffic (NodePort, externalIPs, LB ingress) goes to
 *   `external-…`, which masquerades (ETP Cluster) or short-circuits pod and
 *   node traffic to `service-…` and sends the rest to `local-…` (ETP Local);
 *   with ETP Local and no local endpoint, external destinations get `drop`;
 * - a service without usable endpoints gets `goto reject-chain` everywhere;
 * - LoadBalancer source ranges: `firewall-ips` → `firewall-…` drops other
 *   sources (NodePorts are not covered).
 *
 * Rule shapes follow upstream's TestOverallNFTablesRules @81810de (K5): the
 * masquerade rule of a service chain is `ip daddr <clusterIP> ip saddr !=
 * <clusterCIDR> jump mark-for-masquerade` (the @b0f823e proxier also put
 * `tcp dport <port>` in it).
 *
 * @see K4 kubernetes/kubernetes@b0f823e pkg/proxy/nftables/proxier.go (syncProxyRules, writeServiceToEndpointRules)
 * @see K5 kubernetes/kubernetes@81810de pkg/proxy/nftables/proxier_test.go (TestOverallNFTablesRules)
 * @see kubernetes/kubernetes pkg/proxy/serviceport.go (ExternallyAccessible, UsesClusterEndpoints, UsesLocalEndpoints)
 */
import type { ObjectRef } from '../../../model/diagnostic';
import { isIPv4, parseCidr, cidrContains } from '../../../model/ipv4';
import type { EndpointSliceSpec, ServicePortSpec, ServiceSpec } from '../../../model/scenario';
import type { KubeProxySets } from './kubeProxyBase';
import { categorizeEndpoints, endpointsForServicePort, type KubeProxyEndpoint } from '../../../model/serviceEndpoints';
import { endpointNames, servicePortChainNames, servicePortNameString, type ServicePortKey } from './kubeProxyNames';
import type { NftChain, NftL4Proto, NftMap, NftMatch, NftRule, NftSetLike, NftTable, NftVerdict } from '../../nft/ruleset';
import { rule, verdict, verdictStmt } from '../../nft/ruleset';

const SRC = 'K4 pkg/proxy/nftables/proxier.go syncProxyRules';
const SRC_T = 'K5 pkg/proxy/nftables/proxier_test.go@81810de TestOverallNFTablesRules';
const SRC_EP = 'K4 pkg/proxy/nftables/proxier.go writeServiceToEndpointRules';

/** What per-service compilation needs from the node and kube-proxy config. */
export interface ServiceCompileContext {
  table: NftTable;
  sets: KubeProxySets;
  nodeName: string;
  /** The node IP kube-proxy was started with (LB source-range "allow from node"). */
  nodeIP?: string;
  /** Local-traffic detector CIDR (detectLocalMode ClusterCIDR). */
  clusterCIDR?: string;
  masqueradeAll: boolean;
  slices: EndpointSliceSpec[];
}

const markMasq = verdictStmt(verdict.jump('mark-for-masquerade'));

/** Chains by name and element keys per set, kept while the table is built, so adding is O(1) per object (not a scan of all Services'). */
const chainsByName = new WeakMap<NftTable, Map<string, NftChain>>();
const elementKeys = new WeakMap<NftSetLike, Set<string>>();

/** Chains shared by the tables of several nodes (kubeProxyShared.ts): never changed in place. */
const sharedChains = new WeakSet<NftChain>();

function chainIndex(t: NftTable): Map<string, NftChain> {
  let byName = chainsByName.get(t);
  if (!byName || byName.size !== t.chains.length) {
    byName = new Map();
    for (const c of t.chains) if (!byName.has(c.name)) byName.set(c.name, c);
    chainsByName.set(t, byName);
  }
  return byName;
}

/** Puts `c` in place of the shared chain `old` (copy on write). */
function replaceChain(t: NftTable, byName: Map<string, NftChain>, old: NftChain, c: NftChain): NftChain {
  t.chains[t.chains.indexOf(old)] = c;
  byName.set(c.name, c);
  return c;
}

function ensureChain(t: NftTable, name: string, owner: ObjectRef): NftChain {
  const byName = chainIndex(t);
  let c = byName.get(name);
  if (c && sharedChains.has(c)) return replaceChain(t, byName, c, { ...c, rules: [...c.rules] });
  if (!c) {
    c = { name, rules: [], source: SRC, owner };
    t.chains.push(c);
    byName.set(name, c);
  }
  return c;
}

/** Marks chains as shared by several tables: from now on they are copied before a change. */
export function markShared(chains: readonly NftChain[]): void {
  for (const c of chains) sharedChains.add(c);
}

/**
 * Adds a chain (marked shared) that other nodes' tables hold too; a chain of
 * that name already in the table gets its rules appended instead (what
 * ensureChain would do).
 */
export function addSharedChain(t: NftTable, c: NftChain): void {
  const byName = chainIndex(t);
  const had = byName.get(c.name);
  if (had) {
    replaceChain(t, byName, had, { ...had, rules: [...had.rules, ...c.rules] });
    return;
  }
  t.chains.push(c);
  byName.set(c.name, c);
}

/** Whether the set or map already has an element with this key; remembers it otherwise (the caller then adds it). */
export function claimKey(m: NftSetLike, key: string[]): boolean {
  let keys = elementKeys.get(m);
  if (!keys || keys.size !== m.elements.length) {
    keys = new Set(m.elements.map((x) => x.key.join(' . ')));
    elementKeys.set(m, keys);
  }
  const k = key.join(' . ');
  if (keys.has(k)) return false;
  keys.add(k);
  return true;
}

/** Adds a map element unless one with the same key exists (kube-proxy's nftElementStorage keys by element key). */
function addMapElement(m: NftMap, key: string[], v: NftVerdict, owner: ObjectRef, comment?: string): void {
  if (!claimKey(m, key)) return;
  const e: NftMap['elements'][number] = { key, verdict: v, owner };
  if (comment !== undefined) e.comment = comment;
  m.elements.push(e);
}

/** Whether the Service object is reachable other than by ClusterIP (apiservice.ExternallyAccessible). */
function serviceExternallyAccessible(svc: ServiceSpec): boolean {
  return svc.type === 'NodePort' || svc.type === 'LoadBalancer' || (svc.type === 'ClusterIP' && svc.externalIPs.length > 0);
}

/** Adds everything kube-proxy writes for one port of one Service. Skips what is not IPv4. */
export function addServicePort(cx: ServiceCompileContext, svc: ServiceSpec, port: ServicePortSpec): void {
  const clusterIP = svc.clusterIP;
  if (!clusterIP || !isIPv4(clusterIP) || !Number.isInteger(port.port)) return;
  const proto = port.protocol.toLowerCase() as Exclude<NftL4Proto, 'icmp'>;
  const key: ServicePortKey = { namespace: svc.namespace, name: svc.name, proto, port: port.name ?? '' };
  const names = servicePortChainNames(key);
  const spName = servicePortNameString(key);
  const owner = svc.ref;
  const t = cx.table;
  const p = String(port.port);

  const externalIPs = svc.externalIPs.filter(isIPv4);
  // Assumption: every LoadBalancer ingress IP is VIP mode (ipMode is not in the scenario model).
  const lbVIPs = svc.loadBalancerIngress.filter(isIPv4);
  const sourceRanges = svc.loadBalancerSourceRanges.map((r) => r.trim()).filter((r) => parseCidr(r) !== undefined);
  const nodePort = port.nodePort ?? 0;
  const externallyAccessible = nodePort !== 0 || lbVIPs.length > 0 || externalIPs.length > 0;
  const externalPolicyLocal = serviceExternallyAccessible(svc) && svc.externalTrafficPolicy === 'Local';
  const internalPolicyLocal = svc.internalTrafficPolicy === 'Local';
  const usesClusterEps = !internalPolicyLocal || externallyAccessible;
  const usesLocalEps = internalPolicyLocal || (externalPolicyLocal && externallyAccessible);
  const affinity = svc.sessionAffinity === 'ClientIP';

  const eps = endpointsForServicePort(svc, port, cx.slices, cx.nodeName);
  const cat = categorizeEndpoints(eps, usesClusterEps, usesLocalEps);
  const hasEndpoints = cat.hasAny;

  const usesClusterChain = cat.cluster.length > 0 && usesClusterEps;
  const usesLocalChain = cat.local.length > 0 && usesLocalEps;
  if (usesClusterChain) ensureChain(t, names.cluster, owner);
  if (usesLocalChain) ensureChain(t, names.local, owner);

  const internalChain = internalPolicyLocal ? names.local : names.cluster;
  const hasInternal = hasEndpoints && !(internalPolicyLocal && cat.local.length === 0);
  const externalPolicyChain = externalPolicyLocal ? names.local : names.cluster;
  const hasExternal = hasEndpoints && !(externalPolicyLocal && cat.local.length === 0);
  const usesExternalChain = hasEndpoints && externallyAccessible;
  if (usesExternalChain) ensureChain(t, names.external, owner);
  const internalVerdict: NftVerdict = hasEndpoints ? verdict.drop : verdict.goto('reject-chain');
  const externalVerdict: NftVerdict = hasEndpoints ? verdict.drop : verdict.goto('reject-chain');

  // Map elements.
  const s = cx.sets;
  if (claimKey(s.clusterIps, [clusterIP])) s.clusterIps.elements.push({ key: [clusterIP], owner });
  if (hasInternal) addMapElement(s.serviceIps, [clusterIP, proto, p], verdict.goto(internalChain), owner);
  else addMapElement(s.noEndpointServices, [clusterIP, proto, p], internalVerdict, owner, spName);
  for (const ip of externalIPs) {
    if (hasEndpoints) addMapElement(s.serviceIps, [ip, proto, p], verdict.goto(names.external), owner);
    if (!hasExternal) addMapElement(s.noEndpointServices, [ip, proto, p], externalVerdict, owner, spName);
  }
  const usesFirewall = lbVIPs.length > 0 && sourceRanges.length > 0;
  if (usesFirewall) ensureChain(t, names.firewall, owner);
  for (const ip of lbVIPs) {
    if (hasEndpoints) addMapElement(s.serviceIps, [ip, proto, p], verdict.goto(names.external), owner);
    if (usesFirewall) addMapElement(s.firewallIps, [ip, proto, p], verdict.goto(names.firewall), owner);
  }
  if (!hasExternal) for (const ip of lbVIPs) addMapElement(s.noEndpointServices, [ip, proto, p], externalVerdict, owner, spName);
  if (nodePort !== 0) {
    if (hasEndpoints) addMapElement(s.serviceNodeports, [proto, String(nodePort)], verdict.goto(names.external), owner);
    if (!hasExternal) addMapElement(s.noEndpointNodeports, [proto, String(nodePort)], externalVerdict, owner, spName);
  }

  // Internal traffic: masquerade off-cluster clients of the ClusterIP.
  const toClusterIP: NftMatch = { kind: 'ip', field: 'daddr', op: '==', operand: { kind: 'prefix', value: clusterIP } };
  if (hasInternal) {
    const c = ensureChain(t, internalChain, owner);
    if (cx.masqueradeAll) {
      c.rules.push(
        rule('assumption: K4 masqueradeAll rule, without the `tcp dport` clause as in K5', [toClusterIP], [markMasq], { owner, assumption: true }),
      );
    } else if (cx.clusterCIDR) {
      const notLocal: NftMatch = { kind: 'ip', field: 'saddr', op: '!=', operand: { kind: 'prefix', value: cx.clusterCIDR } };
      c.rules.push(rule(SRC_T, [toClusterIP, notLocal], [markMasq], { owner }));
    }
  }

  // External traffic.
  if (usesExternalChain) {
    const c = ensureChain(t, names.external, owner);
    if (!externalPolicyLocal) {
      c.rules.push(rule(SRC_T, [], [markMasq], { owner }));
    } else {
      if (cx.clusterCIDR) {
        const fromPods: NftMatch = { kind: 'ip', field: 'saddr', op: '==', operand: { kind: 'prefix', value: cx.clusterCIDR } };
        c.rules.push(rule(SRC_T, [fromPods], [verdictStmt(verdict.goto(names.cluster))], { owner, comment: 'short-circuit pod traffic' }));
      }
      const fromNode: NftMatch = { kind: 'fib-type', addr: 'saddr', withOif: false, op: '==', type: 'local' };
      c.rules.push(rule(SRC_T, [fromNode], [markMasq], { owner, comment: 'masquerade local traffic' }));
      c.rules.push(rule(SRC_T, [fromNode], [verdictStmt(verdict.goto(names.cluster))], { owner, comment: 'short-circuit local traffic' }));
    }
    if (hasExternal) c.rules.push(rule(SRC_T, [], [verdictStmt(verdict.goto(externalPolicyChain))], { owner }));
  }

  // LoadBalancerSourceRanges.
  if (usesFirewall) {
    const sources = [...sourceRanges];
    const nodeIP = cx.nodeIP;
    if (nodeIP && isIPv4(nodeIP) && sourceRanges.some((r) => cidrContains(parseCidr(r)!, nodeIP))) sources.push(...lbVIPs);
    const c = ensureChain(t, names.firewall, owner);
    const notAllowed: NftMatch = { kind: 'ip', field: 'saddr', op: '!=', operand: { kind: 'anon-set', values: sources } };
    c.rules.push(rule(SRC_T, [notAllowed], [verdictStmt(verdict.drop)], { owner }));
  }

  // Session affinity sets, one per reachable endpoint.
  const epNames = (e: KubeProxyEndpoint) => endpointNames(key, e.ip, e.port);
  if (affinity) {
    const timeout = svc.sessionAffinityTimeout > 0 ? svc.sessionAffinityTimeout : 10800;
    for (const e of cat.allReachable) {
      t.sets.push({
        kind: 'set',
        name: epNames(e).affinitySet,
        type: ['ipv4_addr'],
        // Assumption: `size 65535` is what nft (1.0.6 here) fills in for a dynamic set declared without a size.
        size: 65535,
        flags: ['dynamic', 'timeout'],
        timeout,
        elements: [],
        source: `${SRC} (affinity set)`,
        owner,
      });
    }
  }

  const writeServiceToEndpoints = (chainName: string, list: KubeProxyEndpoint[]) => {
    const c = ensureChain(t, chainName, owner);
    if (affinity) {
      for (const e of list) {
        const n = epNames(e);
        const inSet: NftMatch = { kind: 'ip', field: 'saddr', op: '==', operand: { kind: 'set-ref', name: n.affinitySet } };
        c.rules.push(rule(SRC_EP, [inSet], [verdictStmt(verdict.goto(n.chain))], { owner: e.owner }));
      }
    }
    const targets = list.map((e) => verdict.goto(epNames(e).chain));
    c.rules.push(rule(SRC_EP, [], [{ kind: 'numgen-vmap', mod: list.length, targets }], { owner }));
  };
  if (usesClusterChain) writeServiceToEndpoints(names.cluster, cat.cluster);
  if (usesLocalChain) writeServiceToEndpoints(names.local, cat.local);

  // Endpoint chains: hairpin masquerade, affinity update, DNAT.
  for (const e of cat.allReachable) {
    const n = epNames(e);
    ensureChain(t, n.chain, e.owner).rules.push(...endpointRules(e, n, proto, affinity));
  }
}

/**
 * An endpoint chain's rules are the same on every node, so the nodes share
 * the rule objects (a cluster with 100,000 endpoints would otherwise hold
 * them once per compiled node). Read-only once built; bounded, emptied when full.
 */
const endpointRuleCache = new Map<string, readonly NftRule[]>();
const MAX_CACHED_ENDPOINTS = 1 << 20;

function endpointRules(e: KubeProxyEndpoint, n: { chain: string; affinitySet: string }, proto: Exclude<NftL4Proto, 'icmp'>, affinity: boolean): readonly NftRule[] {
  const key = `${n.chain} ${proto} ${affinity} ${e.owner.namespace ?? ''}/${e.owner.name}`;
  const hit = endpointRuleCache.get(key);
  if (hit) return hit;
  const rules: NftRule[] = [rule(SRC_T, [{ kind: 'ip', field: 'saddr', op: '==', operand: { kind: 'prefix', value: e.ip } }], [markMasq], { owner: e.owner })];
  if (affinity) rules.push(rule(SRC_T, [], [{ kind: 'set-update', set: n.affinitySet, key: 'ip saddr' }], { owner: e.owner }));
  rules.push(rule(SRC_T, [{ kind: 'l4proto', proto }], [{ kind: 'dnat', addr: e.ip, port: e.port }], { owner: e.owner }));
  if (endpointRuleCache.size >= MAX_CACHED_ENDPOINTS) endpointRuleCache.clear();
  endpointRuleCache.set(key, rules);
  return rules;
}
