/**
 * HNS objects as the real tools print them (issue 17 item 8): the keys real
 * dumps have, in the order HNS returns them, shown as PowerShell's list
 * layout (`Get-HnsEndpoint`) or as `ConvertTo-Json -Depth 10`.
 *
 * Key order, from the real dumps in shared/real-samples:
 * - HNS on Windows Server 2019 returns keys in alphabetical order
 *   (hns-network-1.txt, hns-policylist-1.txt: HNS Version 38654705669/66);
 * - HNS on Windows Server 2022 returns an endpoint's ID, Name, Version first
 *   and the rest in its own order (hns-endpoint-1.txt, Version 55834574851).
 * Nested objects (policies, subnets) print their keys alphabetically in
 * every sample. Keys a real dump does not have (the model's SourceMac,
 * NetworkAdapterName) are not printed; keys the model cannot know
 * (ActivityId, Health, Resources, Version, …) are left out, not invented.
 *
 * Assumptions: a 2022 network or policy list is printed in the 2019 order
 * (no 2022 sample of them); Windows Server 2025 prints as 2022; the
 * position of IsRemoteEndpoint (a real HNS key, absent from the endpoint
 * sample) in the 2022 order is after EncapOverhead.
 */

export type HnsObjectKind = 'network' | 'endpoint' | 'policylist';

/** Every key of the real dumps, per object (the samples' keys; IsRemoteEndpoint from hcsshim's HNSEndpoint). */
const REAL_KEYS: Record<HnsObjectKind, readonly string[]> = {
  network: ['ActivityId', 'AdditionalParams', 'CurrentEndpointCount', 'DNSServerCompartment', 'DrMacAddress', 'Extensions', 'Flags', 'Health', 'ID', 'IPv6', 'LayeredOn', 'MacPools', 'ManagementIP', 'MaxConcurrentEndpoints', 'Name', 'Policies', 'Resources', 'State', 'Subnets', 'TotalEndpoints', 'Type', 'Version'],
  // hns-endpoint-1.txt's order (Windows Server 2022).
  endpoint: ['ID', 'Name', 'Version', 'AdditionalParams', 'Resources', 'State', 'VirtualNetwork', 'VirtualNetworkName', 'Policies', 'MacAddress', 'IPAddress', 'PrefixLength', 'GatewayAddress', 'IPSubnetId', 'DNSServerList', 'DNSSuffix', 'Namespace', 'EncapOverhead', 'IsRemoteEndpoint', 'SharedContainers'],
  policylist: ['ActivityId', 'AdditionalParams', 'Health', 'ID', 'IsApplied', 'Policies', 'References', 'Resources', 'State', 'Version'],
};

/** The first Windows Server 2022 build: HNS there orders an endpoint's keys its own way. */
export const WS2022_BUILD = 20348;

export type HnsKeyOrder = 'alphabetical' | 'ws2022';

/** The key order a node's HNS prints `kind` in; unknown builds print as the newest. */
export function hnsKeyOrder(kind: HnsObjectKind, build: number | undefined): HnsKeyOrder {
  return kind === 'endpoint' && (build === undefined || build >= WS2022_BUILD) ? 'ws2022' : 'alphabetical';
}

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A zero value HNS leaves out of a nested object (hcsshim's policy fields are `omitempty`: the samples show no ILB/IsDSR False). */
function isZero(v: unknown): boolean {
  return v === false || v === 0 || v === '' || v === null || v === undefined || (Array.isArray(v) && v.length === 0);
}

/** A nested value with its object keys in alphabetical order (as every sample prints nested objects), zero values left out. */
function sortedNested(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedNested);
  if (!isRecord(v)) return v;
  return Object.fromEntries(
    Object.keys(v)
      .filter((k) => !isZero(v[k]))
      .sort(byName)
      .map((k) => [k, sortedNested(v[k])]),
  );
}

/** The object with only real keys, in the order its HNS returns them. */
export function realHnsObject(o: object, kind: HnsObjectKind, build: number | undefined): Record<string, unknown> {
  const rec = o as Record<string, unknown>;
  const known = REAL_KEYS[kind];
  const keys = Object.keys(rec).filter((k) => known.includes(k) && rec[k] !== undefined);
  const order = hnsKeyOrder(kind, build) === 'ws2022' ? (a: string, b: string) => known.indexOf(a) - known.indexOf(b) : byName;
  return Object.fromEntries(keys.sort(order).map((k) => [k, sortedNested(rec[k])]));
}

/** PowerShell's `$FormatEnumerationLimit` default (about_Preference_Variables). */
export const FORMAT_ENUMERATION_LIMIT = 4;

function scalar(v: unknown): string {
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (v === null || v === undefined) return '';
  return String(v);
}

/** A value inside `@{…}`: collections print as their type name, nested objects as nothing. */
function innerValue(v: unknown): string {
  if (Array.isArray(v)) return 'System.Object[]';
  if (isRecord(v)) return '';
  return scalar(v);
}

function hashtable(o: Record<string, unknown>): string {
  return `@{${Object.entries(o).map(([k, v]) => `${k}=${innerValue(v)}`).join('; ')}}`;
}

/** A property's value in the list layout: `{a, b, c, d...}`, `@{k=v; …}`, `True`, text. */
function listValue(v: unknown): string {
  if (Array.isArray(v)) {
    const shown = v.slice(0, FORMAT_ENUMERATION_LIMIT).map((x) => (isRecord(x) ? hashtable(x) : scalar(x)));
    return `{${shown.join(', ')}${v.length > FORMAT_ENUMERATION_LIMIT ? '...' : ''}}`;
  }
  return isRecord(v) ? hashtable(v) : scalar(v);
}

/**
 * Objects in PowerShell's list layout: `Key : value`, keys padded to the
 * longest, one blank line between objects. Assumption: a console wide
 * enough that no value wraps.
 */
export function psListText(objects: readonly Record<string, unknown>[]): string {
  return objects
    .map((o) => {
      const width = Math.max(0, ...Object.keys(o).map((k) => k.length));
      return Object.entries(o).map(([k, v]) => `${k.padEnd(width)} : ${listValue(v)}`.trimEnd()).join('\n');
    })
    .join('\n\n');
}
