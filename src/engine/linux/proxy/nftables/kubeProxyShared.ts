/**
 * One service port's part of the `ip kube-proxy` table, compiled once per
 * cluster and reused by every node whose part would be the same.
 *
 * A node's part differs only through its local endpoints (Local traffic
 * policies, or a duplicate address:port whose local copy wins) and its node
 * IP (LoadBalancer source ranges allow it). Every other service port yields
 * the same chains, map elements and affinity sets on every node, so with
 * 10,000 Services and 100,000 endpoints the first trace through a node
 * appends shared, read-only objects instead of building 110,000 chains anew.
 * Map elements are still claimed per table, so a key another Service took
 * first stays that Service's, exactly as when compiled in place.
 */
import type { EndpointSliceSpec, ServicePortSpec, ServiceSpec } from '../../../model/scenario';
import { endpointsAreNodeIndependent } from '../../../model/serviceEndpoints';
import type { NftChain, NftSetLike, NftTable } from '../../nft/ruleset';
import type { KubeProxySets } from './kubeProxyBase';
import { addServicePort, addSharedChain, claimKey, markShared, type ServiceCompileContext } from './kubeProxyServices';

/** What addServicePort added for one service port, in the order it added it. */
interface ServicePortPart {
  chains: NftChain[];
  sets: NftSetLike[];
  elements: [keyof KubeProxySets, NftSetLike['elements']][];
}

/** Per slice list (one cluster), per Service object, per port: the part for each (clusterCIDR, masqueradeAll); null when node-specific. */
const parts = new WeakMap<EndpointSliceSpec[], WeakMap<ServiceSpec, Map<ServicePortSpec, Map<string, ServicePortPart | null>>>>();

/** Local traffic policies pick this node's endpoints; source ranges allow this node's IP. */
function nodeIndependent(svc: ServiceSpec, port: ServicePortSpec, slices: EndpointSliceSpec[]): boolean {
  return svc.internalTrafficPolicy !== 'Local' && svc.externalTrafficPolicy !== 'Local' && svc.loadBalancerSourceRanges.length === 0 && endpointsAreNodeIndependent(svc, port, slices);
}

function emptyLike<T extends NftSetLike>(s: T): T {
  return { ...s, elements: [] };
}

/** Compiles the port into an empty table of the same shape and keeps what it added. */
function record(cx: ServiceCompileContext, svc: ServiceSpec, port: ServicePortSpec): ServicePortPart {
  const s = cx.sets;
  const scratchSets: KubeProxySets = {
    clusterIps: emptyLike(s.clusterIps),
    firewallIps: emptyLike(s.firewallIps),
    noEndpointNodeports: emptyLike(s.noEndpointNodeports),
    noEndpointServices: emptyLike(s.noEndpointServices),
    serviceIps: emptyLike(s.serviceIps),
    serviceNodeports: emptyLike(s.serviceNodeports),
  };
  if (s.nodeportIps) scratchSets.nodeportIps = emptyLike(s.nodeportIps);
  const table: NftTable = { ...cx.table, sets: [], chains: [] };
  addServicePort({ ...cx, table, sets: scratchSets, nodeName: '', nodeIP: undefined }, svc, port);
  const elements = (Object.keys(scratchSets) as (keyof KubeProxySets)[]).flatMap((k): ServicePortPart['elements'] => {
    const els = scratchSets[k]!.elements;
    return els.length > 0 ? [[k, els]] : [];
  });
  markShared(table.chains);
  return { chains: table.chains, sets: table.sets, elements };
}

function partOf(cx: ServiceCompileContext, svc: ServiceSpec, port: ServicePortSpec): ServicePortPart | null {
  let bySvc = parts.get(cx.slices);
  if (!bySvc) parts.set(cx.slices, (bySvc = new WeakMap()));
  let byPort = bySvc.get(svc);
  if (!byPort) bySvc.set(svc, (byPort = new Map()));
  let byContext = byPort.get(port);
  if (!byContext) byPort.set(port, (byContext = new Map()));
  const key = `${cx.clusterCIDR ?? ''}|${cx.masqueradeAll}`;
  let part = byContext.get(key);
  if (part === undefined) byContext.set(key, (part = nodeIndependent(svc, port, cx.slices) ? record(cx, svc, port) : null));
  return part;
}

/** addServicePort, with the part shared between nodes when no node-specific input changes it. */
export function addServicePortShared(cx: ServiceCompileContext, svc: ServiceSpec, port: ServicePortSpec): void {
  const part = partOf(cx, svc, port);
  if (!part) {
    addServicePort(cx, svc, port);
    return;
  }
  for (const c of part.chains) addSharedChain(cx.table, c);
  cx.table.sets.push(...part.sets);
  for (const [k, els] of part.elements) {
    const m = cx.sets[k]!;
    for (const e of els) if (claimKey(m, e.key)) (m.elements as unknown[]).push(e);
  }
}
