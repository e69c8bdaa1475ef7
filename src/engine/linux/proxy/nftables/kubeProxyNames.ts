/**
 * kube-proxy (nftables mode) names for per-service-port chains and sets.
 *
 * A base name is `HASH-ns/svc/proto/port` (service port) or
 * `HASH-ns/svc/proto/port__ip/port` (endpoint), where HASH is the first 8
 * characters of the padded standard base32 encoding of the SHA-256 of the
 * text after the dash; names longer than 240 characters are cut to 237 and
 * end in `...`. Prefixes: `service-`, `local-`, `external-`, `firewall-`,
 * `endpoint-`, `affinity-`. Examples from upstream's tests:
 * `service-ULMVA6XW-ns1/svc1/tcp/p80`,
 * `endpoint-5OJB2KTY-ns1/svc1/tcp/p80__10.180.0.1/80`.
 *
 * The "service port name" string used in element comments is `ns/svc:port`,
 * or `ns/svc` for an unnamed port.
 *
 * @see K4 kubernetes/kubernetes pkg/proxy/nftables/proxier.go (hashAndTruncate, servicePortChainNameBase, servicePortEndpointChainNameBase)
 * @see kubernetes/kubernetes pkg/proxy/types.go (ServicePortName.String)
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { base32 } from '@scure/base';

/** knftables.NameLengthMax (256) minus the 16 reserved for a prefix. */
const BASE_MAX = 256 - 16;

/** Identifies one port of one Service, as kube-proxy keys its chains. */
export interface ServicePortKey {
  namespace: string;
  name: string;
  /** `tcp`, `udp` or `sctp` (lower case). */
  proto: string;
  /** The port's name; empty for an unnamed port. */
  port: string;
}

/**
 * Names already hashed: every node's kube-proxy table names the same Service
 * ports and endpoints, so a node compile hashes each name once per cluster,
 * not once per node (and the nodes share the strings). Bounded; emptied when full.
 */
const hashed = new Map<string, string>();
const MAX_HASHED = 1 << 20;

function hashAndTruncate(text: string): string {
  const hit = hashed.get(text);
  if (hit !== undefined) return hit;
  if (hashed.size >= MAX_HASHED) hashed.clear();
  const name = hashName(text);
  hashed.set(text, name);
  return name;
}

function hashName(text: string): string {
  // The first 8 base32 characters encode exactly the digest's first 5 bytes (40 bits): encoding only those gives the same prefix.
  const name = `${base32.encode(sha256(utf8ToBytes(text)).subarray(0, 5))}-${text}`;
  return name.length > BASE_MAX ? `${name.slice(0, BASE_MAX - 3)}...` : name;
}

/** `HASH-ns/svc/proto/port`. */
export function servicePortChainBase(k: ServicePortKey): string {
  return hashAndTruncate(`${k.namespace}/${k.name}/${k.proto}/${k.port}`);
}

/** `HASH-ns/svc/proto/port__ip/port` (IPv6 colons would become dots; IPv4 only here). */
export function endpointChainBase(k: ServicePortKey, ip: string, port: number): string {
  return hashAndTruncate(`${k.namespace}/${k.name}/${k.proto}/${k.port}__${ip.replaceAll(':', '.')}/${port}`);
}

/** `ns/svc:port`, or `ns/svc` when the port is unnamed. */
export function servicePortNameString(k: ServicePortKey): string {
  return `${k.namespace}/${k.name}${k.port === '' ? '' : `:${k.port}`}`;
}

/** All chain and set names of one service port. */
export interface ServicePortChainNames {
  cluster: string;
  local: string;
  external: string;
  firewall: string;
}

/** `service-`, `local-`, `external-`, `firewall-` + the service port's base name. */
export function servicePortChainNames(k: ServicePortKey): ServicePortChainNames {
  const b = servicePortChainBase(k);
  return { cluster: `service-${b}`, local: `local-${b}`, external: `external-${b}`, firewall: `firewall-${b}` };
}

/** The endpoint chain and its affinity set. */
const endpointNameCache = new Map<string, { chain: string; affinitySet: string }>();

export function endpointNames(k: ServicePortKey, ip: string, port: number): { chain: string; affinitySet: string } {
  const b = endpointChainBase(k, ip, port);
  const hit = endpointNameCache.get(b);
  if (hit) return hit;
  if (endpointNameCache.size >= MAX_HASHED) endpointNameCache.clear();
  const names = { chain: `endpoint-${b}`, affinitySet: `affinity-${b}` };
  endpointNameCache.set(b, names);
  return names;
}
