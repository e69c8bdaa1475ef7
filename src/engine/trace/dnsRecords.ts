/**
 * What cluster DNS answers for one fully qualified name, as the Kubernetes DNS
 * specification defines the records and CoreDNS serves them.
 * @see https://github.com/kubernetes/dns/blob/master/docs/specification.md
 *   §2.3.1 (ClusterIP Service: A record of the ClusterIP), §2.4.1 (headless
 *   Service: one A record per ready endpoint address, NXDOMAIN without one),
 *   §2.5 (ExternalName: a CNAME to spec.externalName), §2.6 (pod A records
 *   `a-b-c-d.<ns>.pod.<zone>`); CoreDNS kubernetes plugin `pods insecure`
 *   (kubeadm's Corefile): the address is read from the name, no pod is
 *   looked up. @see https://kubernetes.io/docs/concepts/services-networking/dns-pod-service/
 *
 * A name outside the cluster domain is not CoreDNS's: it forwards it upstream.
 * Assumption (marked in the trace): the upstream answers a Fabric host's name
 * with its address, and any other name of two labels or more with the
 * `internet` host's address, except a name ending in one of the cluster's
 * namespaces (`hello.demo`), which is no public name: NXDOMAIN.
 */
import { isIPv4 } from '../model/ipv4';
import type { Scenario, ServiceSpec } from '../model/scenario';

export type DnsRecord =
  | { kind: 'service'; ip: string; service: ServiceSpec }
  | { kind: 'headless'; ips: string[]; service: ServiceSpec }
  | { kind: 'cname'; target: string; service: ServiceSpec }
  | { kind: 'pod'; ip: string }
  | { kind: 'host'; ip: string; host: string; assumed: boolean };

/** The ready endpoints' IPv4 addresses of a headless Service, each once (spec §2.4.1: ready endpoints only). */
function readyAddresses(s: Scenario, svc: ServiceSpec): string[] {
  const out: string[] = [];
  for (const slice of s.endpointSlices) {
    if (slice.namespace !== svc.namespace || slice.serviceName !== svc.name) continue;
    for (const ep of slice.endpoints) if (ep.ready) for (const a of ep.addresses) if (isIPv4(a) && !out.includes(a)) out.push(a);
  }
  return out;
}

function serviceRecord(s: Scenario, svc: ServiceSpec): DnsRecord | undefined {
  if (svc.type === 'ExternalName') return svc.externalName ? { kind: 'cname', target: svc.externalName, service: svc } : undefined;
  if (svc.clusterIP) return { kind: 'service', ip: svc.clusterIP, service: svc };
  if (!svc.headless) return undefined;
  const ips = readyAddresses(s, svc);
  return ips.length ? { kind: 'headless', ips, service: svc } : undefined;
}

/** Outside the cluster domain: a Fabric host by name, else the `internet` host for a public-looking name (assumption). */
function upstreamRecord(s: Scenario, name: string): DnsRecord | undefined {
  const host = s.fabric.hosts.find((h) => h.name.toLowerCase() === name);
  if (host) return { kind: 'host', ip: host.ip, host: host.name, assumed: true };
  const labels = name.split('.');
  const namespaces = new Set([...s.pods.map((p) => p.namespace), ...s.services.map((v) => v.namespace), ...(s.namespaces ?? []).map((n) => n.name)]);
  if (labels.length < 2 || namespaces.has(labels.at(-1)!)) return undefined;
  const internet = s.fabric.hosts.find((h) => h.name === 'internet') ?? s.fabric.hosts.find((h) => h.external);
  return internet ? { kind: 'host', ip: internet.ip, host: internet.name, assumed: true } : undefined;
}

/** The record for `fqdn` (a trailing dot allowed), or undefined: NXDOMAIN. */
export function dnsRecord(s: Scenario, fqdn: string): DnsRecord | undefined {
  const name = fqdn.replace(/\.$/, '').toLowerCase();
  const domain = s.clusterDomain.toLowerCase();
  if (!name.endsWith(`.${domain}`) && name !== domain) return upstreamRecord(s, name);
  const rel = name.slice(0, -(domain.length + 1)).split('.');
  if (rel.length === 3 && rel[2] === 'svc') {
    const svc = s.services.find((v) => v.name === rel[0] && v.namespace === rel[1]);
    return svc ? serviceRecord(s, svc) : undefined;
  }
  if (rel.length === 3 && rel[2] === 'pod') {
    const ip = rel[0]!.replaceAll('-', '.');
    return isIPv4(ip) ? { kind: 'pod', ip } : undefined;
  }
  return undefined;
}
