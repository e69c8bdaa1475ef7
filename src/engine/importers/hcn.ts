/**
 * HNS v2 (HCN, the Host Compute Network API kube-proxy winkernel and Calico
 * use today) objects → the v1 shapes `hnsDump.ts` reads, and the type names
 * of both schemas in the spelling `windows/hns.ts` uses (HNS answers some in
 * lower case, `"Type": "overlay"`).
 *
 * Field names and flag values follow microsoft/hcsshim `hcn/hcnnetwork.go`
 * (HostComputeNetwork: Ipams[].Subnets[].IpAddressPrefix/Routes/Policies),
 * `hcn/hcnendpoint.go` (HostComputeEndpoint: IpConfigurations, Flags 1 =
 * RemoteEndpoint), `hcn/hcnloadbalancer.go` (HostComputeLoadBalancer:
 * HostComputeEndpoints, FrontendVIPs, PortMappings; Flags 1 = DSR; port
 * mapping Flags 1 ILB, 2 LocalRoutedVIP, 8 PreserveDIP) and `hcn/hcnpolicy.go`
 * (policies as `{Type, Settings}`).
 */

type Obj = Record<string, unknown>;

const NETWORK_TYPES = ['Overlay', 'L2Bridge', 'L2Tunnel', 'NAT', 'ICS', 'Transparent', 'Private'];
const POLICY_TYPES = [
  // v1 spellings (hnslib internal/hns/hnspolicy.go)
  'OutBoundNAT',
  'ROUTE',
  'PA',
  'ACL',
  'ELB',
  'VSID',
  'RemoteSubnetRoute',
  'VxlanPort',
  'HostRoute',
  // v2 spellings (hcsshim hcn/hcnpolicy.go)
  'SDNRoute',
  'ProviderAddress',
  'DrMacAddress',
  'SourceMacAddress',
  'NetAdapterName',
  'EncapOverhead',
  'PortMapping',
];

function canonical(names: readonly string[], t: unknown): unknown {
  if (typeof t !== 'string') return t;
  return names.find((n) => n.toLowerCase() === t.toLowerCase()) ?? t;
}

/** `overlay` → `Overlay`, `l2bridge` → `L2Bridge`; unknown names stay as given. */
export function canonicalNetworkType(t: unknown): unknown {
  return canonical(NETWORK_TYPES, t);
}

/** `outboundnat` → `OutBoundNAT`, `elb` → `ELB`; unknown names stay as given. */
export function canonicalPolicyType(t: unknown): unknown {
  return canonical(POLICY_TYPES, t);
}

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function objs(v: unknown): Obj[] {
  return Array.isArray(v) ? v.filter(isObj) : [];
}

/** Which v2 object this is, by the fields only HCN prints. */
export function hcnKindOf(o: Obj): 'network' | 'endpoint' | 'loadbalancer' | undefined {
  if ('HostComputeEndpoints' in o || 'FrontendVIPs' in o || 'PortMappings' in o) return 'loadbalancer';
  if ('IpConfigurations' in o || 'HostComputeNetwork' in o) return 'endpoint';
  if ('Ipams' in o) return 'network';
  return undefined;
}

/** A v2 policy `{Type, Settings}` flattened to v1's `{Type, …fields}`; v1 policies pass unchanged. */
function flatPolicy(p: Obj): Obj {
  const type = canonicalPolicyType(p.Type);
  const settings = isObj(p.Settings) ? p.Settings : undefined;
  if (!settings) return { ...p, Type: type };
  switch (type) {
    case 'OutBoundNAT':
      return { Type: 'OutBoundNAT', ExceptionList: settings.Exceptions ?? [], ...(settings.VirtualIP ? { VIP: settings.VirtualIP } : {}), ...(settings.Destinations ? { Destinations: settings.Destinations } : {}) };
    case 'SDNRoute':
      return { Type: 'ROUTE', DestinationPrefix: settings.DestinationPrefix, NeedEncap: settings.NeedEncap ?? false };
    case 'ProviderAddress':
      return { Type: 'PA', PA: settings.ProviderAddress };
    case 'VSID':
      return { Type: 'VSID', VSID: settings.IsolationId };
    case 'ACL':
      return { Type: 'ACL', ...settings, Id: settings.Id ?? p.Id ?? '' };
    default:
      return { Type: type, ...settings };
  }
}

export function flatPolicies(v: unknown): unknown {
  return Array.isArray(v) ? v.map((p) => (isObj(p) ? flatPolicy(p) : p)) : v;
}

/** A HostComputeNetwork as v1 prints a network. */
function network(o: Obj): Obj {
  const policies = objs(o.Policies).map(flatPolicy);
  const take = (type: string, key: string): unknown => policies.find((p) => p.Type === type)?.[key];
  const subnets = objs(o.Ipams).flatMap((ipam) =>
    objs(ipam.Subnets).map((s) => ({
      AddressPrefix: s.IpAddressPrefix,
      GatewayAddress: objs(s.Routes).find((r) => r.DestinationPrefix === '0.0.0.0/0')?.NextHop ?? objs(s.Routes)[0]?.NextHop ?? '',
      Policies: objs(s.Policies).map(flatPolicy),
    })),
  );
  return {
    ID: o.ID,
    Name: o.Name ?? '',
    Type: o.Type,
    ...(take('NetAdapterName', 'NetworkAdapterName') !== undefined ? { NetworkAdapterName: take('NetAdapterName', 'NetworkAdapterName') } : {}),
    ...(take('DrMacAddress', 'Address') !== undefined ? { DrMacAddress: take('DrMacAddress', 'Address') } : {}),
    // The network's ProviderAddress policy (flattened to v1's PA) is the node address v1 calls ManagementIP.
    ...(take('PA', 'PA') !== undefined ? { ManagementIP: take('PA', 'PA') } : {}),
    Subnets: subnets,
    Policies: policies.filter((p) => !['NetAdapterName', 'DrMacAddress', 'PA', 'SourceMacAddress'].includes(p.Type as string)),
    ...(o.Flags !== undefined ? { Flags: o.Flags } : {}),
  };
}

/** A HostComputeEndpoint as v1 prints an endpoint. */
function endpoint(o: Obj): Obj {
  const ipc = objs(o.IpConfigurations)[0] ?? {};
  const routes = objs(o.Routes);
  const flags = typeof o.Flags === 'number' ? o.Flags : 0;
  const policies = objs(o.Policies).map(flatPolicy);
  const overhead = policies.find((p) => p.Type === 'EncapOverhead')?.Overhead;
  return {
    ID: o.ID,
    Name: o.Name ?? '',
    VirtualNetwork: o.HostComputeNetwork ?? '',
    Policies: policies.filter((p) => p.Type !== 'EncapOverhead'),
    MacAddress: o.MacAddress ?? '',
    IPAddress: ipc.IpAddress,
    ...(ipc.PrefixLength !== undefined ? { PrefixLength: ipc.PrefixLength } : {}),
    ...(routes[0]?.NextHop ? { GatewayAddress: routes[0].NextHop } : {}),
    IsRemoteEndpoint: (flags & 1) === 1,
    ...(overhead !== undefined ? { EncapOverhead: overhead } : {}),
    ...(typeof o.HostComputeNamespace === 'string' && o.HostComputeNamespace ? { Namespace: { ID: o.HostComputeNamespace } } : {}),
  };
}

/** A HostComputeLoadBalancer as the v1 policy list with one ELB policy per port mapping. */
function loadBalancer(o: Obj): Obj {
  const lbFlags = typeof o.Flags === 'number' ? o.Flags : 0;
  const eps = Array.isArray(o.HostComputeEndpoints) ? o.HostComputeEndpoints : [];
  return {
    ID: o.ID,
    References: eps.map((e) => (typeof e === 'string' ? `/endpoints/${e}` : e)),
    Policies: objs(o.PortMappings).map((pm) => {
      const f = typeof pm.Flags === 'number' ? pm.Flags : 0;
      return {
        Type: 'ELB',
        Protocol: pm.Protocol,
        InternalPort: pm.InternalPort ?? 0,
        ExternalPort: pm.ExternalPort ?? 0,
        VIPs: o.FrontendVIPs ?? [],
        ...(o.SourceVIP !== undefined ? { SourceVIP: o.SourceVIP } : {}),
        IsDSR: (lbFlags & 1) === 1,
        ILB: (f & 1) === 1,
        LocalRoutedVip: (f & 2) === 2,
        PreserveDip: (f & 8) === 8,
        DistributionType: pm.DistributionType ?? 0,
      };
    }),
  };
}

/** A v2 object in v1 form (undefined when it is not a v2 object). */
export function fromHcn(o: Obj): { kind: 'network' | 'endpoint' | 'policylist'; value: Obj } | undefined {
  switch (hcnKindOf(o)) {
    case 'network':
      return { kind: 'network', value: network(o) };
    case 'endpoint':
      return { kind: 'endpoint', value: endpoint(o) };
    case 'loadbalancer':
      return { kind: 'policylist', value: loadBalancer(o) };
    default:
      return undefined;
  }
}
