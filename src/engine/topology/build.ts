/**
 * Derives the topology of a compiled scenario: every node with its inner
 * parts, the Fabric's networks (one per subnet), the gateway with its uplink,
 * and the Fabric hosts (the outside client on a node subnet, the internet
 * host behind the gateway). Deterministic: the same scenario gives the same
 * elements in the same order.
 */
import type { CompiledCluster } from '../trace/cluster';
import { machineId } from './ids';
import { linuxParts } from './linuxParts';
import type { TopoEdge, TopoElement, Topology } from './model';
import { windowsParts } from './windowsParts';

function wire(from: string, network: string): TopoEdge {
  return { id: `${from}~${network}`, source: from, target: network, kind: 'wire' };
}

/** Builds the topology; compiles each Linux node's state (cached in the cluster) to read its interface names. */
export function buildTopology(c: CompiledCluster): Topology {
  const elements: TopoElement[] = [];
  const edges: TopoEdge[] = [];
  const networkOf = new Map<string, string>();
  for (const seg of c.fabric.segments) {
    const id = machineId('network', seg.subnet.name);
    elements.push({ id, role: 'network', label: seg.subnet.name, detail: seg.subnet.cidr, machine: seg.subnet.name });
    for (const st of seg.stations) networkOf.set(st.name, id);
  }

  for (const n of c.scenario.nodes) {
    const nodeId = machineId('node', n.name);
    elements.push({ id: nodeId, role: 'node', label: n.name, detail: n.internalIP, machine: n.name, os: n.os });
    const st = c.nodes.get(n.name);
    const parts =
      st?.kind === 'linux'
        ? linuxParts(st, nodeId)
        : windowsParts(n.name, c.view.podsOnNode(n.name), c.view.podIP, nodeId);
    elements.push(...parts.elements);
    edges.push(...parts.edges);
    const nic = parts.elements.find((e) => e.role === 'nic');
    const network = networkOf.get(n.name);
    if (nic && network) edges.push(wire(nic.id, network));
  }

  const gatewayId = machineId('gateway', c.fabric.gatewayName);
  elements.push({ id: gatewayId, role: 'gateway', label: c.fabric.gatewayName, detail: c.fabric.segments.map((s) => s.subnet.gateway).join(', '), machine: c.fabric.gatewayName });
  for (const seg of c.fabric.segments) edges.push(wire(gatewayId, machineId('network', seg.subnet.name)));

  for (const h of c.fabric.hosts) {
    const id = machineId('host', h.name);
    elements.push({ id, role: 'host', label: h.name, detail: h.ip, machine: h.name });
    const network = networkOf.get(h.name);
    if (network) edges.push(wire(id, network));
    else if (h.external) edges.push({ id: `${gatewayId}~${id}`, source: gatewayId, target: id, kind: 'uplink' });
  }
  return { elements, edges };
}

