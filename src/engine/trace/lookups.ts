/**
 * Per-cluster indexes for resolving a flow request, so a trace does not scan
 * every pod or Service: pods and Services by `namespace/name`, Services by
 * any of their addresses, pods by IP. Each keeps the first match in list
 * order, as the scans did. Built on the first request of a compiled cluster.
 */
import type { PodSpec, ServiceSpec } from '../model/scenario';
import type { CompiledCluster } from './cluster';

export interface ClusterLookups {
  pod(key: string): PodSpec | undefined;
  service(key: string): ServiceSpec | undefined;
  /** The first Service whose ClusterIP, externalIPs or LoadBalancer ingress is `ip`. */
  serviceByIp(ip: string): ServiceSpec | undefined;
  /** The first `namespace/name` (in podIP order) of a pod with this IP. */
  podKeyByIp(ip: string): string | undefined;
}

function firstBy<T>(items: readonly T[], keys: (t: T) => readonly (string | undefined)[]): Map<string, T> {
  const m = new Map<string, T>();
  for (const t of items) for (const k of keys(t)) if (k !== undefined && !m.has(k)) m.set(k, t);
  return m;
}

function build(c: CompiledCluster): ClusterLookups {
  const s = c.scenario;
  const pods = firstBy(s.pods, (p) => [`${p.namespace}/${p.name}`]);
  const services = firstBy(s.services, (v) => [`${v.namespace}/${v.name}`]);
  const servicesByIp = firstBy(s.services, (v) => [v.clusterIP, ...v.externalIPs, ...v.loadBalancerIngress]);
  const podKeys = new Map<string, string>();
  for (const [key, ip] of c.view.podIP) if (!podKeys.has(ip)) podKeys.set(ip, key);
  return {
    pod: (key) => pods.get(key),
    service: (key) => services.get(key),
    serviceByIp: (ip) => servicesByIp.get(ip),
    podKeyByIp: (ip) => podKeys.get(ip),
  };
}

const cache = new WeakMap<CompiledCluster, ClusterLookups>();

export function clusterLookups(c: CompiledCluster): ClusterLookups {
  let l = cache.get(c);
  if (!l) cache.set(c, (l = build(c)));
  return l;
}
