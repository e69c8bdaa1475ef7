/**
 * zod schemas for HNS objects as `Get-Hns* | ConvertTo-Json` prints them:
 * every address, prefix and MAC is validated where it is loaded (issue 20).
 */
import { z } from 'zod';
import { isIPv4, parseCidr } from '../model/ipv4';

const num = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);
const str = z.string();

/** HNS prints addresses without a length and prefixes as `a.b.c.d/len`; both are validated where they are loaded (issue 20). */
const ip = str.refine(isIPv4, { message: 'not an IPv4 address' });
const ipOrEmpty = str.refine((s) => s === '' || isIPv4(s), { message: 'not an IPv4 address' });
const prefix = str.refine((s) => s.includes('/') && parseCidr(s) !== undefined, { message: 'not an IPv4 prefix (a.b.c.d/len)' });
/** ACL address lists: comma-separated addresses or prefixes (hcsshim AclPolicySetting.LocalAddresses); empty = any. */
const addressList = str.refine((s) => s.split(',').every((a) => a.trim() === '' || parseCidr(a.trim()) !== undefined), { message: 'not a comma-separated list of IPv4 addresses or prefixes' });
/** MACs as HNS prints them (`00-15-5D-…`, or with colons); anything else would reach packets as a broken Ethernet address. */
const MAC = /^[0-9a-f]{2}([-:][0-9a-f]{2}){5}$/i;
const mac = str.refine((s) => MAC.test(s), { message: 'not a MAC address (aa-bb-cc-dd-ee-ff)' });
const macOrEmpty = str.refine((s) => s === '' || MAC.test(s), { message: 'not a MAC address (aa-bb-cc-dd-ee-ff)' });
export const policyArray = z.array(z.record(z.string(), z.unknown())).nullish().transform((v) => v ?? []);

export const subnetSchema = z.object({
  AddressPrefix: prefix,
  GatewayAddress: ipOrEmpty.optional().default(''),
  Policies: policyArray,
});

export const networkSchema = z.object({
  ID: str,
  Name: str.optional().default(''),
  Type: str,
  NetworkAdapterName: str.optional().default(''),
  SourceMac: macOrEmpty.optional().default(''),
  ManagementIP: ipOrEmpty.optional().default(''),
  DrMacAddress: mac.optional(),
  Subnets: z.array(subnetSchema).nullish().transform((v) => v ?? []),
  Policies: policyArray,
  Flags: num.optional().default(0),
  State: num.optional().default(0),
});

export const rsrSchema = z.object({ Type: z.literal('RemoteSubnetRoute'), DestinationPrefix: prefix, IsolationId: num, ProviderAddress: ip, DistributedRouterMacAddress: mac });
export const vxlanPortSchema = z.object({ Type: z.literal('VxlanPort'), Port: num });
export const vsidSchema = z.object({ Type: z.literal('VSID'), VSID: num });

export const aclSchema = z.object({
  Type: z.literal('ACL'),
  Id: str.optional().default(''),
  Protocols: z.union([str, z.number().transform(String)]).optional(),
  // Get-HnsEndpoint's list layout prints v1's field as `Protocol` (hns-endpoint-1.txt).
  Protocol: z.union([str, z.number().transform(String)]).optional(),
  Action: z.enum(['Allow', 'Block']),
  Direction: z.enum(['In', 'Out']),
  LocalAddresses: addressList.optional(),
  RemoteAddresses: addressList.optional(),
  LocalPorts: str.optional(),
  RemotePorts: str.optional(),
  RuleType: z.enum(['Switch', 'Host']).optional().default('Switch'),
  Priority: num.optional().default(0),
}).transform(({ Protocol, Protocols, LocalAddresses, RemoteAddresses, LocalPorts, RemotePorts, ...rest }) => ({
  ...rest,
  ...(LocalPorts ? { LocalPorts } : {}),
  ...(RemotePorts ? { RemotePorts } : {}),
  Protocol: Number(Protocols ?? Protocol ?? '256'),
  ...(LocalAddresses ? { LocalAddresses } : {}),
  ...(RemoteAddresses ? { RemoteAddresses } : {}),
}));
export const endpointPolicySchemas = {
  OutBoundNAT: z.object({ Type: z.literal('OutBoundNAT'), ExceptionList: z.array(str).nullish().transform((v) => v ?? []), VIP: ip.optional(), Destinations: z.array(str).optional() }),
  ROUTE: z.object({ Type: z.literal('ROUTE'), DestinationPrefix: prefix, NeedEncap: z.boolean().optional().default(false) }),
  PA: z.object({ Type: z.literal('PA'), PA: ip }),
  ACL: aclSchema,
} as const;

export const endpointSchema = z.object({
  ID: str,
  Name: str.optional().default(''),
  VirtualNetwork: str.optional().default(''),
  VirtualNetworkName: str.optional().default(''),
  Policies: policyArray,
  MacAddress: macOrEmpty.optional().default(''),
  IPAddress: ip,
  GatewayAddress: ipOrEmpty.optional(),
  PrefixLength: num.optional().default(32),
  IsRemoteEndpoint: z.boolean().optional(),
  EncapOverhead: num.optional(),
  Namespace: z.object({ ID: str }).optional(),
  State: num.optional().default(0),
});

export const elbSchema = z.object({
  Type: z.literal('ELB'),
  Protocol: num,
  InternalPort: num.optional().default(0),
  ExternalPort: num.optional().default(0),
  VIPs: z.array(ip).nullish().transform((v) => v ?? []),
  SourceVIP: ipOrEmpty.optional(),
  ILB: z.boolean().optional().default(false),
  IsDSR: z.boolean().optional().default(false),
  LocalRoutedVip: z.boolean().optional().default(false),
  PreserveDip: z.boolean().optional().default(false),
  DistributionType: num.optional().default(0),
});

export const policyListSchema = z.object({
  ID: str,
  References: z.array(str).nullish().transform((v) => v ?? []),
  Policies: policyArray,
});
