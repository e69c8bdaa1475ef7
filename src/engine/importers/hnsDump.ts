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
 * caller decodes). Also accepted: PowerShell's default list layout (what the
 * cmdlets print without ConvertTo-Json, `psList.ts`), whose hidden parts
 * become warnings, and HNS v2 / HCN objects (`hcn.ts`); type names are
 * matched in any case. Addresses and prefixes are validated here. Fields the
 * engine does not read are dropped; policy and network types it does not
 * model are skipped with an info diagnostic.
 * @see DATAPATH-FACTS §4.1–4.3 [H4][H5][M7], [F7] (a real Get-HNSNetwork), [M12] (a real Get-HnsEndpoint)
 */
import { z } from 'zod';
import type { Diagnostic } from '../model/diagnostic';
import { parseCidr } from '../model/ipv4';
import { lazyJsonLines } from '../scenario/parse';
import { formatPath } from '../scenario/validate';
import type { HnsElbPolicy, HnsEndpoint, HnsEndpointPolicy, HnsNetwork, HnsNetworkPolicy, HnsPolicyList } from '../windows/hns';
import { canonicalNetworkType, flatPolicies, fromHcn, hcnKindOf } from './hcn';
import { looksLikePsList, parsePsList, type PsListNote } from './psList';

import { networkSchema, rsrSchema, vxlanPortSchema, vsidSchema, endpointPolicySchemas, endpointSchema, elbSchema, policyListSchema } from './hnsSchemas';
export type HnsDumpKind = 'network' | 'endpoint' | 'policylist';

/** Parsed objects of one or more dumps of one node. */
export interface HnsImport {
  networks: HnsNetwork[];
  /** Networks of types the model has no datapath for (`NAT`, `ICS`, `Transparent`, …), kept for the comparison. */
  otherNetworks: { ID: string; Name: string; Type: string }[];
  endpoints: HnsEndpoint[];
  policyLists: HnsPolicyList[];
  /** Endpoints whose OutBoundNAT exception list the dump could not show (list layout); windows/imported.ts keeps the derived one. */
  unreadExceptions: string[];
  /** Networks whose subnet policies (the VSID) the dump could not show. */
  unreadSubnetPolicies: string[];
  /** Objects whose policy list the dump cut (`...}`): what is missing may just not be shown. */
  truncatedPolicies: string[];
}

export function emptyHnsImport(): HnsImport {
  return { networks: [], otherNetworks: [], endpoints: [], policyLists: [], unreadExceptions: [], unreadSubnetPolicies: [], truncatedPolicies: [] };
}

/** Which dump an object comes from, by the fields only that cmdlet (or the HCN object) prints. */
export function hnsKindOf(v: unknown): HnsDumpKind | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  const o = v as Record<string, unknown>;
  if ('apiVersion' in o || 'kind' in o || typeof o.ID !== 'string') return undefined;
  const v2 = hcnKindOf(o);
  if (v2) return v2 === 'loadbalancer' ? 'policylist' : v2;
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

/** Whether the text looks like an HNS dump (so importFiles routes it here): JSON of HNS objects, or the list layout of them. */
export function looksLikeHnsDump(text: string): boolean {
  const t = text.replace(/^\uFEFF/, '').trimStart();
  if (t.startsWith('{') || t.startsWith('[')) {
    try {
      const { items } = elementsOf(JSON.parse(t) as unknown);
      return items.length > 0 && items.every((x) => hnsKindOf(x) !== undefined);
    } catch {
      return false;
    }
  }
  if (!looksLikePsList(t)) return false;
  const { objects } = parsePsList(t);
  return objects.length > 0 && objects.some((o) => hnsKindOf(o.value) !== undefined);
}

interface Ctx {
  file: string;
  diags: Diagnostic[];
  lines: (path: readonly (string | number)[]) => number | undefined;
  /** Paths (`<index>.<field>`) the list layout printed as `System.Object[]`, and cut ones (`...<index>.<field>`). */
  unreadable: Set<string>;
}

function issue(ctx: Ctx, kind: string, name: string, path: (string | number)[], message: string, severity: Diagnostic['severity'] = 'error'): void {
  const field = formatPath(path);
  ctx.diags.push({ severity, code: 'invalid-field', file: ctx.file, object: { kind, name }, field, line: ctx.lines(path), message });
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown, ctx: Ctx, kind: string, name: string, path: (string | number)[]): z.infer<S> | undefined {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  for (const is of r.error.issues) {
    const at = [...path, ...is.path.filter((p): p is string | number => typeof p !== 'symbol')];
    const got = valueAt(value, is.path);
    issue(ctx, kind, name, at, typeof got === 'string' || typeof got === 'number' ? `"${got}": ${is.message}` : is.message);
  }
  return undefined;
}

function valueAt(v: unknown, path: readonly PropertyKey[]): unknown {
  let cur = v;
  for (const k of path) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[k];
  }
  return cur;
}

/** Policies of a known Type (any case, v1 or v2 form) are validated; unknown Types are skipped with an info. */
function policies<T>(list: Record<string, unknown>[], ctx: Ctx, kind: string, name: string, path: (string | number)[], schemas: Record<string, z.ZodType>, skip: (p: Record<string, unknown>, i: number) => boolean = () => false): T[] {
  const out: T[] = [];
  (flatPolicies(list) as Record<string, unknown>[]).forEach((p, i) => {
    const type = typeof p.Type === 'string' ? p.Type : '';
    const schema = Object.hasOwn(schemas, type) ? schemas[type] : undefined;
    if (!schema) {
      issue(ctx, kind, name, [...path, i, 'Type'], `policy type "${type}" is not modelled; skipped`, 'info');
      return;
    }
    if (skip(p, i)) return;
    const v = parseWith(schema, p, ctx, kind, name, [...path, i]);
    if (v) out.push(v as T);
  });
  return out;
}

const CMDLET: Record<HnsDumpKind, string> = { network: 'Get-HnsNetwork', endpoint: 'Get-HnsEndpoint', policylist: 'Get-HnsPolicyList' };

/** Top-level fields the model reads, per kind: gaps elsewhere (Resources, Extensions, …) change nothing and are not reported. */
const READ_FIELDS: Record<HnsDumpKind, string[]> = { network: ['Subnets', 'Policies'], endpoint: ['Policies'], policylist: ['Policies', 'References'] };

/** What a gap costs, by the field's path. */
function gapEffect(path: (string | number)[]): string {
  const last = path[path.length - 1];
  if (last === 'VIPs') return 'without its frontend the load balancer is skipped';
  if (last === 'ExceptionList') return 'the OutBoundNAT exceptions the cluster implies are used instead (assumption)';
  if (path[0] === 'Subnets') return 'the VSID the cluster implies is used instead (assumption)';
  return 'what is not shown is not modelled';
}

/** The list layout's gaps as warnings, each with the command that prints the whole object. */
function noteDiagnostics(notes: PsListNote[], objects: { kind: HnsDumpKind | undefined; name: string }[], ctx: Ctx): void {
  for (const n of notes) {
    const o = objects[n.index];
    if (!o?.kind || !READ_FIELDS[o.kind].includes(String(n.path[0]))) continue;
    const field = formatPath([n.index, ...n.path]);
    const what =
      n.kind === 'unreadable'
        ? 'is printed as System.Object[] (the list layout does not show collections inside objects)'
        : 'ends with "...": PowerShell printed only the first items ($FormatEnumerationLimit), the rest are not in the dump';
    ctx.diags.push({
      severity: 'warning',
      code: 'invalid-field',
      file: ctx.file,
      object: { kind: KIND_NAME[o.kind], name: o.name },
      field,
      line: n.line,
      message: `${formatPath(n.path)} ${what}; ${gapEffect(n.path)}. For the whole object run \`${CMDLET[o.kind]} | ConvertTo-Json -Depth 10\``,
    });
  }
}

const KIND_NAME: Record<HnsDumpKind, string> = { network: 'HnsNetwork', endpoint: 'HnsEndpoint', policylist: 'HnsPolicyList' };

/** The objects of a dump with a line finder: JSON (ConvertTo-Json), or the list layout. */
function readRoot(clean: string, ctx: Ctx): { items: unknown[]; prefix: (string | number)[]; notes: PsListNote[] } | undefined {
  const t = clean.trimStart();
  if (t.startsWith('{') || t.startsWith('[')) {
    try {
      return { ...elementsOf(JSON.parse(clean) as unknown), notes: [] };
    } catch (e) {
      ctx.diags.push({ severity: 'error', code: 'yaml-syntax', file: ctx.file, message: `not JSON (ConvertTo-Json output expected): ${(e as Error).message}` });
      return undefined;
    }
  }
  if (!looksLikePsList(clean)) {
    ctx.diags.push({ severity: 'error', code: 'yaml-syntax', file: ctx.file, message: 'neither JSON nor PowerShell\'s list layout; dump the objects with `Get-HnsNetwork | ConvertTo-Json -Depth 10` (and Get-HnsEndpoint, Get-HnsPolicyList)' });
    return undefined;
  }
  const ps = parsePsList(clean);
  for (const line of ps.strayLines) {
    ctx.diags.push({ severity: 'warning', code: 'yaml-syntax', file: ctx.file, line, message: 'this line is not `Key : value` nor a continuation of one; skipped' });
  }
  for (const u of ps.notes) ctx.unreadable.add(`${u.kind === 'truncated' ? '...' : ''}${u.index}.${formatPath(u.path)}`);
  ctx.lines = (path) => {
    const [i, key] = path;
    const o = typeof i === 'number' ? ps.objects[i] : undefined;
    return o ? (typeof key === 'string' ? o.keyLines.get(key) : undefined) ?? o.line : undefined;
  };
  return { items: ps.objects.map((o) => o.value), prefix: [], notes: ps.notes };
}

/**
 * Parses one dump file into `into` (several files of one node add up).
 * Never throws: syntax errors and bad fields become diagnostics naming the
 * file, the array index (`[2].Policies[0].DestinationPrefix`) and the line.
 *
 * @param text the file's text: `ConvertTo-Json` output (HNS v1 or HCN v2 objects) or PowerShell's list layout.
 * @param file the file name, for diagnostics.
 */
export function parseHnsDump(text: string, file: string, into: HnsImport = emptyHnsImport()): { hns: HnsImport; diagnostics: Diagnostic[] } {
  const clean = text.replace(/^\uFEFF/, '');
  const ctx: Ctx = { file, diags: [], lines: lazyJsonLines(clean), unreadable: new Set() };
  const root = readRoot(clean, ctx);
  if (!root) return { hns: into, diagnostics: ctx.diags };
  const { items, prefix, notes } = root;
  const seen: { kind: HnsDumpKind | undefined; name: string }[] = [];
  items.forEach((item, i) => {
    const path = [...prefix, i];
    const kind = hnsKindOf(item);
    const given = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const o = fromHcn(given)?.value ?? given;
    const name = typeof o.Name === 'string' && o.Name ? o.Name : typeof o.ID === 'string' ? o.ID : `[${i}]`;
    seen.push({ kind, name });
    const at = { ctx, name, path, index: i };
    if (kind === 'network') readNetwork(o, at, into);
    else if (kind === 'endpoint') readEndpoint(o, at, into);
    else if (kind === 'policylist') readPolicyList(o, at, into);
    else issue(ctx, 'HNS object', name, path, 'not an HNS network, endpoint or policy list (expected ID with Subnets/ManagementIP, IPAddress/VirtualNetwork, or References; or the HCN fields Ipams, IpConfigurations, HostComputeEndpoints)');
  });
  noteDiagnostics(notes, seen, ctx);
  return { hns: into, diagnostics: ctx.diags };
}

interface At {
  ctx: Ctx;
  name: string;
  path: (string | number)[];
  /** The object's index in the list layout (for its unreadable fields). */
  index: number;
}

function unreadable(at: At, ...path: (string | number)[]): boolean {
  return at.ctx.unreadable.has(`${at.index}.${formatPath(path)}`);
}

function readNetwork(o: Record<string, unknown>, at: At, into: HnsImport): void {
  const { ctx, name, path } = at;
  const v = parseWith(networkSchema, { ...o, Type: canonicalNetworkType(o.Type) }, ctx, 'HnsNetwork', name, path);
  if (!v) return;
  if (v.Type !== 'Overlay' && v.Type !== 'L2Bridge') {
    issue(ctx, 'HnsNetwork', name, [...path, 'Type'], `network type "${v.Type}" has no datapath in the model (Overlay and L2Bridge do); kept for the comparison only`, 'info');
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
  if (v.Subnets.some((_s, si) => unreadable(at, 'Subnets', si, 'Policies'))) into.unreadSubnetPolicies.push(v.ID);
  into.networks.push(net);
}

/** OutBoundNAT exceptions one by one: an entry that is not an IPv4 address or prefix is dropped with a warning (a dual-stack node lists IPv6 ones too). */
function checkExceptions(policies: HnsEndpointPolicy[], at: At): HnsEndpointPolicy[] {
  return policies.map((p, pi) => {
    if (p.Type !== 'OutBoundNAT') return p;
    const ok = p.ExceptionList.filter((e, ei) => {
      if (parseCidr(e)) return true;
      issue(at.ctx, 'HnsEndpoint', at.name, [...at.path, 'Policies', pi, 'ExceptionList', ei], `"${e}" is not an IPv4 address or prefix; the exception is left out`, 'warning');
      return false;
    });
    return { ...p, ExceptionList: ok };
  });
}

function readEndpoint(o: Record<string, unknown>, at: At, into: HnsImport): void {
  const { ctx, name, path } = at;
  const v = parseWith(endpointSchema, o, ctx, 'HnsEndpoint', name, path);
  if (!v) return;
  const { Policies, ...rest } = v;
  const pols = checkExceptions(policies<HnsEndpointPolicy>(Policies, ctx, 'HnsEndpoint', name, [...path, 'Policies'], endpointPolicySchemas), at);
  Policies.forEach((p, pi) => {
    if (String(p.Type).toLowerCase() === 'outboundnat' && unreadable(at, 'Policies', pi, 'ExceptionList')) into.unreadExceptions.push(v.ID);
  });
  if (at.ctx.unreadable.has(`...${at.index}.Policies`)) into.truncatedPolicies.push(v.ID);
  into.endpoints.push({ ...rest, Policies: pols } as HnsEndpoint);
}

function readPolicyList(o: Record<string, unknown>, at: At, into: HnsImport): void {
  const { ctx, name, path } = at;
  const v = parseWith(policyListSchema, o, ctx, 'HnsPolicyList', name, path);
  if (!v) return;
  const skip = (p: Record<string, unknown>, i: number): boolean => {
    // Reported with the list layout's other gaps (noteDiagnostics).
    if (unreadable(at, 'Policies', i, 'VIPs')) return true;
    if (p.Protocol !== 6 && p.Protocol !== 17 && p.Protocol !== '6' && p.Protocol !== '17') {
      issue(ctx, 'HnsPolicyList', name, [...path, 'Policies', i, 'Protocol'], `protocol ${String(p.Protocol)} is not modelled (TCP 6 and UDP 17 are); the load balancer is skipped`, 'info');
      return true;
    }
    return false;
  };
  into.policyLists.push({ ID: v.ID, References: v.References, Policies: policies<HnsElbPolicy>(v.Policies, ctx, 'HnsPolicyList', name, [...path, 'Policies'], { ELB: elbSchema }, skip) });
}
