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
 * What each name resolves to is dnsRecords.ts (Service, headless Service,
 * ExternalName CNAME, pod, outside names). A headless answer has several
 * addresses: the client takes one, shown as a choice like a backend choice
 * (pinned with `--backend`). The DNS query to kube-dns is not traced.
 */
import { fnv1a } from '../model/hash';
import type { NodeOs, Scenario, ServiceSpec } from '../model/scenario';
import { dnsRecord, type DnsRecord } from './dnsRecords';

/** CNAME hops CoreDNS follows before it gives up (a loop of ExternalNames). Assumption: a small bound. */
const MAX_CNAMES = 8;

export type DnsAnswer =
  | { kind: 'service'; ip: string; service: ServiceSpec }
  | { kind: 'headless'; ip: string; service: ServiceSpec; choices: string[]; taken: number }
  | { kind: 'pod'; ip: string }
  | { kind: 'host'; ip: string; host: string };

export interface Resolution {
  /** Each name tried, in order, with whether it exists. */
  tried: { name: string; found: boolean }[];
  /** The CNAMEs followed (ExternalName Services), in order. */
  cnames?: { from: string; to: string }[];
  answer?: DnsAnswer;
  /** The Service whose ClusterIP answered (also through a CNAME). */
  service?: ServiceSpec;
  os: NodeOs;
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

/** The address the client takes from a record: one of a headless Service's (pinned, else by a hash of client and name). */
function answerOf(r: DnsRecord, client: string, name: string, pin?: string): DnsAnswer | undefined {
  switch (r.kind) {
    case 'service':
      return { kind: 'service', ip: r.ip, service: r.service };
    case 'headless': {
      const pinned = pin ? r.ips.indexOf(pin.split(':')[0]!) : -1;
      const taken = pinned >= 0 ? pinned : fnv1a(`${client}|${name}`) % r.ips.length;
      return { kind: 'headless', ip: r.ips[taken]!, service: r.service, choices: r.ips, taken };
    }
    case 'pod':
      return { kind: 'pod', ip: r.ip };
    case 'host':
      return { kind: 'host', ip: r.ip, host: r.host };
    default:
      return undefined;
  }
}

/**
 * Resolves `name` as a client in `namespace` on `os` does. Never throws: an
 * unknown name, a headless Service without ready endpoints or a CNAME loop
 * ends without an answer (NXDOMAIN).
 * @param client the client's address (spreads headless answers); @param pin `--backend`.
 */
export function resolveName(s: Scenario, name: string, namespace: string, os: NodeOs, client = '', pin?: string): Resolution {
  const tried: Resolution['tried'] = [];
  const candidates = os === 'windows' ? windowsCandidates(name, namespace, s.clusterDomain) : linuxCandidates(name, namespace, s.clusterDomain);
  for (const candidate of candidates) {
    let rec = dnsRecord(s, candidate);
    tried.push({ name: candidate, found: !!rec });
    if (!rec) continue;
    const cnames: { from: string; to: string }[] = [];
    let at = candidate.replace(/\.$/, '');
    while (rec?.kind === 'cname' && cnames.length < MAX_CNAMES) {
      cnames.push({ from: at, to: rec.target });
      at = rec.target;
      rec = dnsRecord(s, rec.target);
    }
    const answer = rec && answerOf(rec, client, at, pin);
    const service = answer?.kind === 'service' ? answer.service : undefined;
    return { tried, ...(cnames.length ? { cnames } : {}), ...(answer ? { answer } : {}), ...(service ? { service } : {}), os };
  }
  return { tried, os };
}

