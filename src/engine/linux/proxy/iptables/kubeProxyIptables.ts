/**
 * kube-proxy in iptables mode (kubeadm's default: `mode: ""`): Services and
 * EndpointSlices compiled into the `filter` and `nat` chains one node holds,
 * following syncProxyRules of the iptables proxier.
 *
 * - Built-in chains jump to kube-proxy's (iptablesJumpChains, each added with
 *   EnsureRule(Prepend), so the last in that list comes first; kubelet's
 *   KUBE-FIREWALL jumps likewise): filter INPUT → KUBE-FIREWALL,
 *   KUBE-PROXY-FIREWALL, KUBE-NODEPORTS, KUBE-EXTERNAL-SERVICES; FORWARD →
 *   KUBE-PROXY-FIREWALL, KUBE-FORWARD, KUBE-SERVICES, KUBE-EXTERNAL-SERVICES;
 *   OUTPUT → KUBE-FIREWALL, KUBE-PROXY-FIREWALL, KUBE-SERVICES; nat
 *   PREROUTING/OUTPUT → KUBE-SERVICES, POSTROUTING → KUBE-POSTROUTING.
 * - Per service port: KUBE-SERVICES matches the ClusterIP, external IPs and LB
 *   IPs; KUBE-NODEPORTS the node port (also on 127.0.0.0/8 when
 *   localhostNodePorts); KUBE-EXT-* masquerades (ETP Cluster) or
 *   short-circuits pod and node traffic (ETP Local); KUBE-SVC-* / KUBE-SVL-*
 *   pick an endpoint with `-m statistic --mode random --probability 1/(n−i)`;
 *   KUBE-SEP-* masquerades hairpin traffic and DNATs; KUBE-FW-* and
 *   KUBE-PROXY-FIREWALL apply loadBalancerSourceRanges; filter KUBE-SERVICES /
 *   KUBE-EXTERNAL-SERVICES reject (no endpoints) or drop (no local endpoints).
 * - KUBE-POSTROUTING masquerades marked packets with `--random-fully`
 *   (HasRandomFully on every kernel ≥ 3.13); KUBE-FORWARD accepts marked and
 *   established traffic and drops INVALID; KUBE-FIREWALL blocks localnet
 *   connections from outside (route_localnet's hole, issue 90259).
 *
 * Order: kube-proxy walks a Go map, so real rule order between services is
 * arbitrary; we write services sorted by `ns/svc:port` and chains as
 * upstream's tests normalise them (KUBE-NODEPORTS, KUBE-SERVICES, then by
 * name). Not modelled: health-check node ports (the scenario has no
 * healthCheckNodePort), large-cluster mode (comments dropped above 1000
 * endpoints), topology hints.
 *
 * @see kubernetes pkg/proxy/iptables/proxier.go (syncProxyRules, writeServiceToEndpointRules, iptablesJumpChains)
 * @see kubernetes pkg/proxy/iptables/proxier_test.go (TestOverallIPTablesRules)
 */
import type { ObjectRef } from '../../../model/diagnostic';
import { cidrContains, isIPv4, parseCidr } from '../../../model/ipv4';
import { categorizeEndpoints, endpointsForServicePort, endpointString, type KubeProxyEndpoint } from '../../../model/serviceEndpoints';
import type { ServicePortSpec, ServiceSpec } from '../../../model/scenario';
import type { IptablesArg, IptablesChain, IptablesRule, IptablesTable, IptablesTableName, IptablesTarget } from '../../iptables/ruleset';
import { BUILTIN_CHAINS } from '../../iptables/ruleset';
import { nodePortIPs } from '../nftables/kubeProxy';
import { servicePortNameString } from '../nftables/kubeProxyNames';
import type { LinuxServiceProxy, ServiceProxyInput, ServiceProxyRules } from '../proxy';
import { endpointChain, probability, serviceChains } from './names';

const SRC = 'kubernetes pkg/proxy/iptables/proxier.go syncProxyRules';
const SRC_EP = 'kubernetes pkg/proxy/iptables/proxier.go writeServiceToEndpointRules';
const SRC_JUMP = 'kubernetes pkg/proxy/iptables/proxier.go iptablesJumpChains (EnsureRule Prepend)';
const SRC_KUBELET = 'kubernetes pkg/proxy/iptables/proxier.go iptablesKubeletJumpChains (copy of kubelet_network_linux.go)';
/** nfacct counters kube-proxy creates (pkg/proxy/metrics: LocalhostNodePortAcceptedNFAcctCounter, IPTablesCTStateInvalidDroppedNFAcctCounter). */
const NFACCT_LOCALHOST = 'localhost_nps_accepted_pkts';
const NFACCT_INVALID = 'ct_state_invalid_dropped_pkts';

const comment = (text: string): IptablesArg => ({ kind: 'comment', text });
const jump = (chain: string): IptablesTarget => ({ kind: 'jump', chain });

/** Rules per chain in write order, and the chains kube-proxy declares. */
class TableBuilder {
  readonly rules = new Map<string, IptablesRule[]>();
  readonly declared = new Map<string, ObjectRef | undefined>();
  constructor(readonly name: IptablesTableName) {}
  chain(name: string, owner?: ObjectRef): void {
    if (!this.declared.has(name)) this.declared.set(name, owner);
  }
  add(chain: string, args: IptablesArg[], target: IptablesTarget, extra: { source?: string; owner?: ObjectRef; endpoint?: { ip: string; port: number } } = {}): void {
    const r: IptablesRule = { args, target, source: extra.source ?? SRC };
    if (extra.owner) r.owner = extra.owner;
    if (extra.endpoint) r.endpoint = extra.endpoint;
    const list = this.rules.get(chain) ?? [];
    list.push(r);
    this.rules.set(chain, list);
  }
  /** Built-in chains first, then KUBE-NODEPORTS, KUBE-SERVICES and the rest by name. */
  build(builtinRules: Map<string, IptablesRule[]>): IptablesTable {
    const first = ['KUBE-NODEPORTS', 'KUBE-SERVICES'];
    const rest = [...this.declared.keys()].filter((c) => !first.includes(c)).sort();
    const chains: IptablesChain[] = BUILTIN_CHAINS[this.name].map((b) => ({ name: b.name, base: b.base, rules: builtinRules.get(b.name) ?? [], source: SRC_JUMP }));
    for (const name of [...first.filter((c) => this.declared.has(c)), ...rest]) {
      const owner = this.declared.get(name);
      chains.push({ name, rules: this.rules.get(name) ?? [], source: SRC, ...(owner ? { owner } : {}) });
    }
    return { name: this.name, chains, source: SRC };
  }
}

interface Cx {
  input: ServiceProxyInput;
  filter: TableBuilder;
  nat: TableBuilder;
  clusterCIDR?: string;
  nodeIP?: string;
}

/** Everything kube-proxy writes for one port of one Service. */
function addServicePort(cx: Cx, svc: ServiceSpec, port: ServicePortSpec): void {
  const { filter, nat } = cx;
  const clusterIP = svc.clusterIP!;
  const protocol = port.protocol.toLowerCase() as 'tcp' | 'udp' | 'sctp';
  const name = servicePortNameString({ namespace: svc.namespace, name: svc.name, proto: protocol, port: port.name ?? '' });
  const chains = serviceChains(name, protocol);
  const owner = svc.ref;
  const proto: IptablesArg = { kind: 'proto', proto: protocol };
  const dport: IptablesArg = { kind: 'dport', port: port.port };
  const to = (ip: string): IptablesArg => ({ kind: 'addr', dir: 'd', neg: false, cidr: ip });

  const externalIPs = svc.externalIPs.filter(isIPv4);
  // Assumption: every LoadBalancer ingress IP is VIP mode (ipMode is not in the scenario model).
  const lbVIPs = svc.loadBalancerIngress.filter(isIPv4);
  const sourceRanges = svc.loadBalancerSourceRanges.map((r) => r.trim()).filter((r) => parseCidr(r) !== undefined);
  const nodePort = port.nodePort ?? 0;
  const externallyAccessible = nodePort !== 0 || lbVIPs.length > 0 || externalIPs.length > 0;
  // apiservice.ExternallyAccessible (by type) decides the policy; the port's own addresses decide whether it is used.
  const byType = svc.type === 'NodePort' || svc.type === 'LoadBalancer' || (svc.type === 'ClusterIP' && svc.externalIPs.length > 0);
  const externalPolicyLocal = byType && svc.externalTrafficPolicy === 'Local';
  const internalPolicyLocal = svc.internalTrafficPolicy === 'Local';
  const usesClusterEps = !internalPolicyLocal || externallyAccessible;
  const usesLocalEps = internalPolicyLocal || (externalPolicyLocal && externallyAccessible);
  const cat = categorizeEndpoints(endpointsForServicePort(svc, port, cx.input.endpointSlices, cx.input.nodeName), usesClusterEps, usesLocalEps);
  const hasEndpoints = cat.hasAny;
  const usesClusterPolicyChain = cat.cluster.length > 0 && usesClusterEps;
  const usesLocalPolicyChain = cat.local.length > 0 && usesLocalEps;
  const internalChain = internalPolicyLocal ? chains.local : chains.cluster;
  const hasInternal = hasEndpoints && !(internalPolicyLocal && cat.local.length === 0);
  const externalPolicyChain = externalPolicyLocal ? chains.local : chains.cluster;
  const hasExternal = hasEndpoints && !(externalPolicyLocal && cat.local.length === 0);
  const usesExternalChain = hasEndpoints && externallyAccessible;
  const usesFWChain = hasEndpoints && lbVIPs.length > 0 && sourceRanges.length > 0;
  const lbChain = usesFWChain ? chains.firewall : chains.external;

  const noEndpoints = `${name} has no endpoints`;
  const noLocal = `${name} has no local endpoints`;
  const internalFilter: IptablesTarget = { kind: hasEndpoints ? 'DROP' : 'REJECT' };
  const internalFilterComment = hasEndpoints ? noLocal : noEndpoints;
  const externalFilter = internalFilter;
  const externalFilterComment = internalFilterComment;

  if (hasInternal) nat.add('KUBE-SERVICES', [comment(`${name} cluster IP`), proto, to(clusterIP), dport], jump(internalChain), { owner });
  else filter.add('KUBE-SERVICES', [comment(internalFilterComment), proto, to(clusterIP), dport], internalFilter, { owner });

  for (const ip of externalIPs) {
    if (hasEndpoints) nat.add('KUBE-SERVICES', [comment(`${name} external IP`), proto, to(ip), dport], jump(chains.external), { owner });
    if (!hasExternal) filter.add('KUBE-EXTERNAL-SERVICES', [comment(externalFilterComment), proto, to(ip), dport], externalFilter, { owner });
  }
  for (const ip of lbVIPs) {
    if (hasEndpoints) nat.add('KUBE-SERVICES', [comment(`${name} loadbalancer IP`), proto, to(ip), dport], jump(lbChain), { owner });
    if (usesFWChain) filter.add('KUBE-PROXY-FIREWALL', [comment(`${name} traffic not accepted by ${chains.firewall}`), proto, to(ip), dport], { kind: 'DROP' }, { owner });
  }
  if (!hasExternal) for (const ip of lbVIPs) filter.add('KUBE-EXTERNAL-SERVICES', [comment(externalFilterComment), proto, to(ip), dport], externalFilter, { owner });

  if (nodePort !== 0) {
    const np: IptablesArg = { kind: 'dport', port: nodePort };
    if (hasEndpoints) {
      if (cx.input.localhostNodePorts) {
        nat.add('KUBE-NODEPORTS', [comment(name), proto, to('127.0.0.0/8'), np, { kind: 'nfacct', name: NFACCT_LOCALHOST }], jump(chains.external), { owner });
      }
      nat.add('KUBE-NODEPORTS', [comment(name), proto, np], jump(chains.external), { owner });
    }
    if (!hasExternal) filter.add('KUBE-EXTERNAL-SERVICES', [comment(externalFilterComment), { kind: 'addrtype', dir: 'dst', type: 'LOCAL' }, proto, np], externalFilter, { owner });
  }

  // Internal traffic: masquerade off-cluster clients of the ClusterIP.
  if (hasInternal) {
    const args = [comment(`${name} cluster IP`), proto, to(clusterIP), dport];
    if (cx.input.masqueradeAll) nat.add(internalChain, args, jump('KUBE-MARK-MASQ'), { owner });
    else if (cx.clusterCIDR) nat.add(internalChain, [...args, { kind: 'addr', dir: 's', neg: true, cidr: cx.clusterCIDR }], jump('KUBE-MARK-MASQ'), { owner });
  }

  if (usesExternalChain) {
    nat.chain(chains.external, owner);
    if (!externalPolicyLocal) {
      nat.add(chains.external, [comment(`masquerade traffic for ${name} external destinations`)], jump('KUBE-MARK-MASQ'), { owner });
    } else {
      if (cx.clusterCIDR) nat.add(chains.external, [comment(`pod traffic for ${name} external destinations`), { kind: 'addr', dir: 's', neg: false, cidr: cx.clusterCIDR }], jump(chains.cluster), { owner });
      const local: IptablesArg = { kind: 'addrtype', dir: 'src', type: 'LOCAL' };
      nat.add(chains.external, [comment(`masquerade LOCAL traffic for ${name} external destinations`), local], jump('KUBE-MARK-MASQ'), { owner });
      nat.add(chains.external, [comment(`route LOCAL traffic for ${name} external destinations`), local], jump(chains.cluster), { owner });
    }
    if (hasExternal) nat.add(chains.external, [], jump(externalPolicyChain), { owner });
  }

  if (usesFWChain) {
    nat.chain(chains.firewall, owner);
    const c = comment(`${name} loadbalancer IP`);
    let allowFromNode = false;
    for (const r of sourceRanges) {
      nat.add(chains.firewall, [c, { kind: 'addr', dir: 's', neg: false, cidr: r }], jump(chains.external), { owner });
      if (cx.nodeIP && cidrContains(parseCidr(r)!, cx.nodeIP)) allowFromNode = true;
    }
    if (allowFromNode) for (const ip of lbVIPs) nat.add(chains.firewall, [c, { kind: 'addr', dir: 's', neg: false, cidr: ip }], jump(chains.external), { owner });
    nat.add(chains.firewall, [comment(`other traffic to ${name} will be dropped by KUBE-PROXY-FIREWALL`)], { kind: 'none' }, { owner });
  }

  const affinity = svc.sessionAffinity === 'ClientIP';
  const timeout = svc.sessionAffinityTimeout > 0 ? svc.sessionAffinityTimeout : 10800;
  const sep = (e: KubeProxyEndpoint) => endpointChain(name, protocol, endpointString(e));
  const writeServiceToEndpoints = (chain: string, eps: KubeProxyEndpoint[]) => {
    nat.chain(chain, owner);
    if (affinity) {
      for (const e of eps) {
        nat.add(chain, [comment(`${name} -> ${endpointString(e)}`), { kind: 'recent-check', name: sep(e), seconds: timeout }], jump(sep(e)), { source: SRC_EP, owner: e.owner });
      }
    }
    eps.forEach((e, i) => {
      const args: IptablesArg[] = [comment(`${name} -> ${endpointString(e)}`)];
      if (i < eps.length - 1) args.push({ kind: 'statistic', probability: probability(eps.length - i) });
      nat.add(chain, args, jump(sep(e)), { source: SRC_EP, owner: e.owner, endpoint: { ip: e.ip, port: e.port } });
    });
  };
  if (usesClusterPolicyChain) writeServiceToEndpoints(chains.cluster, cat.cluster);
  if (usesLocalPolicyChain) writeServiceToEndpoints(chains.local, cat.local);

  for (const e of cat.allReachable) {
    const chain = sep(e);
    nat.chain(chain, e.owner);
    nat.add(chain, [comment(name), { kind: 'addr', dir: 's', neg: false, cidr: e.ip }], jump('KUBE-MARK-MASQ'), { owner: e.owner });
    const args: IptablesArg[] = [comment(name)];
    if (affinity) args.push({ kind: 'recent-set', name: chain });
    nat.add(chain, [...args, proto], { kind: 'DNAT', ip: e.ip, port: e.port }, { owner: e.owner });
  }
}

/** The jump rules from built-in chains (Prepend: the last listed comes first). */
function builtinJumps(localhostNodePorts: boolean): { filter: Map<string, IptablesRule[]>; nat: Map<string, IptablesRule[]> } {
  const ctNew: IptablesArg = { kind: 'ctstate', neg: false, states: ['NEW'] };
  type Jump = ['filter' | 'nat', string, string, string, IptablesArg[], string];
  const jumps: Jump[] = [
    ['filter', 'KUBE-EXTERNAL-SERVICES', 'INPUT', 'kubernetes externally-visible service portals', [ctNew], SRC_JUMP],
    ['filter', 'KUBE-EXTERNAL-SERVICES', 'FORWARD', 'kubernetes externally-visible service portals', [ctNew], SRC_JUMP],
    ['filter', 'KUBE-NODEPORTS', 'INPUT', 'kubernetes health check service ports', [], SRC_JUMP],
    ['filter', 'KUBE-SERVICES', 'FORWARD', 'kubernetes service portals', [ctNew], SRC_JUMP],
    ['filter', 'KUBE-SERVICES', 'OUTPUT', 'kubernetes service portals', [ctNew], SRC_JUMP],
    ['filter', 'KUBE-FORWARD', 'FORWARD', 'kubernetes forwarding rules', [], SRC_JUMP],
    ['filter', 'KUBE-PROXY-FIREWALL', 'INPUT', 'kubernetes load balancer firewall', [ctNew], SRC_JUMP],
    ['filter', 'KUBE-PROXY-FIREWALL', 'OUTPUT', 'kubernetes load balancer firewall', [ctNew], SRC_JUMP],
    ['filter', 'KUBE-PROXY-FIREWALL', 'FORWARD', 'kubernetes load balancer firewall', [ctNew], SRC_JUMP],
    ['nat', 'KUBE-SERVICES', 'OUTPUT', 'kubernetes service portals', [], SRC_JUMP],
    ['nat', 'KUBE-SERVICES', 'PREROUTING', 'kubernetes service portals', [], SRC_JUMP],
    ['nat', 'KUBE-POSTROUTING', 'POSTROUTING', 'kubernetes postrouting rules', [], SRC_JUMP],
  ];
  if (localhostNodePorts) {
    jumps.push(['filter', 'KUBE-FIREWALL', 'INPUT', '', [], SRC_KUBELET], ['filter', 'KUBE-FIREWALL', 'OUTPUT', '', [], SRC_KUBELET]);
  }
  const out = { filter: new Map<string, IptablesRule[]>(), nat: new Map<string, IptablesRule[]>() };
  for (const [table, dst, src, text, extra, source] of jumps) {
    const args: IptablesArg[] = [...extra, ...(text ? [comment(text)] : [])];
    const list = out[table].get(src) ?? [];
    list.unshift({ args, target: jump(dst), source });
    out[table].set(src, list);
  }
  return out;
}

/** Compiles kube-proxy's iptables rules for one node. Never throws; what is not IPv4 is skipped. */
export function compileKubeProxyIptables(input: ServiceProxyInput): ServiceProxyRules {
  const bit = Number.isInteger(input.masqueradeBit) && input.masqueradeBit >= 0 && input.masqueradeBit <= 31 ? input.masqueradeBit : 14;
  const mark = (1 << bit) >>> 0;
  const filter = new TableBuilder('filter');
  const nat = new TableBuilder('nat');
  for (const c of ['KUBE-SERVICES', 'KUBE-EXTERNAL-SERVICES', 'KUBE-FORWARD', 'KUBE-NODEPORTS', 'KUBE-PROXY-FIREWALL']) filter.chain(c);
  for (const c of ['KUBE-SERVICES', 'KUBE-NODEPORTS', 'KUBE-POSTROUTING', 'KUBE-MARK-MASQ']) nat.chain(c);

  nat.add('KUBE-POSTROUTING', [{ kind: 'mark', neg: true, value: mark, mask: mark }], { kind: 'RETURN' });
  nat.add('KUBE-POSTROUTING', [], { kind: 'MARK', op: 'xor', value: mark });
  nat.add('KUBE-POSTROUTING', [comment('kubernetes service traffic requiring SNAT')], { kind: 'MASQUERADE', randomFully: true });
  nat.add('KUBE-MARK-MASQ', [], { kind: 'MARK', op: 'or', value: mark });
  if (input.localhostNodePorts) {
    filter.chain('KUBE-FIREWALL');
    filter.add(
      'KUBE-FIREWALL',
      [comment('block incoming localnet connections'), { kind: 'addr', dir: 'd', neg: false, cidr: '127.0.0.0/8' }, { kind: 'addr', dir: 's', neg: true, cidr: '127.0.0.0/8' }, { kind: 'ctstate', neg: true, states: ['RELATED', 'ESTABLISHED', 'DNAT'] }],
      { kind: 'DROP' },
    );
  }

  const clusterCIDR = input.clusterCIDR !== undefined && parseCidr(input.clusterCIDR) ? input.clusterCIDR : undefined;
  const cx: Cx = { input, filter, nat, ...(clusterCIDR ? { clusterCIDR } : {}), ...(input.nodeIPs.find(isIPv4) ? { nodeIP: input.nodeIPs.find(isIPv4)! } : {}) };
  const ports = input.services
    .filter((s) => s.type !== 'ExternalName' && s.clusterIP !== undefined && isIPv4(s.clusterIP))
    .flatMap((s) => s.ports.filter((p) => Number.isInteger(p.port)).map((p) => ({ s, p, key: `${servicePortNameString({ namespace: s.namespace, name: s.name, proto: '', port: p.name ?? '' })}/${p.protocol}` })))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const { s, p } of ports) addServicePort(cx, s, p);

  // The tail-call to KUBE-NODEPORTS: the last rule of KUBE-SERVICES.
  const npComment = comment('kubernetes service nodeports; NOTE: this must be the last rule in this chain');
  const ips = nodePortIPs(input.nodePortAddresses, input.nodeIPs);
  if (ips === undefined) {
    const dst: IptablesArg[] = [{ kind: 'addrtype', dir: 'dst', type: 'LOCAL' }];
    if (!input.localhostNodePorts) dst.push({ kind: 'addr', dir: 'd', neg: true, cidr: '127.0.0.0/8' });
    nat.add('KUBE-SERVICES', [npComment, ...dst], jump('KUBE-NODEPORTS'));
  } else {
    for (const ip of ips) nat.add('KUBE-SERVICES', [npComment, { kind: 'addr', dir: 'd', neg: false, cidr: ip }], jump('KUBE-NODEPORTS'));
  }

  filter.add('KUBE-FORWARD', [{ kind: 'ctstate', neg: false, states: ['INVALID'] }, { kind: 'nfacct', name: NFACCT_INVALID }], { kind: 'DROP' });
  filter.add('KUBE-FORWARD', [comment('kubernetes forwarding rules'), { kind: 'mark', neg: false, value: mark, mask: mark }], { kind: 'ACCEPT' });
  filter.add('KUBE-FORWARD', [comment('kubernetes forwarding conntrack rule'), { kind: 'ctstate', neg: false, states: ['RELATED', 'ESTABLISHED'] }], { kind: 'ACCEPT' });

  const jumps = builtinJumps(input.localhostNodePorts);
  return {
    nft: [],
    iptables: [filter.build(jumps.filter), nat.build(jumps.nat)],
    // NewProxier sets route_localnet so that NodePorts answer on 127.0.0.1 (localhostNodePorts).
    sysctls: input.localhostNodePorts ? { 'net.ipv4.conf.all.route_localnet': '1' } : {},
  };
}

export const kubeProxyIptables: LinuxServiceProxy = { compile: compileKubeProxyIptables };
