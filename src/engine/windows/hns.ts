/**
 * HNS objects in the JSON shape `Get-HnsNetwork`, `Get-HnsEndpoint`,
 * `Get-HnsNamespace` and `Get-HnsPolicyList` print (HNS schema v1, the
 * HostNetworkingService module's view), field names as upstream spells them.
 * @see DATAPATH-FACTS §4.1–4.3 [H4][H5] microsoft/hnslib internal/hns/hnsnetwork.go,
 *   hnsendpoint.go, hnspolicy.go, hnspolicylist.go; [F7] a real Get-HNSNetwork.
 */

/** Network policies (v1 `Policies[]` of a network). @see [H2][C22][F7] */
export type HnsNetworkPolicy =
  | { Type: 'HostRoute' }
  | { Type: 'RemoteSubnetRoute'; DestinationPrefix: string; IsolationId: number; ProviderAddress: string; DistributedRouterMacAddress: string }
  | { Type: 'VxlanPort'; Port: number };

export interface HnsSubnet {
  AddressPrefix: string;
  GatewayAddress: string;
  Policies: { Type: 'VSID'; VSID: number }[];
}

export interface HnsNetwork {
  ID: string;
  Name: string;
  Type: 'Overlay' | 'L2Bridge';
  NetworkAdapterName: string;
  SourceMac: string;
  /** The node address HNS moved to `vEthernet (Ethernet)`. */
  ManagementIP: string;
  /** Overlay only: the distributed router MAC, published by Calico as the node's VTEP MAC. */
  DrMacAddress?: string;
  Subnets: HnsSubnet[];
  Policies: HnsNetworkPolicy[];
  /** 8 = EnableNonPersistent. */
  Flags: number;
  State: number;
}

/** Endpoint policies (v1). @see DATAPATH-FACTS §4.2 [H5], §8.1 [C25], §8.3 [C26] */
export type HnsEndpointPolicy =
  | { Type: 'OutBoundNAT'; ExceptionList: string[]; VIP?: string; Destinations?: string[] }
  | { Type: 'ROUTE'; DestinationPrefix: string; NeedEncap: boolean }
  | { Type: 'PA'; PA: string }
  | HnsAclPolicy;

export interface HnsAclPolicy {
  Type: 'ACL';
  Id: string;
  /** 256 = any, 6 TCP, 17 UDP, 1 ICMPv4, 132 SCTP (v1 `Protocol`, as Get-HnsEndpoint prints it). */
  Protocol: number;
  Action: 'Allow' | 'Block';
  Direction: 'In' | 'Out';
  LocalAddresses?: string;
  RemoteAddresses?: string;
  /** `80,8000-8080`: ports on the endpoint's side / the peer's side. */
  LocalPorts?: string;
  RemotePorts?: string;
  RuleType: 'Switch' | 'Host';
  Priority: number;
}

export interface HnsEndpoint {
  ID: string;
  Name: string;
  VirtualNetwork: string;
  VirtualNetworkName: string;
  Policies: HnsEndpointPolicy[];
  MacAddress: string;
  IPAddress: string;
  GatewayAddress?: string;
  PrefixLength: number;
  IsRemoteEndpoint?: boolean;
  EncapOverhead?: number;
  /** The compartment (HNS namespace) the endpoint is attached to. */
  Namespace?: { ID: string };
  State: number;
}

export interface HnsNamespace {
  ID: string;
  IsDefault: boolean;
  CompartmentId: number;
  ResourceList: { Type: 'Endpoint'; Data: { ID: string } }[];
}

/** v1 ELB policy of a policy list (the form `Get-HnsPolicyList` prints). @see [H5][M7] */
export interface HnsElbPolicy {
  Type: 'ELB';
  Protocol: number;
  InternalPort: number;
  ExternalPort: number;
  VIPs: string[];
  SourceVIP?: string;
  ILB: boolean;
  IsDSR: boolean;
  LocalRoutedVip: boolean;
  PreserveDip: boolean;
  /** 0 per connection, 1 SourceIPProtocol, 2 SourceIP (sessionAffinity: ClientIP). */
  DistributionType: number;
}

export interface HnsPolicyList {
  ID: string;
  /** `/endpoints/<ID>` of each backend endpoint. */
  References: string[];
  Policies: HnsElbPolicy[];
}

/** Hyper-V / HNS print MACs as `00-15-5D-0A-0B-0C`; packets here use `00:15:5d:0a:0b:0c`. */
export function hnsMac(mac: string): string {
  return mac.toUpperCase().replace(/:/g, '-');
}

export function packetMac(mac: string): string {
  return mac.toLowerCase().replace(/-/g, ':');
}
