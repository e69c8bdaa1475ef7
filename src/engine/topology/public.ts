/** The topology folder's public surface, re-exported by engine/index.ts. */
export type { TopoEdge, TopoElement, TopoRole, Topology, TraceLocations } from './model';
export { buildNodeParts, buildTopology } from './build';
export { locateStep, locateTrace } from './locate';
