/**
 * The topology the page draws, as the worker feeds it (issue 18). Up to
 * `COLLAPSE_ABOVE_NODES` nodes: every node with its parts. Above: a summary
 * (nodes, networks, the gateway, hosts and their links, no parts), and the
 * parts of a node only when a trace touches it or the user opens it, each
 * built once (a node's parts cost a compile of the node). Runs only in the
 * engine worker (and in tests).
 */
import { buildNodeParts, buildTopology, locateTrace, type CompiledCluster, type Topology, type Trace, type TraceLocations } from '../engine/index';
import { COLLAPSE_ABOVE_NODES, type NodeParts } from './api';

export interface TopologyFeed {
  /** What the page draws first: the whole topology, or the summary when collapsed. */
  topology: Topology;
  collapsed: boolean;
  /** A node's parts (built on first ask); undefined for an unknown node. */
  partsOf(node: string): NodeParts | undefined;
  /** Where each step acts, and (collapsed) the parts of the nodes the trace and its reply pass. */
  locate(trace: Trace): { locations: TraceLocations; parts?: NodeParts[] };
}

function nodesOf(trace: Trace, into = new Set<string>()): Set<string> {
  for (const s of trace.steps) if (s.node) into.add(s.node);
  if (trace.reply) nodesOf(trace.reply, into);
  return into;
}

export function topologyFeed(cluster: CompiledCluster): TopologyFeed {
  const collapsed = cluster.scenario.nodes.length > COLLAPSE_ABOVE_NODES;
  const topology = collapsed ? buildTopology(cluster, () => false) : buildTopology(cluster);
  const summaryIds = new Set(topology.elements.map((e) => e.id));
  const built = new Map<string, NodeParts | undefined>();
  const partsOf = (node: string): NodeParts | undefined => {
    if (!built.has(node)) {
      const parts = buildNodeParts(cluster, node);
      built.set(node, parts && { node, ...parts });
    }
    return built.get(node);
  };
  return {
    topology,
    collapsed,
    partsOf,
    locate(trace) {
      if (!collapsed) return { locations: locateTrace(topology, trace) };
      const parts = [...nodesOf(trace)].flatMap((n) => partsOf(n) ?? []);
      const drawn = new Set(summaryIds);
      for (const p of parts) for (const e of p.elements) drawn.add(e.id);
      return { locations: locateTrace(topology, trace, drawn), parts };
    },
  };
}
