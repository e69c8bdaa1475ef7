/**
 * Which endpoints kube-proxy programs for one service port on one node —
 * the same on Linux (nftables) and Windows (winkernel): both use the shared
 * pkg/proxy EndpointSlice cache and CategorizeEndpoints.
 *
 * - Endpoints come from the EndpointSlices labelled with the service's name in
 *   its namespace, for the slice port whose name and protocol equal the
 *   service port's; the slice port's number is the target port (the Service's
 *   `targetPort` is not read). The first address of an endpoint is used.
 * - Duplicates (same `ip:port`) collapse into one, a local one winning.
 * - The list is sorted by the string `ip:port` (string order, so
 *   `10.0.0.10:80` sorts before `10.0.0.2:80`); numgen index i is the i-th.
 * - Usable = ready; when no endpoint is ready, serving-and-terminating ones
 *   are used instead (separately for the Cluster and the Local list).
 *
 * Assumption: topology hints (trafficDistribution, zone hints) are not
 * modelled; every node behaves as if no hints were present.
 *
 * @see kubernetes/kubernetes pkg/proxy/endpointslicecache.go (addEndpoints, endpointsMapFromEndpointInfo)
 * @see kubernetes/kubernetes pkg/proxy/topology.go (CategorizeEndpoints)
 */
import type { ObjectRef } from './diagnostic';
import { isIPv4 } from './ipv4';
import type { EndpointSliceSpec, ServicePortSpec, ServiceSpec } from './scenario';

export interface KubeProxyEndpoint {
  ip: string;
  port: number;
  isLocal: boolean;
  ready: boolean;
  serving: boolean;
  terminating: boolean;
  /** The EndpointSlice it came from. */
  owner: ObjectRef;
}

/** `ip:port`, kube-proxy's endpoint string (IPv4). */
export function endpointString(e: Pick<KubeProxyEndpoint, 'ip' | 'port'>): string {
  return `${e.ip}:${e.port}`;
}

const slicesByService = new WeakMap<readonly EndpointSliceSpec[], { count: number; byService: Map<string, EndpointSliceSpec[]> }>();

/**
 * The slices labelled with the Service's name in its namespace, in list
 * order: indexed once per slice list, so a node's kube-proxy compile does
 * not scan every slice for every Service port.
 */
function slicesOfService(slices: readonly EndpointSliceSpec[], svc: Pick<ServiceSpec, 'namespace' | 'name'>): readonly EndpointSliceSpec[] {
  let ix = slicesByService.get(slices);
  if (!ix || ix.count !== slices.length) {
    const byService = new Map<string, EndpointSliceSpec[]>();
    for (const slice of slices) {
      const key = `${slice.namespace}/${slice.serviceName}`;
      const list = byService.get(key);
      if (list) list.push(slice);
      else byService.set(key, [slice]);
    }
    ix = { count: slices.length, byService };
    slicesByService.set(slices, ix);
  }
  return ix.byService.get(`${svc.namespace}/${svc.name}`) ?? [];
}

/** All endpoints of one service port, deduplicated and sorted as kube-proxy does. */
export function endpointsForServicePort(
  svc: ServiceSpec,
  port: ServicePortSpec,
  slices: EndpointSliceSpec[],
  nodeName: string,
): KubeProxyEndpoint[] {
  return collectEndpoints(svc, port, slices, nodeName).list;
}

/**
 * Whether every node sees the same endpoint list for the port but for the
 * `isLocal` flags: no address:port appears in two slices (a node's own copy
 * of a duplicate would win on that node).
 */
export function endpointsAreNodeIndependent(svc: ServiceSpec, port: ServicePortSpec, slices: EndpointSliceSpec[]): boolean {
  return !collectEndpoints(svc, port, slices, '').duplicates;
}

function collectEndpoints(svc: ServiceSpec, port: ServicePortSpec, slices: EndpointSliceSpec[], nodeName: string): { list: KubeProxyEndpoint[]; duplicates: boolean } {
  const byKey = new Map<string, KubeProxyEndpoint>();
  let duplicates = false;
  for (const slice of slicesOfService(slices, svc)) {
    for (const sp of slice.ports) {
      if ((sp.name ?? '') !== (port.name ?? '') || sp.protocol !== port.protocol) continue;
      if (!Number.isInteger(sp.port) || sp.port <= 0) continue;
      for (const ep of slice.endpoints) {
        const ip = ep.addresses[0];
        if (ip === undefined || !isIPv4(ip)) continue;
        const isLocal = nodeName !== '' && ep.nodeName === nodeName;
        const e: KubeProxyEndpoint = {
          ip,
          port: sp.port,
          isLocal,
          ready: ep.ready,
          serving: ep.serving,
          terminating: ep.terminating,
          owner: slice.ref,
        };
        const key = endpointString(e);
        if (byKey.has(key)) duplicates = true;
        if (!byKey.has(key) || isLocal) byKey.set(key, e);
      }
    }
  }
  const list = [...byKey.values()].sort((a, b) => {
    const x = endpointString(a);
    const y = endpointString(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });
  return { list, duplicates };
}

/** The outcome of CategorizeEndpoints for one service port. */
export interface CategorizedEndpoints {
  /** Endpoints for Cluster traffic policy (empty when the service never uses it). */
  cluster: KubeProxyEndpoint[];
  /** Endpoints for Local traffic policy (empty when the service never uses it). */
  local: KubeProxyEndpoint[];
  /** Union of both: every endpoint chain this node gets. Sorted by endpoint string. */
  allReachable: KubeProxyEndpoint[];
  /** Whether the service has a usable endpoint anywhere in the cluster. */
  hasAny: boolean;
}

const servingTerminating = (e: KubeProxyEndpoint): boolean => e.serving && e.terminating;

/**
 * Splits endpoints into the Cluster and Local lists. `usesCluster` and
 * `usesLocal` say whether the service port ever routes by that policy.
 */
export function categorizeEndpoints(
  eps: KubeProxyEndpoint[],
  usesCluster: boolean,
  usesLocal: boolean,
): CategorizedEndpoints {
  let cluster: KubeProxyEndpoint[] = [];
  let local: KubeProxyEndpoint[] = [];
  let hasAny = false;
  if (eps.length === 0) return { cluster, local, allReachable: [], hasAny };

  if (usesCluster) {
    cluster = eps.filter((e) => e.ready);
    if (cluster.length === 0) cluster = eps.filter(servingTerminating);
    if (cluster.length > 0) hasAny = true;
  }
  if (!usesLocal) return { cluster, local, allReachable: cluster, hasAny };

  let localReady = false;
  let localServingTerminating = false;
  for (const e of eps) {
    if (e.ready) {
      hasAny = true;
      if (e.isLocal) localReady = true;
    } else if (servingTerminating(e)) {
      hasAny = true;
      if (e.isLocal) localServingTerminating = true;
    }
  }
  let usedTerminating = false;
  if (localReady) local = eps.filter((e) => e.isLocal && e.ready);
  else if (localServingTerminating) {
    usedTerminating = true;
    local = eps.filter((e) => e.isLocal && servingTerminating(e));
  }
  if (!usesCluster) return { cluster, local, allReachable: local, hasAny };
  // Without topology, the Cluster list holds every ready endpoint, so it
  // already contains the local ready ones.
  if (!usedTerminating) return { cluster, local, allReachable: cluster, hasAny };

  const merged = new Map<string, KubeProxyEndpoint>();
  for (const e of [...cluster, ...local]) merged.set(endpointString(e), e);
  const allReachable = [...merged.values()].sort((a, b) =>
    endpointString(a) < endpointString(b) ? -1 : endpointString(a) > endpointString(b) ? 1 : 0,
  );
  return { cluster, local, allReachable, hasAny };
}
