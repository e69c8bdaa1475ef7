/**
 * IPv4 addresses and prefixes: validation by ipaddr.js, arithmetic on 32-bit
 * integers (prefix matching runs for every route of every hop). Total: no
 * helper throws on bad text; a parse returns undefined, and matching against
 * something that is not an address or prefix never matches.
 */
import ipaddr from 'ipaddr.js';

/** A parsed IPv4 prefix: `base` is the network address as an unsigned 32-bit integer. */
export interface Cidr {
  base: number;
  len: number;
  text: string;
}

/**
 * `192.168.10.20` → 3232238100; anything that is not dotted-quad IPv4 → undefined.
 * Four decimal octets of 1–3 ASCII digits, no leading zeros, each ≤ 255:
 * ipaddr.js's isValidFourPartDecimal, scanned by hand in one pass without
 * allocating (it runs for every route of every hop and every address loaded).
 */
export function parseIPv4(ip: string): number | undefined {
  if (typeof ip !== 'string') return undefined;
  const n = ip.length;
  if (n < 7 || n > 15) return undefined;
  let value = 0;
  let i = 0;
  for (let octet = 0; octet < 4; octet++) {
    if (octet > 0) {
      if (ip.charCodeAt(i) !== 46 /* . */) return undefined;
      i++;
    }
    const start = i;
    let v = 0;
    while (i < n) {
      const c = ip.charCodeAt(i) - 48;
      if (c < 0 || c > 9) break;
      v = v * 10 + c;
      i++;
    }
    const digits = i - start;
    if (digits === 0 || digits > 3 || (digits > 1 && ip.charCodeAt(start) === 48) || v > 255) return undefined;
    value = value * 256 + v;
  }
  return i === n ? value : undefined;
}

export function isIPv4(s: string): boolean {
  return parseIPv4(s) !== undefined;
}

const IPV6_START = /^[0-9a-f]{0,4}:/i;

export function isIPv6(s: string): boolean {
  // Every IPv6 address starts with up to four hex digits and a colon; the
  // check spares ipaddr.js's parser on each place name (`svc:ns/name`) a trace resolves.
  return typeof s === 'string' && IPV6_START.test(s) && ipaddr.IPv6.isValid(s.split('/')[0] ?? '');
}

/**
 * `192.168.10.20` → 3232238100, for addresses the loader validated. Not an
 * address → NaN, which no prefix contains (cidrContains) instead of a throw.
 */
export function ipToInt(ip: string): number {
  return parseIPv4(ip) ?? NaN;
}

export function intToIp(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

function mask(len: number): number {
  return len === 0 ? 0 : (0xffffffff << (32 - len)) >>> 0;
}

/**
 * Parses `a.b.c.d/len` (or a bare address as /32). Returns undefined when it
 * is not IPv4 CIDR notation. Host bits are masked off (`text` keeps the
 * canonical network form).
 */
export function parseCidr(s: string): Cidr | undefined {
  const hit = cidrCache.get(s);
  if (hit !== undefined) return hit ?? undefined;
  const c = parseCidrText(s);
  if (cidrCache.size >= CIDR_CACHE_SIZE) cidrCache.clear();
  cidrCache.set(s, c ? Object.freeze(c) : null);
  return c;
}

/**
 * Parsed prefixes by text, frozen (shared by every caller): rules and routes
 * name the same few prefixes on every packet. Bounded, as input text is
 * untrusted; cleared when full.
 */
const cidrCache = new Map<string, Cidr | null>();
const CIDR_CACHE_SIZE = 8192;

function parseCidrText(s: string): Cidr | undefined {
  const [addr, lenText] = s.split('/');
  if (!addr || !isIPv4(addr)) return undefined;
  const len = lenText === undefined ? 32 : Number(lenText);
  if (!Number.isInteger(len) || len < 0 || len > 32 || (lenText !== undefined && !/^\d+$/.test(lenText))) return undefined;
  const base = (ipToInt(addr) & mask(len)) >>> 0;
  return { base, len, text: `${intToIp(base)}/${len}` };
}

/** Whether the CIDR text has host bits set (e.g. `172.20.0.1/16`). */
export function hasHostBits(s: string): boolean {
  const c = parseCidr(s);
  const addr = s.split('/')[0];
  return c !== undefined && addr !== undefined && ipToInt(addr) !== c.base;
}

/** Whether the prefix holds the address; false when either is missing or not IPv4 (a bad imported prefix matches nothing). */
export function cidrContains(c: Cidr | undefined, ip: string | number): boolean {
  const n = typeof ip === 'number' ? ip : ipToInt(ip);
  if (!c || !Number.isInteger(n) || n < 0 || n > 0xffffffff) return false;
  return ((n & mask(c.len)) >>> 0) === c.base;
}

/** Whether prefix `inner` lies entirely inside `outer`. */
export function cidrCovers(outer: Cidr | undefined, inner: Cidr | undefined): boolean {
  return outer !== undefined && inner !== undefined && inner.len >= outer.len && cidrContains(outer, inner.base);
}

/** The n-th address of a prefix (0 = network address). */
export function nthAddress(c: Cidr, n: number): string {
  return intToIp((c.base + n) >>> 0);
}

/** Number of addresses in the prefix. */
export function cidrSize(c: Cidr): number {
  return 2 ** (32 - c.len);
}

/** The prefix of length `len` containing `ip`. */
export function prefixOf(ip: string | number, len: number): Cidr {
  // Not an address → 0.0.0.0/len, so a caller that skipped validation gets a harmless prefix, not NaN.
  const parsed = typeof ip === 'number' ? ip : ipToInt(ip);
  const n = Number.isInteger(parsed) ? parsed : 0;
  len = Number.isInteger(len) ? Math.min(32, Math.max(0, len)) : 32;
  const base = (n & mask(len)) >>> 0;
  return { base, len, text: `${intToIp(base)}/${len}` };
}

/** 127.0.0.0/8 (a prefix test: it runs on every hop). */
export function isLoopback(ip: string): boolean {
  return ip.startsWith('127.');
}

/**
 * The IANA special range of a valid IPv4 address, as ipaddr.js names it: 'unspecified' (0.0.0.0/8), 'loopback',
 * 'linkLocal', 'multicast', 'broadcast', 'reserved', 'private', 'carrierGradeNat', 'unicast', ….
 */
export function ipv4Range(ip: string): string {
  return ipaddr.IPv4.parse(ip).range();
}
