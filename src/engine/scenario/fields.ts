/**
 * zod field types shared by the kind schemas: IPv4 addresses and prefixes
 * (IPv6 gets its own diagnostic code, since the model is IPv4-only), ports,
 * and Kubernetes metadata.
 */
import { z } from 'zod';
import { hasHostBits, isIPv4, isIPv6, parseCidr } from '../model/ipv4';
import { isDns1123Subdomain } from '../model/objectNames';

/** Marker in a zod issue's params that maps it to the `ipv6-unsupported` diagnostic. */
export const IPV6_ISSUE = 'ipv6-unsupported';

export const ipv4 = z.string().superRefine((s, ctx) => {
  if (isIPv4(s)) return;
  if (isIPv6(s)) {
    ctx.addIssue({ code: 'custom', message: `IPv6 address ${s} is not supported (IPv4 only)`, params: { code: IPV6_ISSUE } });
    return;
  }
  ctx.addIssue({ code: 'custom', message: `"${s}" is not an IPv4 address` });
});

export const cidr = z.string().superRefine((s, ctx) => {
  if (isIPv6(s)) {
    ctx.addIssue({ code: 'custom', message: `IPv6 prefix ${s} is not supported (IPv4 only)`, params: { code: IPV6_ISSUE } });
    return;
  }
  if (!parseCidr(s) || !s.includes('/')) {
    ctx.addIssue({ code: 'custom', message: `"${s}" is not an IPv4 CIDR (a.b.c.d/len)` });
    return;
  }
  if (hasHostBits(s)) ctx.addIssue({ code: 'custom', message: `"${s}" has host bits set; did you mean ${parseCidr(s)!.text}?` });
});

/** An IPv4 or IPv6 address: dual-stack fields hold both; normalize keeps the IPv4 ones. */
export const ipAny = z.string().superRefine((s, ctx) => {
  if (!isIPv4(s) && !isIPv6Address(s)) ctx.addIssue({ code: 'custom', message: `"${s}" is not an IP address` });
});

function isIPv6Address(s: string): boolean {
  return !s.includes('/') && isIPv6(s);
}

export const port = z.number().int().min(1).max(65535);

/** A MAC as `aa:bb:cc:dd:ee:ff` or Windows' `AA-BB-CC-DD-EE-FF`, read as the former. */
export const mac = z
  .string()
  .regex(/^[0-9a-fA-F]{2}([:-][0-9a-fA-F]{2}){5}$/, 'is not a MAC address (aa:bb:cc:dd:ee:ff)')
  .transform((s) => s.toLowerCase().replaceAll('-', ':'));

/** Names inside the Fabric (hosts, subnets, the gateway) end up in commands and links: DNS-1123 subdomains, as object names. */
export const objectName = z.string().refine(isDns1123Subdomain, 'is not a DNS-1123 subdomain (lower-case letters, digits, "-" and ".")');

export const labels = z.record(z.string(), z.string()).optional().default({});

export const metadata = z.object({
  name: z.string().min(1),
  namespace: z.string().optional(),
  labels,
  annotations: labels,
});

/** Kubernetes protocol names; SCTP is read but not traced. */
export const protocol = z.enum(['TCP', 'UDP', 'SCTP']).optional().default('TCP');
