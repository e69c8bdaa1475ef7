/**
 * Name resolution as a pod's resolver does it before the first packet
 * (`--dst dns:NAME`). Linux pods get `search <ns>.svc.<domain> svc.<domain>
 * <domain>` and `options ndots:5` from the kubelet: a name with fewer than 5
 * dots is tried with each search suffix first, then as is.
 * @see https://kubernetes.io/docs/concepts/services-networking/dns-pod-service/ ; the seed (part 16).
 *
 * Windows pods get the same suffixes as a DNS suffix search list, but the
 * Windows resolver appends them only to single-label names: a name with a dot
 * (`hello.demo`) is queried as is and does not resolve; `hello` and the FQDN
 * do. @see DATAPATH-FACTS §7 [K6] ("Pod→Service (PQDN, only if the name has no
 * '.')"); the seed («Короткие имена с точкой не разрешаются»).
 *
 * Only Service names are resolved (ClusterIP). The DNS query to kube-dns is
 * not traced.
 */
import type { NodeOs, Scenario, ServiceSpec } from '../model/scenario';

export interface Resolution {
  /** Each name tried, in order, with whether it exists. */
  tried: { name: string; found: boolean }[];
  service?: ServiceSpec;
  os: NodeOs;
}

function serviceByFqdn(s: Scenario, fqdn: string): ServiceSpec | undefined {
  const name = fqdn.replace(/\.$/, '');
  return s.services.find((v) => `${v.name}.${v.namespace}.svc.${s.clusterDomain}` === name && v.clusterIP);
}

/** Candidate FQDNs in the order the Linux (glibc/musl) resolver tries them. */
export function linuxCandidates(name: string, namespace: string, domain: string): string[] {
  if (name.endsWith('.')) return [name];
  const search = [`${namespace}.svc.${domain}`, `svc.${domain}`, domain];
  const dots = name.split('.').length - 1;
  const withSearch = search.map((s) => `${name}.${s}`);
  return dots >= 5 ? [name, ...withSearch] : [...withSearch, name];
}

/** Candidate FQDNs in the order the Windows resolver tries them: suffixes only for a single-label name. */
export function windowsCandidates(name: string, namespace: string, domain: string): string[] {
  if (name.endsWith('.') || name.includes('.')) return [name];
  return [`${namespace}.svc.${domain}`, `svc.${domain}`, domain].map((s) => `${name}.${s}`);
}

export function resolveServiceName(s: Scenario, name: string, namespace: string, os: NodeOs): Resolution {
  const tried: Resolution['tried'] = [];
  const candidates = os === 'windows' ? windowsCandidates(name, namespace, s.clusterDomain) : linuxCandidates(name, namespace, s.clusterDomain);
  for (const candidate of candidates) {
    const svc = serviceByFqdn(s, candidate);
    tried.push({ name: candidate, found: !!svc });
    if (svc) return { tried, service: svc, os };
  }
  return { tried, os };
}
