/**
 * Everything a flow can start from or go to, for a flow picker: pods, nodes,
 * Fabric hosts, services (with their ports and NodePorts).
 */
import type { CompiledCluster } from './cluster';

export interface PlaceList {
  pods: { ref: string; ip: string; node: string; os: 'linux' | 'windows'; hostNetwork: boolean }[];
  nodes: { name: string; ip: string; os: 'linux' | 'windows' }[];
  hosts: { name: string; ip: string; external: boolean }[];
  services: { ref: string; type: string; clusterIP?: string; ports: { name?: string; protocol: string; port: number; nodePort?: number }[] }[];
}

export function listPlaces(c: CompiledCluster): PlaceList {
  const osOf = new Map(c.scenario.nodes.map((n) => [n.name, n.os]));
  return {
    pods: c.scenario.pods.flatMap((p) => {
      const ref = `${p.namespace}/${p.name}`;
      const ip = p.hostNetwork ? c.view.peerByName.get(p.nodeName)?.ip : c.view.podIP.get(ref);
      return ip ? [{ ref, ip, node: p.nodeName, os: osOf.get(p.nodeName) ?? 'linux', hostNetwork: p.hostNetwork }] : [];
    }),
    nodes: c.scenario.nodes.map((n) => ({ name: n.name, ip: n.internalIP, os: n.os })),
    hosts: c.fabric.hosts.map((h) => ({ name: h.name, ip: h.ip, external: h.external })),
    services: c.scenario.services.map((s) => ({ ref: `${s.namespace}/${s.name}`, type: s.type, clusterIP: s.clusterIP, ports: s.ports.map((p) => ({ name: p.name, protocol: p.protocol, port: p.port, nodePort: p.nodePort })) })),
  };
}
