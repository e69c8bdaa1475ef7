/**
 * The VFP ports, layers and rules HNS programs from its objects.
 * @see DATAPATH-FACTS §5 [M5][M8] for the layer and rule names; vfp.ts for
 *   the layer order (an assumption).
 *
 * - Pod (endpoint) port, outbound order: ACL_ENDPOINT_LAYER (Felix ACLs),
 *   LB_DSR (every local pod port carries the DSR rules of each ClusterIP
 *   load balancer, [M5]) or SLB_LB_LAYER for non-DSR ones (assumption:
 *   placement for non-DSR load balancers is not documented), SLB_NAT_LAYER
 *   (OutBoundNAT: exceptions, then dynamic SNAT per protocol, [M5]
 *   `SNAT_TCP_OUTBOUNDNAT_…`), then VNET_PA_ROUTE_LAYER (overlay: own
 *   subnet, RemoteSubnetRoutes, ROUTE policies, default to the host) or
 *   VNET_MAC_REWRITE_LAYER (l2bridge).
 * - Host vNIC port: SLB_LB_LAYER with the NodePort / external load
 *   balancers (rule names carry the management IP, [M5]), and the same
 *   routing layer as a pod port.
 * - External port (`Ethernet`): VNET_ENCAP_LAYER decapsulating VXLAN with the
 *   network's VSID (assumption: placement).
 */
import { parseCidr, type Cidr } from '../model/ipv4';
import { ACL_SRC as FELIX_ACL_SRC, type AclOrigin } from '../policy/windowsAcl';
import { parseAcl } from '../policy/windowsAclMatch';
import type { ObjectRef } from '../model/diagnostic';
import type { HnsAclPolicy, HnsEndpoint, HnsEndpointPolicy, HnsNetwork } from './hns';
import { packetMac } from './hns';
import { vfpPortGuid } from './ids';
import { HOST_VNIC, PHYSICAL_NIC } from './network';
import type { WindowsNetworkMode, WindowsPod, WinLoadBalancer } from './state';
import { LAYER, type VfpLayer, type VfpPort, type VfpRule } from './vfp';

/** A prefix as a one-element match list; an unparsable one (an imported dump can hold anything) → none, and its rule is left out. */
const CIDR = (s: unknown): Cidr[] => {
  const c = typeof s === 'string' ? parseCidr(s) : undefined;
  return c ? [c] : [];
};
const json = (o: unknown): string => JSON.stringify(o);
const ACL_SRC = `${FELIX_ACL_SRC}; ACL_ENDPOINT_LAYER as vfpctrl lists it`;
const LB_SRC = 'K1/K2 pkg/proxy/winkernel (load balancer per service port); M5 networkhealth.ps1 (rule placement)';
const NAT_SRC = 'C26 cni-plugin winpol (OutBoundNAT exceptions); M5 (SNAT_<proto>_OUTBOUNDNAT rules)';
const VNET_SRC = 'C22 felix/dataplane/windows/vxlan_mgr.go (RemoteSubnetRoute); M2 overlay networking';

export interface VfpCompileInput {
  node: string;
  nodeIp: string;
  hostMac: string;
  mode: WindowsNetworkMode;
  network: HnsNetwork;
  block: Cidr;
  pods: WindowsPod[];
  endpoints: HnsEndpoint[];
  hostEndpoint: HnsEndpoint;
  loadBalancers: WinLoadBalancer[];
  /** Who writes each OutBoundNAT exception (the Windows CNI plug-in, cni/<name>/); an imported dump has none. */
  natSources?: Record<string, string>;
  /** Which policy rule each of Felix's ACL entries comes from (podEndpoints.ts). */
  aclOrigins?: ReadonlyMap<HnsAclPolicy, AclOrigin>;
}

/** The endpoint's Switch-scoped ACL entries, each matched on its own conditions (policy/windowsAclMatch.ts). */
function aclLayer(ep: HnsEndpoint, pod: WindowsPod, origins?: ReadonlyMap<HnsAclPolicy, AclOrigin>): VfpLayer {
  const rules: VfpRule[] = ep.Policies.flatMap((p) => {
    if (p.Type !== 'ACL' || p.RuleType === 'Host') return [];
    const origin = origins?.get(p);
    return [
      {
        id: p.Id || `ACL_${p.Direction.toUpperCase()}_${p.Priority}`,
        priority: p.Priority,
        direction: p.Direction === 'In' ? 'in' : 'out',
        match: {},
        action: { type: p.Action === 'Allow' ? 'allow' : 'block' },
        hns: json(p),
        source: ACL_SRC,
        owner: origin?.kind === 'rule' ? origin.policy : pod.ref,
        acl: { match: parseAcl(p), pod: pod.pod, ...(origin ? { origin } : {}) },
        ...(origin?.kind === 'rule' && origin.assumption ? { assumption: true } : {}),
      } satisfies VfpRule,
    ];
  });
  return { name: LAYER.acl, rules };
}

/** The frontend two load balancers must not share: VIP (NodePort: the management IP), external port, protocol. */
export function lbFrontend(lb: WinLoadBalancer): string {
  return `${lb.vip}:${lb.externalPort}/${lb.proto}`;
}

/**
 * Load balancers that share a frontend (a leak of an old kube-proxy, seen in
 * Get-HnsPolicyList): each one's rank among them and the IDs of the others.
 * kube-proxy dedups its own (hns.go, DATAPATH-FACTS §4.3 [K3]) and deletes
 * old ones at start [K1]; two of them are a leftover.
 */
export function lbDuplicates(lbs: WinLoadBalancer[]): Map<string, { rank: number; others: string[] }> {
  const groups = new Map<string, WinLoadBalancer[]>();
  for (const lb of lbs) groups.set(lbFrontend(lb), [...(groups.get(lbFrontend(lb)) ?? []), lb]);
  const out = new Map<string, { rank: number; others: string[] }>();
  for (const g of groups.values()) if (g.length > 1) g.forEach((lb, rank) => out.set(lb.id, { rank, others: g.filter((x) => x !== lb).map((x) => x.id) }));
  return out;
}

const DUP_SRC = 'assumption: of two HNS load balancers for one frontend, VFP takes the rule of the one programmed first (listed first by Get-HnsPolicyList); no source says how VFP orders equal rules';

function lbRule(lb: WinLoadBalancer, nodeIp: string, direction: 'out' | 'in', dup?: { rank: number; others: string[] }): VfpRule {
  const proto = lb.proto.toUpperCase();
  const id = lb.dsr && lb.kind === 'ClusterIP' ? `LB_DSR_${nodeIp}_${lb.vip}_${lb.externalPort}_${lb.internalPort}_${proto}` : `LB_${lb.vip}_${lb.externalPort}_${proto}`;
  return {
    id,
    priority: 100 + (dup?.rank ?? 0),
    direction,
    match: { proto: lb.proto, dst: CIDR(`${lb.vip}/32`), dport: lb.externalPort },
    action: {
      type: 'lb',
      lbId: lb.id,
      backends: lb.backends.map((b) => ({ ...b, port: lb.internalPort })),
      dsr: lb.dsr,
      // An empty SourceVIP (l2bridge): assumption, HNS uses the node IP (DATAPATH-FACTS caveat 3).
      ...(lb.dsr ? {} : { snatTo: lb.sourceVip || nodeIp }),
      preserveDip: lb.preserveDip,
      affinity: lb.affinity,
      ...(dup ? { shadows: dup.others } : {}),
      ...(lb.kind === 'HealthCheck' ? { healthCheck: true } : {}),
    },
    hns: json({ ID: lb.id, Type: 'ELB', Protocol: lb.proto === 'tcp' ? 6 : 17, InternalPort: lb.internalPort, ExternalPort: lb.externalPort, VIPs: lb.kind === 'NodePort' ? [] : [lb.vip], SourceVIP: lb.sourceVip, IsDSR: lb.dsr }),
    source: [dup ? `${LB_SRC}; ${DUP_SRC}` : LB_SRC, ...(lb.notes ?? [])].join('; '),
    owner: lb.service,
    ...(lb.dsr && !dup && !lb.notes ? {} : { assumption: true }),
  };
}

function natLayer(ep: HnsEndpoint, nodeIp: string, owner: ObjectRef, sources: Record<string, string> = {}): VfpLayer | undefined {
  const nat = ep.Policies.find((p): p is Extract<HnsEndpointPolicy, { Type: 'OutBoundNAT' }> => p.Type === 'OutBoundNAT');
  if (!nat) return undefined;
  const hns = json(nat);
  const rules: VfpRule[] = nat.ExceptionList.flatMap((c, i) => CIDR(c).map((dst): VfpRule => ({ id: `OUTBOUNDNAT_EXCEPTION_${c}`, priority: 100 + i, direction: 'out', match: { dst: [dst] }, action: { type: 'nat-exempt' }, hns, source: Object.hasOwn(sources, c) ? `${sources[c]}; ${NAT_SRC}` : NAT_SRC, owner })));
  for (const proto of ['tcp', 'udp', 'icmp'] as const) {
    rules.push({ id: `SNAT_${proto.toUpperCase()}_OUTBOUNDNAT_${nodeIp}`, priority: 1000, direction: 'out', match: { proto }, action: { type: 'snat', ip: nodeIp }, hns, source: NAT_SRC, owner });
  }
  return { name: LAYER.slbNat, rules };
}

function routeLayer(input: VfpCompileInput, ep: HnsEndpoint | undefined): VfpLayer {
  const { network: net, block, mode } = input;
  const own: VfpRule = {
    id: `LOCAL_SUBNET_${block.text}`,
    priority: 100,
    direction: 'out',
    match: { dst: [block] },
    action: { type: 'switch-local' },
    hns: json(net.Subnets[0]),
    source: 'M2: same-subnet traffic is bridged by the vSwitch',
  };
  const rules: VfpRule[] = [own];
  if (mode === 'overlay') {
    const vsid = net.Subnets[0]?.Policies[0]?.VSID ?? 4096;
    for (const p of net.Policies) {
      if (p.Type !== 'RemoteSubnetRoute') continue;
      const dst = CIDR(p.DestinationPrefix);
      if (dst.length === 0) continue;
      rules.push({ id: `PA_ROUTE_${p.DestinationPrefix}_${p.ProviderAddress}`, priority: 200, direction: 'out', match: { dst }, action: { type: 'encap', pa: p.ProviderAddress, vni: p.IsolationId || vsid, drMac: packetMac(p.DistributedRouterMacAddress), prefix: p.DestinationPrefix }, hns: json(p), source: VNET_SRC });
    }
  }
  for (const p of ep?.Policies ?? []) {
    const dst = p.Type === 'ROUTE' ? CIDR(p.DestinationPrefix) : [];
    if (p.Type !== 'ROUTE' || dst.length === 0) continue;
    rules.push({ id: `ROUTE_${p.DestinationPrefix}`, priority: 300, direction: 'out', match: { dst }, action: { type: 'route-host' }, hns: json(p), source: 'C29 cni.conf.template (ROUTE NeedEncap per service CIDR); C25 (ROUTE <node IP>/32 for node ports)' });
  }
  if (mode === 'l2bridge') {
    rules.push({ id: `MAC_REWRITE_${input.hostMac}`, priority: 1000, direction: 'out', match: {}, action: { type: 'mac-rewrite', srcMac: input.hostMac }, hns: json({ Name: net.Name, Type: 'L2Bridge' }), source: 'M2/K6: l2bridge rewrites the container MAC to the host MAC; cross-subnet traffic is routed by the host' });
  } else {
    rules.push({ id: 'DEFAULT_ROUTE_HOST', priority: 1000, direction: 'out', match: {}, action: { type: 'route-host' }, hns: json({ NextHop: net.Subnets[0]?.GatewayAddress, DestinationPrefix: '0.0.0.0/0' }), source: 'M2: traffic leaving the overlay is routed through the management vNIC', assumption: true });
  }
  return { name: mode === 'overlay' ? LAYER.paRoute : LAYER.macRewrite, rules };
}

export function compileVfpPorts(input: VfpCompileInput): VfpPort[] {
  const clusterIpLbs = input.loadBalancers.filter((lb) => lb.kind === 'ClusterIP');
  const dups = lbDuplicates(input.loadBalancers);
  // The ClusterIP rules are the same on every pod's port: built once and shared (one per Service port, not per pod and Service port).
  const dsr = clusterIpLbs.filter((lb) => lb.dsr).map((lb) => lbRule(lb, input.nodeIp, 'out', dups.get(lb.id)));
  const slb = clusterIpLbs.filter((lb) => !lb.dsr).map((lb) => lbRule(lb, input.nodeIp, 'out', dups.get(lb.id)));
  // A pod whose HNS endpoint is missing (an imported dump can lack it) has no VFP port.
  const ports: VfpPort[] = input.pods.flatMap((pod) => {
    const ep = input.endpoints.find((e) => e.ID === pod.endpointId);
    if (!ep) return [];
    const layers: VfpLayer[] = [aclLayer(ep, pod, input.aclOrigins)];
    if (dsr.length) layers.push({ name: LAYER.lbDsr, rules: dsr });
    if (slb.length) layers.push({ name: LAYER.slbLb, rules: slb });
    const nat = natLayer(ep, input.nodeIp, pod.ref, input.natSources);
    if (nat) layers.push(nat);
    layers.push(routeLayer(input, ep));
    return [{ id: vfpPortGuid(input.node, pod.endpointId), label: pod.pod, kind: 'endpoint' as const, endpointId: pod.endpointId, pod: pod.pod, ip: pod.ip, mac: pod.mac, layers }];
  });
  const external = input.loadBalancers.filter((lb) => lb.kind !== 'ClusterIP').map((lb) => lbRule(lb, input.nodeIp, 'in', dups.get(lb.id)));
  ports.push({
    id: vfpPortGuid(input.node, 'host-vnic'),
    label: HOST_VNIC,
    kind: 'host',
    ip: input.nodeIp,
    mac: input.hostMac,
    layers: [...(external.length ? [{ name: LAYER.slbLb, rules: external }] : []), routeLayer(input, undefined)],
  });
  const vsid = input.network.Subnets[0]?.Policies[0]?.VSID;
  ports.push({
    id: vfpPortGuid(input.node, 'external'),
    label: PHYSICAL_NIC,
    kind: 'external',
    mac: input.hostMac,
    layers:
      input.mode === 'overlay' && vsid !== undefined
        ? [{ name: LAYER.encap, rules: [{ id: `DECAP_VSID_${vsid}`, priority: 100, direction: 'in', match: { proto: 'udp', dst: CIDR(`${input.nodeIp}/32`) }, action: { type: 'decap', vni: vsid }, hns: json(input.network.Subnets[0]), source: 'M2/K6: overlay networks encapsulate with the subnet VSID; assumption: decapsulation at the external port', assumption: true }] }]
        : [],
  });
  return ports;
}
