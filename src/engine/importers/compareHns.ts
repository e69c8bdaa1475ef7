/**
 * `compareHns`: what the cluster objects imply on a Windows node (the
 * compiled WindowsNodeState) against what an HNS dump of that node shows.
 * Lists what the dump lacks or has differently; IDs and names HNS generates
 * (GUIDs, sandbox IDs) are not compared — objects are matched by network
 * name, block prefix, endpoint IP address and load balancer frontend.
 * @see DATAPATH-FACTS §8.1 [C25][C27] (network, Calico_ep, pod endpoints),
 *   §8.3 [O1][C26][C29] (OutBoundNAT exceptions), §8.4 [C22] (RemoteSubnetRoute),
 *   §4.3 / §7 [K1][K2] (kube-proxy load balancers and remote endpoints)
 */
import type { HnsEndpoint, HnsNetworkPolicy } from '../windows/hns';
import type { WindowsNodeState } from '../windows/state';
import type { HnsImport } from './hnsDump';

export type MismatchId =
  | 'network-missing'
  | 'network-type'
  | 'management-ip'
  | 'subnet'
  | 'vsid'
  | 'remote-subnet-route-missing'
  | 'remote-subnet-route-differs'
  | 'remote-subnet-route-extra'
  | 'host-endpoint-missing'
  | 'pod-endpoint-missing'
  | 'endpoint-differs'
  | 'outboundnat-missing'
  | 'outboundnat-exceptions'
  | 'remote-endpoint-missing'
  | 'load-balancer-missing'
  | 'load-balancer-backends';

export interface Mismatch {
  id: MismatchId;
  severity: 'error' | 'warning' | 'info';
  /** What it is about, e.g. `network Calico`, `endpoint 172.21.41.6`, `RemoteSubnetRoute 172.21.211.0/26`. */
  object: string;
  field?: string;
  /** What the cluster objects imply, and what the dump has (absent = missing). */
  expected?: string;
  actual?: string;
  /** English sentence for the CLI; the UI may use `id` + the fields. */
  message: string;
  source: string;
}

type Rsr = Extract<HnsNetworkPolicy, { Type: 'RemoteSubnetRoute' }>;

const norm = (mac: string): string => mac.toUpperCase().replace(/:/g, '-');

/**
 * Compares an imported dump with the compiled state of the same node.
 *
 * @param imported the parsed dumps (any of the three may be empty: then
 *   that part is not compared).
 * @param state the compiled Windows node.
 * @returns mismatches, network first; empty when the dump agrees.
 */
export function compareHns(imported: HnsImport, state: WindowsNodeState): Mismatch[] {
  const out: Mismatch[] = [];
  if (imported.networks.length > 0 || imported.otherNetworks.length > 0) compareNetwork(imported, state, out);
  if (imported.endpoints.length > 0) compareEndpoints(imported, state, out);
  if (imported.policyLists.length > 0) comparePolicyLists(imported, state, out);
  return out;
}

function compareNetwork(imp: HnsImport, st: WindowsNodeState, out: Mismatch[]): void {
  const want = st.network;
  const src = 'DATAPATH-FACTS §8.1 [C25][C27][C29][O1]';
  const net = imp.networks.find((n) => n.Name === want.Name);
  const other = imp.otherNetworks.find((n) => n.Name === want.Name);
  if (!net) {
    if (other) out.push({ id: 'network-type', severity: 'error', object: `network ${want.Name}`, field: 'Type', expected: want.Type, actual: other.Type, message: `HNS network ${want.Name} is ${other.Type}; the cluster implies ${want.Type}`, source: src });
    else out.push({ id: 'network-missing', severity: 'error', object: `network ${want.Name}`, expected: want.Type, message: `the dump has no HNS network named ${want.Name}`, source: src });
    return;
  }
  const obj = `network ${want.Name}`;
  if (net.Type !== want.Type) out.push({ id: 'network-type', severity: 'error', object: obj, field: 'Type', expected: want.Type, actual: net.Type, message: `HNS network ${want.Name} is ${net.Type}; the cluster implies ${want.Type} (${want.Type === 'Overlay' ? 'Calico VXLAN, BGP disabled' : 'Calico BGP'})`, source: 'DATAPATH-FACTS §8.1 [C30][O1]' });
  if (net.ManagementIP && net.ManagementIP !== want.ManagementIP) out.push({ id: 'management-ip', severity: 'error', object: obj, field: 'ManagementIP', expected: want.ManagementIP, actual: net.ManagementIP, message: `ManagementIP is ${net.ManagementIP}; the node's InternalIP is ${want.ManagementIP}`, source: src });
  const ws = want.Subnets[0];
  const s = net.Subnets[0];
  if (ws) {
    if (!s || s.AddressPrefix !== ws.AddressPrefix || (s.GatewayAddress && s.GatewayAddress !== ws.GatewayAddress)) {
      out.push({ id: 'subnet', severity: 'error', object: obj, field: 'Subnets[0]', expected: `${ws.AddressPrefix} gw ${ws.GatewayAddress}`, actual: s ? `${s.AddressPrefix} gw ${s.GatewayAddress}` : undefined, message: `the network's subnet is ${s ? `${s.AddressPrefix} (gateway ${s.GatewayAddress})` : 'missing'}; the node's block implies ${ws.AddressPrefix} (gateway ${ws.GatewayAddress})`, source: 'DATAPATH-FACTS §8.1 [C27][C25], §8.2' });
    }
    const wv = ws.Policies.find((p) => p.Type === 'VSID')?.VSID;
    const v = s?.Policies.find((p) => p.Type === 'VSID')?.VSID;
    if (wv !== undefined && v !== wv && !imp.unreadSubnetPolicies.includes(net.ID)) out.push({ id: 'vsid', severity: 'error', object: obj, field: 'Subnets[0].Policies[VSID]', expected: String(wv), actual: v === undefined ? undefined : String(v), message: `VSID is ${v ?? 'missing'}; Felix's VXLANVNI is ${wv}`, source: 'DATAPATH-FACTS §8.1 [C29][O1], §8.4 [D2]' });
  }
  const rsrSrc = 'DATAPATH-FACTS §8.4 [C22]';
  const have = new Map(net.Policies.filter((p): p is Rsr => p.Type === 'RemoteSubnetRoute').map((p) => [p.DestinationPrefix, p]));
  const wanted = want.Policies.filter((p): p is Rsr => p.Type === 'RemoteSubnetRoute');
  for (const w of wanted) {
    const h = have.get(w.DestinationPrefix);
    const o = `RemoteSubnetRoute ${w.DestinationPrefix}`;
    if (!h) {
      out.push({ id: 'remote-subnet-route-missing', severity: 'error', object: o, expected: `${w.ProviderAddress} ${w.DistributedRouterMacAddress} VSID ${w.IsolationId}`, message: `no RemoteSubnetRoute for block ${w.DestinationPrefix} (node ${w.ProviderAddress}): pods there are unreachable over VXLAN`, source: rsrSrc });
      continue;
    }
    for (const [field, a, b] of [
      ['ProviderAddress', w.ProviderAddress, h.ProviderAddress],
      ['IsolationId', String(w.IsolationId), String(h.IsolationId)],
      ['DistributedRouterMacAddress', norm(w.DistributedRouterMacAddress), norm(h.DistributedRouterMacAddress)],
    ] as const) {
      if (a !== b) out.push({ id: 'remote-subnet-route-differs', severity: 'error', object: o, field, expected: a, actual: b, message: `RemoteSubnetRoute ${w.DestinationPrefix}: ${field} is ${b}; the cluster implies ${a}`, source: rsrSrc });
    }
  }
  const wantedPrefixes = new Set(wanted.map((w) => w.DestinationPrefix));
  for (const [prefix, h] of have) {
    if (!wantedPrefixes.has(prefix)) out.push({ id: 'remote-subnet-route-extra', severity: 'warning', object: `RemoteSubnetRoute ${prefix}`, actual: h.ProviderAddress, message: `RemoteSubnetRoute ${prefix} → ${h.ProviderAddress} is in the dump but no block of the cluster implies it (stale?)`, source: rsrSrc });
  }
}

function natOf(e: HnsEndpoint): string[] | undefined {
  const p = e.Policies.find((x) => x.Type === 'OutBoundNAT' && !x.Destinations);
  return p && p.Type === 'OutBoundNAT' ? p.ExceptionList : undefined;
}

function compareEndpoints(imp: HnsImport, st: WindowsNodeState, out: Mismatch[]): void {
  const eps = imp.endpoints;
  const byIp = new Map<string, HnsEndpoint[]>();
  for (const e of eps) byIp.set(e.IPAddress, [...(byIp.get(e.IPAddress) ?? []), e]);
  const he = st.hostEndpoint;
  if (!eps.some((e) => e.Name === he.Name || e.IPAddress === he.IPAddress)) {
    out.push({ id: 'host-endpoint-missing', severity: 'error', object: `endpoint ${he.Name}`, expected: he.IPAddress, message: `no ${he.Name} endpoint at ${he.IPAddress}: kube-proxy waits for it to take the source VIP`, source: 'DATAPATH-FACTS §8.1 [C25][W1]' });
  }
  for (const p of st.pods) {
    const want = st.endpoints.find((e) => e.ID === p.endpointId)!;
    const have = (byIp.get(p.ip) ?? []).find((e) => !e.IsRemoteEndpoint);
    const obj = `endpoint ${p.ip} (pod ${p.pod})`;
    if (!have) {
      out.push({ id: 'pod-endpoint-missing', severity: 'error', object: obj, expected: p.ip, message: `no local endpoint for pod ${p.pod} at ${p.ip}`, source: 'DATAPATH-FACTS §8.1 [C25]' });
      continue;
    }
    for (const [field, a, b] of [
      ['MacAddress', norm(want.MacAddress), norm(have.MacAddress)],
      ['GatewayAddress', want.GatewayAddress ?? '', have.GatewayAddress ?? ''],
      ['VirtualNetworkName', want.VirtualNetworkName, have.VirtualNetworkName],
    ] as const) {
      if (a && b && a !== b) out.push({ id: 'endpoint-differs', severity: field === 'MacAddress' ? 'warning' : 'error', object: obj, field, expected: a, actual: b, message: `pod ${p.pod}'s endpoint: ${field} is ${b}; the cluster implies ${a}`, source: 'DATAPATH-FACTS §8.1 [C25]' });
    }
    const wantNat = natOf(want);
    const haveNat = natOf(have);
    const natSrc = 'DATAPATH-FACTS §8.3 [O1][C26][C29][D1]';
    if (wantNat && !haveNat && !imp.truncatedPolicies.includes(have.ID)) {
      out.push({ id: 'outboundnat-missing', severity: 'error', object: obj, field: 'Policies[OutBoundNAT]', expected: wantNat.join(','), message: `pod ${p.pod}'s endpoint has no OutBoundNAT, but its pool has natOutgoing`, source: natSrc });
    } else if (wantNat && haveNat && !imp.unreadExceptions.includes(have.ID)) {
      const missing = wantNat.filter((c) => !haveNat.includes(c));
      if (missing.length) out.push({ id: 'outboundnat-exceptions', severity: 'error', object: obj, field: 'Policies[OutBoundNAT].ExceptionList', expected: wantNat.join(','), actual: haveNat.join(','), message: `pod ${p.pod}'s OutBoundNAT exception list lacks ${missing.join(', ')} (service CIDRs come from Installation.serviceCIDRs, pool CIDRs from the IP pools)`, source: natSrc });
    }
  }
  for (const r of st.endpoints.filter((e) => e.IsRemoteEndpoint && e.ID !== he.ID)) {
    if (!(byIp.get(r.IPAddress) ?? []).some((e) => e.IsRemoteEndpoint)) {
      out.push({ id: 'remote-endpoint-missing', severity: 'warning', object: `remote endpoint ${r.IPAddress}`, expected: r.IPAddress, message: `kube-proxy would create a remote endpoint for backend ${r.IPAddress}; the dump has none`, source: 'DATAPATH-FACTS §7 [K1][K3]' });
    }
  }
}

function comparePolicyLists(imp: HnsImport, st: WindowsNodeState, out: Mismatch[]): void {
  const ipOf = new Map(imp.endpoints.map((e) => [e.ID.toLowerCase(), e.IPAddress]));
  const src = 'DATAPATH-FACTS §7 [K1][K2], §4.3 [H5]';
  for (const lb of st.loadBalancers) {
    const proto = lb.proto === 'tcp' ? 6 : 17;
    const have = imp.policyLists.find((pl) => pl.Policies.some((p) => p.Protocol === proto && p.ExternalPort === lb.externalPort && (p.VIPs.includes(lb.vip) || (lb.kind === 'NodePort' && p.VIPs.length === 0))));
    const obj = `load balancer ${lb.vip}:${lb.externalPort}/${lb.proto} (${lb.service.namespace ?? ''}/${lb.service.name})`;
    if (!have) {
      out.push({ id: 'load-balancer-missing', severity: 'error', object: obj, message: `no policy list for ${lb.kind} ${lb.vip}:${lb.externalPort}/${lb.proto}`, source: src });
      continue;
    }
    const wantIps = [...new Set(lb.backends.map((b) => b.ip))].sort();
    const haveIps = [...new Set(have.References.map((r) => ipOf.get(r.replace(/^\/endpoints\//i, '').toLowerCase())).filter((x): x is string => Boolean(x)))].sort();
    if (imp.endpoints.length > 0 && wantIps.join(',') !== haveIps.join(',')) {
      out.push({ id: 'load-balancer-backends', severity: 'warning', object: obj, field: 'References', expected: wantIps.join(','), actual: haveIps.join(','), message: `backends of ${lb.vip}:${lb.externalPort} are ${haveIps.join(', ') || 'none'}; the EndpointSlices imply ${wantIps.join(', ')}`, source: src });
    }
  }
}
