/**
 * The cluster's service CIDR(s), from the best source the input has
 * (issue 17 item 4), in this order:
 * 1. ServiceCIDR objects (networking.k8s.io/v1; the API server creates the
 *    one named `kubernetes` from its flag, and more can be added);
 * 2. the kube-apiserver static pod's `--service-cluster-ip-range`;
 * 3. the Tigera operator's `Installation.spec.serviceCIDRs`;
 * 4. derived from the ClusterIPs in use (a `derived` diagnostic): the
 *    well-known default range that holds all of them (kubeadm 10.96.0.0/12,
 *    k3s/RKE2 10.43.0.0/16), else the smallest prefix that does, widened to
 *    /16 (assumption: a real range is rarely smaller);
 * 5. nothing at all: kubeadm's default 10.96.0.0/12.
 * @see kubernetes.io/docs/concepts/services-networking/cluster-ip-allocation (ServiceCIDR),
 *   kube-apiserver reference (--service-cluster-ip-range), docs.k3s.io/cli/server (--service-cidr default 10.43.0.0/16)
 */
import type { Diagnostic, ObjectRef } from '../model/diagnostic';
import { cidrContains, intToIp, ipToInt, isIPv4, parseCidr } from '../model/ipv4';
import type { ServiceSpec } from '../model/scenario';
import type { RawObject } from './parse';
import { refOf } from './validate';

/** A service range read from one object. */
export interface ServiceRangeSource {
  ref: ObjectRef;
  cidrs: string[];
}

export interface ServiceCidrInputs {
  /** ServiceCIDR objects. */
  objects: ServiceRangeSource[];
  /** kube-apiserver static pods (`--service-cluster-ip-range`). */
  apiServer: ServiceRangeSource[];
}

export function emptyServiceCidrInputs(): ServiceCidrInputs {
  return { objects: [], apiServer: [] };
}

/** kubeadm's default `serviceSubnet` (and the seed's clusters). */
export const DEFAULT_SERVICE_CIDR = '10.96.0.0/12';
/** Defaults of common distributions, tried when the range is derived from ClusterIPs. */
const KNOWN_DEFAULTS = [DEFAULT_SERVICE_CIDR, '10.43.0.0/16'];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** IPv4 prefixes of a list; IPv6 ones (dual stack) are left out silently, others reported. */
function ipv4Prefixes(list: string[], raw: RawObject, field: string, linePath: (string | number)[], diags: Diagnostic[]): string[] {
  return list.flatMap((c) => {
    const t = c.trim();
    if (t.includes(':')) return [];
    const p = parseCidr(t);
    if (p && t.includes('/')) return [p.text];
    diags.push({ severity: 'error', code: 'invalid-field', object: refOf(raw), field, line: raw.lineOf(linePath), message: `"${t}" is not an IPv4 CIDR; ignored` });
    return [];
  });
}

/** A ServiceCIDR object: `spec.cidrs`. */
export function readServiceCidrObject(raw: RawObject, into: ServiceCidrInputs, diags: Diagnostic[]): void {
  const spec = raw.value.spec;
  const cidrs = isRecord(spec) && Array.isArray(spec.cidrs) ? spec.cidrs.filter((c): c is string => typeof c === 'string') : [];
  if (cidrs.length === 0) {
    diags.push({ severity: 'warning', code: 'invalid-field', object: refOf(raw), field: 'spec.cidrs', line: raw.lineOf(['spec']), message: 'a ServiceCIDR without spec.cidrs; skipped' });
    return;
  }
  const v4 = ipv4Prefixes(cidrs, raw, 'spec.cidrs', ['spec', 'cidrs'], diags);
  if (v4.length) into.objects.push({ ref: refOf(raw), cidrs: v4 });
}

/** The value of `--name=value` or `--name value` in a container's command and args. */
export function flagValue(argv: string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!.trim();
    if (a.startsWith(`${name}=`)) return a.slice(name.length + 1);
    if (a === name && i + 1 < argv.length) return argv[i + 1];
  }
  return undefined;
}

/** A container's command and args as one list of words (a shell `-c` string is split at spaces). */
export function containerArgv(c: Record<string, unknown>): string[] {
  const words = [c.command, c.args].flatMap((v) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []));
  return words.flatMap((w) => w.split(/\s+/)).filter(Boolean);
}

/** Containers of a Pod or of a workload's pod template. */
export function containersOf(value: Record<string, unknown>): Record<string, unknown>[] {
  const spec = value.spec;
  if (!isRecord(spec)) return [];
  const podSpec = isRecord(spec.template) && isRecord(spec.template.spec) ? spec.template.spec : spec;
  return Array.isArray(podSpec.containers) ? podSpec.containers.filter(isRecord) : [];
}

/** A Pod: when it runs kube-apiserver, its `--service-cluster-ip-range` (the pod itself is read as any pod). */
export function readApiServerPod(raw: RawObject, into: ServiceCidrInputs, diags: Diagnostic[]): void {
  for (const [i, c] of containersOf(raw.value).entries()) {
    const argv = containerArgv(c);
    if (c.name !== 'kube-apiserver' && !argv.some((a) => a.endsWith('kube-apiserver'))) continue;
    const range = flagValue(argv, '--service-cluster-ip-range');
    if (!range) continue;
    const v4 = ipv4Prefixes(range.split(','), raw, `spec.containers[${i}].command`, ['spec', 'containers', i], diags);
    if (v4.length) into.apiServer.push({ ref: refOf(raw), cidrs: v4 });
  }
}

/** The smallest prefix holding every address (0 addresses: undefined). */
function covering(ips: string[]): string | undefined {
  if (ips.length === 0) return undefined;
  const ns = ips.map(ipToInt);
  const lo = Math.min(...ns);
  const hi = Math.max(...ns);
  let len = 32;
  while (len > 0 && lo >>> (32 - len) !== hi >>> (32 - len)) len--;
  return parseCidr(`${intToIp(lo)}/${len}`)!.text;
}

/**
 * The service CIDRs by the order above, with a diagnostic when they were
 * derived or when sources disagree.
 */
export function chooseServiceCidrs(inputs: ServiceCidrInputs, installation: string[] | undefined, services: ServiceSpec[], diags: Diagnostic[]): string[] {
  const objects = [...new Set(inputs.objects.flatMap((o) => o.cidrs))];
  const flag = inputs.apiServer[0]?.cidrs ?? [];
  const pick = objects.length ? objects : flag.length ? flag : installation?.length ? installation : undefined;
  if (pick) {
    // Sources that say otherwise are worth a word: the Installation's serviceCIDRs feed Calico for Windows.
    if (installation?.length && (objects.length || flag.length) && installation.join(',') !== pick.join(',')) {
      diags.push({ severity: 'warning', code: 'conflict', object: { kind: 'Installation', name: 'default' }, field: 'spec.serviceCIDRs', message: `Installation.spec.serviceCIDRs (${installation.join(', ')}) differs from the cluster's service range ${pick.join(', ')} (${objects.length ? 'ServiceCIDR' : 'kube-apiserver --service-cluster-ip-range'})` });
    }
    return pick;
  }
  const ips = [...new Set(services.flatMap((s) => (s.clusterIP && isIPv4(s.clusterIP) ? [s.clusterIP] : [])))];
  if (ips.length === 0) {
    diags.push({ severity: 'info', code: 'derived', object: { kind: 'ServiceCIDR', name: 'derived' }, message: `no ServiceCIDR, kube-apiserver pod, Installation.serviceCIDRs or ClusterIP: assumed kubeadm's default service range ${DEFAULT_SERVICE_CIDR}` });
    return [DEFAULT_SERVICE_CIDR];
  }
  const known = KNOWN_DEFAULTS.find((c) => ips.every((ip) => cidrContains(parseCidr(c)!, ip)));
  const cover = covering(ips)!;
  const derived = known ?? (parseCidr(cover)!.len > 16 ? parseCidr(`${cover.split('/')[0]}/16`)!.text : cover);
  diags.push({
    severity: 'info',
    code: 'derived',
    object: { kind: 'ServiceCIDR', name: 'derived' },
    params: { cidr: derived, count: ips.length },
    message: `no ServiceCIDR, kube-apiserver pod or Installation.serviceCIDRs: the service range ${derived} is derived from the ${ips.length} ClusterIP(s) in use (${known ? 'a common default that holds them all' : 'the smallest prefix holding them, at least a /16: an assumption'}); add the ServiceCIDR objects (kubectl get servicecidrs -o yaml) to be exact`,
  });
  return [derived];
}
