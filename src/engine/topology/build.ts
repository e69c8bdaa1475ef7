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

/** A node's parts and their links (its NIC wired to its network), read from its state compiled without Services. */
function partsOf(c: CompiledCluster, view: ClusterView, n: NodeSpec, network: string | undefined): { elements: TopoElement[]; edges: TopoEdge[] } {
  const nodeId = machineId('node', n.name);
  const st = n.os === 'linux' ? linuxPartsState(c, view, n) : undefined;
  const parts = st ? linuxParts(st, nodeId) : windowsParts(n.name, c.view.podsOnNode(n.name), c.view.podIP, nodeId);
  const nic = parts.elements.find((e) => e.role === 'nic');
  return { elements: parts.elements, edges: nic && network ? [...parts.edges, wire(nic.id, network)] : parts.edges };
}

function networkIdOf(c: CompiledCluster, machine: string): string | undefined {
  const seg = c.fabric.segments.find((s) => s.stations.some((st) => st.name === machine));
  return seg ? machineId('network', seg.subnet.name) : undefined;
}

/** One node's parts (for a collapsed topology: drawn when a trace touches the node or the user opens it); undefined for an unknown node. */
export function buildNodeParts(c: CompiledCluster, node: string): { elements: TopoElement[]; edges: TopoEdge[] } | undefined {
  const n = c.scenario.nodes.find((x) => x.name === node);
  return n ? partsOf(c, partsView(c), n, networkIdOf(c, n.name)) : undefined;
}

/**
 * Builds the topology; reads each Linux node's interface and table names from
 * its state compiled without Services. With `withParts`, only the nodes it
 * names get their parts (a node without is wired to its network itself): a
 * large cluster is drawn from such a summary, since every node's parts cost
 * a compile each (issue 18).
 */
export function buildTopology(c: CompiledCluster, withParts?: (node: string) => boolean): Topology {
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
    const network = networkOf.get(n.name);
    if (withParts && !withParts(n.name)) {
      if (network) edges.push(wire(nodeId, network));
      continue;
    }
    const parts = partsOf(c, view, n, network);
    elements.push(...parts.elements);
    edges.push(...parts.edges);
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

