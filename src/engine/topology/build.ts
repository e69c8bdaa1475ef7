/**
 * Derives the topology of a compiled scenario: every node with its inner
 * parts, the Fabric's networks (one per subnet), the gateway with its uplink,
 * and the Fabric hosts (the outside client on a node subnet, the internet
 * host behind the gateway). Deterministic: the same scenario gives the same
 * elements in the same order.
 */
import { compileLinuxNode } from '../linux/compileNode';
import type { LinuxNodeState } from '../linux/state';
import type { ClusterView } from '../model/clusterView';
import type { NodeSpec } from '../model/scenario';
import type { CompiledCluster } from '../trace/cluster';
import { machineId } from '../model/partIds';
import { linuxParts } from './linuxParts';
import type { TopoEdge, TopoElement, Topology } from './model';
import { windowsParts } from './windowsParts';

function wire(from: string, network: string): TopoEdge {
  return { id: `${from}~${network}`, source: from, target: network, kind: 'wire' };
}

/**
 * The view a node's parts are read from: the cluster without Services,
 * EndpointSlices and policies. A node's pods, links and table names do not
 * depend on them, and compiling its kube-proxy table (one chain per endpoint)
 * would make drawing a large cluster cost nodes × Services.
 */
function partsView(c: CompiledCluster): ClusterView {
  return { ...c.view, scenario: { ...c.view.scenario, services: [], endpointSlices: [], networkPolicies: [] } };
}

/** A Linux node's state for its parts, compiled without Services (not kept: a trace compiles the node in full). */
function linuxPartsState(c: CompiledCluster, view: ClusterView, n: NodeSpec): LinuxNodeState | undefined {
  const self = c.view.peerByName.get(n.name);
  return n.os === 'linux' && self ? compileLinuxNode(n, self, view) : undefined;
}

/** Builds the topology; reads each Linux node's interface and table names from its state compiled without Services. */
export function buildTopology(c: CompiledCluster): Topology {
  const view = partsView(c);
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
    const st = n.os === 'linux' ? linuxPartsState(c, view, n) : undefined;
    const parts = st
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

