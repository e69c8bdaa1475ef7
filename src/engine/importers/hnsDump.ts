/**
 * HNS dumps from a Windows node: the output of
 * `Get-HnsNetwork | ConvertTo-Json -Depth 10`, `Get-HnsEndpoint | …` and
 * `Get-HnsPolicyList | …`, parsed with zod into the types of
 * `windows/hns.ts` (HNS schema v1, field names as `hns.psm1` prints them).
 *
 * Shapes accepted: a JSON array (several objects), a single object (one
 * object: ConvertTo-Json unwraps a one-element pipeline), and Windows
 * PowerShell 5.1's `{"value": [...], "Count": n}` wrapper; a UTF-8 BOM is
 * ignored (PowerShell 7 writes none; 5.1's `>` writes UTF-16, which the
 * caller decodes). Fields the engine does not read are dropped; policy
 * types it does not model are skipped with an info diagnostic.
 * @see DATAPATH-FACTS §4.1–4.3 [H4][H5][M7], [F7] (a real Get-HNSNetwork), [M12] (a real Get-HnsEndpoint)
 */
import { z } from 'zod';
import type { Diagnostic } from '../model/diagnostic';
import { lazyJsonLines } from '../scenario/parse';
import { formatPath } from '../scenario/validate';
import type { HnsElbPolicy, HnsEndpoint, HnsEndpointPolicy, HnsNetwork, HnsNetworkPolicy, HnsPolicyList } from '../windows/hns';

export type HnsDumpKind = 'network' | 'endpoint' | 'policylist';

/** Parsed objects of one or more dumps of one node. */
export interface HnsImport {
  networks: HnsNetwork[];
  /** Networks of types the model has no datapath for (`NAT`, `ICS`, `Transparent`, …), kept for the comparison. */
  otherNetworks: { ID: string; Name: string; Type: string }[];
  endpoints: HnsEndpoint[];
  policyLists: HnsPolicyList[];
}

export function emptyHnsImport(): HnsImport {
  return { networks: [], otherNetworks: [], endpoints: [], policyLists: [] };
}

const num = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);
const str = z.string();

const subnetSchema = z.object({
  AddressPrefix: str,
  GatewayAddress: str.optional().default(''),
  Policies: z.array(z.record(z.string(), z.unknown())).nullish().transform((v) => v ?? []),
});

const networkSchema = z.object({
  ID: str,
  Name: str.optional().default(''),
  Type: str,
  NetworkAdapterName: str.optional().default(''),
  SourceMac: str.optional().default(''),
  ManagementIP: str.optional().default(''),
  DrMacAddress: str.optional(),
  Subnets: z.array(subnetSchema).nullish().transform((v) => v ?? []),
  Policies: z.array(z.record(z.string(), z.unknown())).nullish().transform((v) => v ?? []),
  Flags: num.optional().default(0),
  State: num.optional().default(0),
});

const rsrSchema = z.object({ Type: z.literal('RemoteSubnetRoute'), DestinationPrefix: str, IsolationId: num, ProviderAddress: str, DistributedRouterMacAddress: str });
const vxlanPortSchema = z.object({ Type: z.literal('VxlanPort'), Port: num });
const vsidSchema = z.object({ Type: z.literal('VSID'), VSID: num });

const aclSchema = z.object({
  Type: z.literal('ACL'),
  Id: str.optional().default(''),
  Protocols: z.union([str, z.number().transform(String)]).optional().default('256'),
  Action: z.enum(['Allow', 'Block']),
  Direction: z.enum(['In', 'Out']),
  LocalAddresses: str.optional(),
  RemoteAddresses: str.optional(),
  RuleType: z.enum(['Switch', 'Host']).optional().default('Switch'),
  Priority: num.optional().default(0),
});
const endpointPolicySchemas = {
  OutBoundNAT: z.object({ Type: z.literal('OutBoundNAT'), ExceptionList: z.array(str).nullish().transform((v) => v ?? []), VIP: str.optional(), Destinations: z.array(str).optional() }),
  ROUTE: z.object({ Type: z.literal('ROUTE'), DestinationPrefix: str, NeedEncap: z.boolean().optional().default(false) }),
  PA: z.object({ Type: z.literal('PA'), PA: str }),
  ACL: aclSchema,
} as const;

const endpointSchema = z.object({
  ID: str,
  Name: str.optional().default(''),
  VirtualNetwork: str.optional().default(''),
  VirtualNetworkName: str.optional().default(''),
  Policies: z.array(z.record(z.string(), z.unknown())).nullish().transform((v) => v ?? []),
  MacAddress: str.optional().default(''),
  IPAddress: str,
  GatewayAddress: str.optional(),
  PrefixLength: num.optional().default(32),
  IsRemoteEndpoint: z.boolean().optional(),
  EncapOverhead: num.optional(),
  Namespace: z.object({ ID: str }).optional(),
  State: num.optional().default(0),
});

const elbSchema = z.object({
  Type: z.literal('ELB'),
  Protocol: num,
  InternalPort: num.optional().default(0),
  ExternalPort: num.optional().default(0),
  VIPs: z.array(str).nullish().transform((v) => v ?? []),
  SourceVIP: str.optional(),
  ILB: z.boolean().optional().default(false),
  IsDSR: z.boolean().optional().default(false),
  LocalRoutedVip: z.boolean().optional().default(false),
  PreserveDip: z.boolean().optional().default(false),
  DistributionType: num.optional().default(0),
});

const policyListSchema = z.object({
  ID: str,
  References: z.array(str).nullish().transform((v) => v ?? []),
  Policies: z.array(z.record(z.string(), z.unknown())).nullish().transform((v) => v ?? []),
});

/** Which dump an object comes from, by the fields only that cmdlet prints. */
export function hnsKindOf(v: unknown): HnsDumpKind | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  const o = v as Record<string, unknown>;
  if ('apiVersion' in o || 'kind' in o || typeof o.ID !== 'string') return undefined;
  if ('References' in o) return 'policylist';
  if ('IPAddress' in o && ('VirtualNetwork' in o || 'VirtualNetworkName' in o)) return 'endpoint';
  if ('Subnets' in o || 'ManagementIP' in o || 'NetworkAdapterName' in o) return 'network';
  return undefined;
}

/** The elements of a dump: an array, PowerShell 5.1's `{value, Count}`, or one object. */
function elementsOf(root: unknown): { items: unknown[]; prefix: (string | number)[] } {
  if (Array.isArray(root)) return { items: root, prefix: [] };
  if (typeof root === 'object' && root !== null && Array.isArray((root as { value?: unknown }).value) && 'Count' in root) {
    return { items: (root as unknown as { value: unknown[] }).value, prefix: ['value'] };
  }
  return { items: [root], prefix: [] };
}

/** Whether the text looks like an HNS dump (so loadScenarioFiles routes it here). */
export function looksLikeHnsDump(text: string): boolean {
  const t = text.replace(/^\uFEFF/, '').trimStart();
  if (!t.startsWith('{') && !t.startsWith('[')) return false;
  try {
    const { items } = elementsOf(JSON.parse(t) as unknown);
    return items.length > 0 && items.every((x) => hnsKindOf(x) !== undefined);
  } catch {
    return false;
  }
}

interface Ctx {
  file: string;
  diags: Diagnostic[];
  lines: (path: readonly (string | number)[]) => number | undefined;
}

function issue(ctx: Ctx, kind: string, name: string, path: (string | number)[], message: string, severity: Diagnostic['severity'] = 'error'): void {
  const field = formatPath(path);
  ctx.diags.push({ severity, code: 'invalid-field', file: ctx.file, object: { kind, name }, field, line: ctx.lines(path), message });
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown, ctx: Ctx, kind: string, name: string, path: (string | number)[]): z.infer<S> | undefined {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  for (const is of r.error.issues) {
    issue(ctx, kind, name, [...path, ...is.path.filter((p): p is string | number => typeof p !== 'symbol')], is.message);
  }
  return undefined;
}

/** Policies of a known Type are validated; unknown Types are skipped with an info. */
function policies<T>(list: Record<string, unknown>[], ctx: Ctx, kind: string, name: string, path: (string | number)[], schemas: Record<string, z.ZodType>): T[] {
  const out: T[] = [];
  list.forEach((p, i) => {
    const type = typeof p.Type === 'string' ? p.Type : '';
    const schema = Object.hasOwn(schemas, type) ? schemas[type] : undefined;
    if (!schema) {
      issue(ctx, kind, name, [...path, i, 'Type'], `policy type "${type}" is not modelled; skipped`, 'info');
      return;
    }
    const v = parseWith(schema, p, ctx, kind, name, [...path, i]);
    if (v) out.push(v as T);
  });
  return out;
}

/**
 * Parses one dump file into `into` (several files of one node add up).
 * Never throws: JSON errors and bad fields become diagnostics naming the
 * file, the array index (`[2].Policies[0].DestinationPrefix`) and the line.
 *
 * @param text the file's text (JSON).
 * @param file the file name, for diagnostics.
 */
export function parseHnsDump(text: string, file: string, into: HnsImport = emptyHnsImport()): { hns: HnsImport; diagnostics: Diagnostic[] } {
  const clean = text.replace(/^\uFEFF/, '');
  const ctx: Ctx = { file, diags: [], lines: lazyJsonLines(clean) };
  let root: unknown;
  try {
    root = JSON.parse(clean) as unknown;
  } catch (e) {
    ctx.diags.push({ severity: 'error', code: 'yaml-syntax', file, message: `not JSON (ConvertTo-Json output expected): ${(e as Error).message}` });
    return { hns: into, diagnostics: ctx.diags };
  }
  const { items, prefix } = elementsOf(root);
  items.forEach((item, i) => {
    const path = [...prefix, i];
    const kind = hnsKindOf(item);
    const o = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const name = typeof o.Name === 'string' && o.Name ? o.Name : typeof o.ID === 'string' ? o.ID : `[${i}]`;
    if (kind === 'network') readNetwork(o, ctx, name, path, into);
    else if (kind === 'endpoint') readEndpoint(o, ctx, name, path, into);
    else if (kind === 'policylist') readPolicyList(o, ctx, name, path, into);
    else issue(ctx, 'HNS object', name, path, 'not an HNS network, endpoint or policy list (expected ID with Subnets/ManagementIP, IPAddress/VirtualNetwork, or References)');
  });
  return { hns: into, diagnostics: ctx.diags };
}

function readNetwork(o: Record<string, unknown>, ctx: Ctx, name: string, path: (string | number)[], into: HnsImport): void {
  const v = parseWith(networkSchema, o, ctx, 'HnsNetwork', name, path);
  if (!v) return;
  if (v.Type !== 'Overlay' && v.Type !== 'L2Bridge') {
    into.otherNetworks.push({ ID: v.ID, Name: v.Name, Type: v.Type });
    return;
  }
  const subnets = v.Subnets.map((s, si) => ({
    AddressPrefix: s.AddressPrefix,
    GatewayAddress: s.GatewayAddress,
    Policies: policies<{ Type: 'VSID'; VSID: number }>(s.Policies, ctx, 'HnsNetwork', name, [...path, 'Subnets', si, 'Policies'], { VSID: vsidSchema }),
  }));
  const net: HnsNetwork = {
    ID: v.ID,
    Name: v.Name,
    Type: v.Type,
    NetworkAdapterName: v.NetworkAdapterName,
    SourceMac: v.SourceMac,
    ManagementIP: v.ManagementIP,
    ...(v.DrMacAddress ? { DrMacAddress: v.DrMacAddress } : {}),
    Subnets: subnets,
    Policies: policies<HnsNetworkPolicy>(v.Policies, ctx, 'HnsNetwork', name, [...path, 'Policies'], { RemoteSubnetRoute: rsrSchema, VxlanPort: vxlanPortSchema, HostRoute: z.object({ Type: z.literal('HostRoute') }) }),
    Flags: v.Flags,
    State: v.State,
  };
  into.networks.push(net);
}

function readEndpoint(o: Record<string, unknown>, ctx: Ctx, name: string, path: (string | number)[], into: HnsImport): void {
  const v = parseWith(endpointSchema, o, ctx, 'HnsEndpoint', name, path);
  if (!v) return;
  const { Policies, ...rest } = v;
  into.endpoints.push({ ...rest, Policies: policies<HnsEndpointPolicy>(Policies, ctx, 'HnsEndpoint', name, [...path, 'Policies'], endpointPolicySchemas) } as HnsEndpoint);
}

function readPolicyList(o: Record<string, unknown>, ctx: Ctx, name: string, path: (string | number)[], into: HnsImport): void {
  const v = parseWith(policyListSchema, o, ctx, 'HnsPolicyList', name, path);
  if (!v) return;
  into.policyLists.push({ ID: v.ID, References: v.References, Policies: policies<HnsElbPolicy>(v.Policies, ctx, 'HnsPolicyList', name, [...path, 'Policies'], { ELB: elbSchema }) });
}
