/**
 * A fast path past zod for the kinds a large cluster has thousands of (Node,
 * Pod, Service, EndpointSlice): hand-written checks that accept only input
 * the kind's schema (schemas.ts) accepts, and return what the schema's parse
 * returns (defaults filled, unknown fields dropped). Anything else — a wrong
 * type, an IPv6 address, a value out of range, a field the check is unsure
 * of — returns undefined, and the caller runs the zod schema, whose issues
 * become the diagnostics naming object and field as before. So the fast path
 * changes speed only: fastKinds.test.ts checks on generated, real and
 * mutated objects that every answer equals the schema's.
 *
 * zod costs ~20 µs per EndpointSlice (a payload, context and issue list per
 * field); these checks cost about one µs, and a 1,000-node dump has 30,000
 * such objects.
 */
import { hasHostBits, isIPv4, isIPv6, parseCidr } from '../model/ipv4';

type Rec = Record<string, unknown>;

export const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
export const optString = (v: unknown): boolean => v === undefined || typeof v === 'string';
const intIn = (v: unknown, min: number, max: number): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
const isPort = (v: unknown): v is number => intIn(v, 1, 65535);
/** A value of `z.enum(values).optional().default(values[0])`, or undefined when it is none of them. */
const oneOf = <T extends string>(v: unknown, values: readonly T[], fallback: T): T | undefined => (v === undefined ? fallback : values.includes(v as T) ? (v as T) : undefined);
const PROTOCOLS = ['TCP', 'UDP', 'SCTP'] as const;
const protocolOf = (v: unknown): (typeof PROTOCOLS)[number] | undefined => oneOf(v, PROTOCOLS, 'TCP');
// The enums as constants: an array literal in a call allocates on each of the 10,000s of calls.
const SERVICE_TYPES = ['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName'] as const;
const TRAFFIC_POLICIES = ['Cluster', 'Local'] as const;
const AFFINITIES = ['None', 'ClientIP'] as const;
const ADDRESS_TYPES = ['IPv4', 'IPv6', 'FQDN'] as const;

/** fields.ts `cidr` without an issue. */
const isCidr = (v: unknown): v is string => typeof v === 'string' && !isIPv6(v) && v.includes('/') && parseCidr(v) !== undefined && !hasHostBits(v);

/** Every element passes `f` (which returns undefined on failure): the mapped array; else undefined. */
export function arrayOf<T>(v: unknown, f: (x: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: T[] = new Array<T>(v.length);
  for (let i = 0; i < v.length; i++) {
    const x = f(v[i]);
    if (x === undefined) return undefined;
    out[i] = x;
  }
  return out;
}

/**
 * An array whose every element passes `ok`, as is: the loaded objects are not
 * kept, so the result may share it where zod would return an equal copy.
 */
function arrayWhere<T>(v: unknown, ok: (x: unknown) => x is T): T[] | undefined {
  if (!Array.isArray(v)) return undefined;
  for (let i = 0; i < v.length; i++) if (!ok(v[i])) return undefined;
  return v as T[];
}

const isString = (x: unknown): x is string => typeof x === 'string';
const isIPv4Text = (x: unknown): x is string => isIPv4(x as string);

/** fields.ts `labels`: a string → string record (shared, as arrayWhere), {} when absent. */
function stringRecord(v: unknown): Record<string, string> | undefined {
  if (v === undefined) return {};
  if (!isRec(v)) return undefined;
  for (const k in v) {
    // zod drops a `__proto__` key; leave that to it.
    if (k === '__proto__' || typeof v[k] !== 'string') return undefined;
  }
  return v as Record<string, string>;
}

interface Metadata {
  name: string;
  namespace?: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

export function metadataOf(v: unknown): Metadata | undefined {
  if (!isRec(v)) return undefined;
  const { name, namespace } = v;
  if (typeof name !== 'string' || name.length === 0 || !optString(namespace)) return undefined;
  const labels = stringRecord(v.labels);
  const annotations = labels && stringRecord(v.annotations);
  if (!labels || !annotations) return undefined;
  return namespace === undefined ? { name, labels, annotations } : { name, namespace: namespace as string, labels, annotations };
}

/** An optional object field: {} stands for absent. */
const optRec = (v: unknown): Rec | undefined => (v === undefined ? {} : isRec(v) ? v : undefined);

const NODE_INFO = ['osImage', 'kernelVersion', 'operatingSystem', 'kubeletVersion', 'kubeProxyVersion'] as const;

function podsQuantity(v: unknown): { pods?: string | number } | undefined {
  const r = optRec(v);
  if (!r) return undefined;
  const pods = r.pods;
  if (pods === undefined) return {};
  return typeof pods === 'string' || (typeof pods === 'number' && Number.isFinite(pods)) ? { pods } : undefined;
}

function nodeStatus(v: unknown): Rec | undefined {
  if (v === undefined) return { addresses: [] };
  if (!isRec(v)) return undefined;
  const addresses = v.addresses === undefined ? [] : arrayOf(v.addresses, (a) => (isRec(a) && typeof a.type === 'string' && typeof a.address === 'string' ? { type: a.type, address: a.address } : undefined));
  if (!addresses) return undefined;
  const out: Rec = { addresses };
  if (v.nodeInfo !== undefined) {
    if (!isRec(v.nodeInfo)) return undefined;
    const info: Rec = {};
    for (const k of NODE_INFO) {
      const x = v.nodeInfo[k];
      if (!optString(x)) return undefined;
      if (x !== undefined) info[k] = x;
    }
    out.nodeInfo = info;
  }
  for (const k of ['capacity', 'allocatable'] as const) {
    if (v[k] === undefined) continue;
    const q = podsQuantity(v[k]);
    if (!q) return undefined;
    out[k] = q;
  }
  return out;
}

/** schemas.ts nodeSchema's parse, or undefined. */
export function fastNode(v: Rec): Rec | undefined {
  const metadata = metadataOf(v.metadata);
  const spec = optRec(v.spec);
  if (!metadata || !spec) return undefined;
  if (spec.podCIDR !== undefined && !isCidr(spec.podCIDR)) return undefined;
  const status = nodeStatus(v.status);
  if (!status) return undefined;
  return { metadata, spec: spec.podCIDR === undefined ? {} : { podCIDR: spec.podCIDR }, status };
}

function containerPort(p: unknown): Rec | undefined {
  if (!isRec(p) || !optString(p.name) || !isPort(p.containerPort)) return undefined;
  const protocol = protocolOf(p.protocol);
  if (!protocol) return undefined;
  return p.name === undefined ? { containerPort: p.containerPort, protocol } : { name: p.name, containerPort: p.containerPort, protocol };
}

function container(c: unknown): Rec | undefined {
  if (!isRec(c)) return undefined;
  if (c.ports === undefined || c.ports === null) return c.ports === null ? { ports: null } : {};
  const ports = arrayOf(c.ports, containerPort);
  return ports && { ports };
}

/** schemas.ts podSchema's parse, or undefined. */
export function fastPod(v: Rec): Rec | undefined {
  const metadata = metadataOf(v.metadata);
  const spec = v.spec;
  if (!metadata || !isRec(spec) || typeof spec.nodeName !== 'string' || spec.nodeName.length === 0) return undefined;
  const hostNetwork = spec.hostNetwork === undefined ? false : spec.hostNetwork;
  if (typeof hostNetwork !== 'boolean') return undefined;
  const outSpec: Rec = { nodeName: spec.nodeName, hostNetwork };
  if (spec.containers !== undefined) {
    const containers = spec.containers === null ? null : arrayOf(spec.containers, container);
    if (containers === undefined) return undefined;
    outSpec.containers = containers;
  }
  const status = optRec(v.status);
  if (!status || (status.podIP !== undefined && !isIPv4(status.podIP as string))) return undefined;
  return { metadata, spec: outSpec, status: status.podIP === undefined ? {} : { podIP: status.podIP } };
}

const clusterIPItem = (x: unknown): string | undefined => (x === 'None' || isIPv4Text(x) ? x : undefined);
const FAMILIES = ['IPv4', 'IPv6'] as const;
const familyItem = (x: unknown): string | undefined => (FAMILIES.includes(x as (typeof FAMILIES)[number]) ? (x as string) : undefined);

function servicePort(p: unknown): Rec | undefined {
  if (!isRec(p) || !optString(p.name) || !isPort(p.port)) return undefined;
  const protocol = protocolOf(p.protocol);
  const { targetPort, nodePort } = p;
  if (!protocol || (targetPort !== undefined && !isPort(targetPort) && !(typeof targetPort === 'string' && targetPort.length > 0))) return undefined;
  if (nodePort !== undefined && !isPort(nodePort)) return undefined;
  const out: Rec = { protocol, port: p.port };
  if (p.name !== undefined) out.name = p.name;
  if (targetPort !== undefined) out.targetPort = targetPort;
  if (nodePort !== undefined) out.nodePort = nodePort;
  return out;
}

/** An optional array field defaulting to []. */
const optArray = <T>(v: unknown, f: (x: unknown) => T | undefined): T[] | undefined => (v === undefined ? [] : arrayOf(v, f));

function sessionAffinityConfigOf(v: unknown): Rec | undefined {
  if (!isRec(v)) return undefined;
  if (v.clientIP === undefined) return {};
  const t = isRec(v.clientIP) ? v.clientIP.timeoutSeconds : null;
  if (t === null || (t !== undefined && !intIn(t, 1, 86400))) return undefined;
  return { clientIP: t === undefined ? {} : { timeoutSeconds: t } };
}

function serviceSpecRest(spec: Rec, out: Rec): boolean {
  const { clusterIP, clusterIPs, ipFamilies, sessionAffinityConfig } = spec;
  if (clusterIP !== undefined) {
    if (clusterIPItem(clusterIP) === undefined) return false;
    out.clusterIP = clusterIP;
  }
  if (clusterIPs !== undefined) {
    const a = arrayOf(clusterIPs, clusterIPItem);
    if (!a) return false;
    out.clusterIPs = a;
  }
  if (spec.externalName !== undefined) {
    if (typeof spec.externalName !== 'string') return false;
    out.externalName = spec.externalName;
  }
  if (ipFamilies !== undefined) {
    const a = arrayOf(ipFamilies, familyItem);
    if (!a) return false;
    out.ipFamilies = a;
  }
  // healthCheckNodePort has .catch(undefined): an invalid value reads as absent.
  if (isPort(spec.healthCheckNodePort)) out.healthCheckNodePort = spec.healthCheckNodePort;
  if (sessionAffinityConfig !== undefined) {
    const c = sessionAffinityConfigOf(sessionAffinityConfig);
    if (!c) return false;
    out.sessionAffinityConfig = c;
  }
  return true;
}

function serviceStatus(v: unknown): Rec | undefined | null {
  if (v === undefined) return undefined;
  if (!isRec(v)) return null;
  if (v.loadBalancer === undefined) return {};
  if (!isRec(v.loadBalancer)) return null;
  if (v.loadBalancer.ingress === undefined) return { loadBalancer: {} };
  const ingress = arrayOf(v.loadBalancer.ingress, (i) => (isRec(i) && (i.ip === undefined || isIPv4(i.ip as string)) ? (i.ip === undefined ? {} : { ip: i.ip }) : undefined));
  return ingress ? { loadBalancer: { ingress } } : null;
}

/** schemas.ts serviceSchema's parse, or undefined. */
export function fastService(v: Rec): Rec | undefined {
  const metadata = metadataOf(v.metadata);
  const spec = v.spec;
  if (!metadata || !isRec(spec)) return undefined;
  const type = oneOf(spec.type, SERVICE_TYPES, 'ClusterIP');
  const ports = optArray(spec.ports, servicePort);
  const externalIPs = spec.externalIPs === undefined ? [] : arrayWhere(spec.externalIPs, isIPv4Text);
  const loadBalancerSourceRanges = spec.loadBalancerSourceRanges === undefined ? [] : arrayWhere(spec.loadBalancerSourceRanges, isString);
  const externalTrafficPolicy = oneOf(spec.externalTrafficPolicy, TRAFFIC_POLICIES, 'Cluster');
  const internalTrafficPolicy = oneOf(spec.internalTrafficPolicy, TRAFFIC_POLICIES, 'Cluster');
  const sessionAffinity = oneOf(spec.sessionAffinity, AFFINITIES, 'None');
  if (!type || !ports || !externalIPs || !loadBalancerSourceRanges || !externalTrafficPolicy || !internalTrafficPolicy || !sessionAffinity) return undefined;
  const outSpec: Rec = { type, ports, externalIPs, loadBalancerSourceRanges, externalTrafficPolicy, internalTrafficPolicy, sessionAffinity };
  if (!serviceSpecRest(spec, outSpec)) return undefined;
  const status = serviceStatus(v.status);
  if (status === null) return undefined;
  return status === undefined ? { metadata, spec: outSpec } : { metadata, spec: outSpec, status };
}

export function slicePort(p: unknown): Rec | undefined {
  if (!isRec(p) || !optString(p.name) || !isPort(p.port)) return undefined;
  const protocol = protocolOf(p.protocol);
  if (!protocol) return undefined;
  return p.name === undefined ? { port: p.port, protocol } : { name: p.name, port: p.port, protocol };
}

const CONDITIONS = ['ready', 'serving', 'terminating'] as const;

function conditionsOf(v: unknown): Rec | undefined {
  const c = optRec(v);
  if (!c) return undefined;
  const out: Rec = {};
  for (const k of CONDITIONS) {
    const x = c[k];
    if (x === undefined) continue;
    if (x !== null && typeof x !== 'boolean') return undefined;
    out[k] = x;
  }
  return out;
}

function targetRefOf(v: unknown): Rec | undefined {
  if (!isRec(v) || typeof v.name !== 'string' || !optString(v.kind) || !optString(v.namespace)) return undefined;
  const out: Rec = { name: v.name };
  if (v.kind !== undefined) out.kind = v.kind;
  if (v.namespace !== undefined) out.namespace = v.namespace;
  return out;
}

function endpointOf(e: unknown): Rec | undefined {
  if (!isRec(e) || !optString(e.nodeName)) return undefined;
  const addresses = arrayWhere(e.addresses, isString);
  const conditions = conditionsOf(e.conditions);
  if (!addresses || addresses.length === 0 || !conditions) return undefined;
  const out: Rec = { addresses, conditions };
  if (e.nodeName !== undefined) out.nodeName = e.nodeName;
  if (e.targetRef !== undefined) {
    const targetRef = targetRefOf(e.targetRef);
    if (!targetRef) return undefined;
    out.targetRef = targetRef;
  }
  return out;
}

/** schemas.ts endpointSliceSchema's parse, or undefined. */
export function fastEndpointSlice(v: Rec): Rec | undefined {
  const metadata = metadataOf(v.metadata);
  const addressType = oneOf(v.addressType, ADDRESS_TYPES, 'IPv4');
  const ports = v.ports === undefined || v.ports === null ? [] : arrayOf(v.ports, slicePort);
  const endpoints = v.endpoints === undefined || v.endpoints === null ? [] : arrayOf(v.endpoints, endpointOf);
  if (!metadata || !addressType || !ports || !endpoints) return undefined;
  return { metadata, addressType, ports, endpoints };
}
