/**
 * Turns a placed topology into xyflow nodes and edges: machines and networks
 * at top level, parts as child nodes of their machine (or pod, or vSwitch),
 * with the acting, visited and selected marks the player gives.
 */
import type { Edge, Node } from '@xyflow/react';
import type { TopoElement, Topology } from '../../engine/index';
import type { TopologyLayout } from './layout';

export interface ElementData extends Record<string, unknown> {
  element: TopoElement;
  /** The element the current step acts on. */
  active: boolean;
  /** Acted on by an earlier step of the trace. */
  visited: boolean;
  selected: boolean;
  /** A VFP layer a cached flow skipped (the flow cache applied the whole transposition). */
  skipped?: boolean;
  /** Network only: where machines' cables meet the bus. */
  ports?: { machine: string; x: number; side: 'top' | 'bottom' }[];
}

export type ElementNode = Node<ElementData>;

export interface Marks {
  active?: string | null;
  visited: ReadonlySet<string>;
  /** The selected element, and where the selected object's rules acted. */
  selected: ReadonlySet<string>;
  /** VFP layers skipped by a flow-cache hit of the current part. */
  skipped?: ReadonlySet<string>;
}

function nodeType(e: TopoElement): string {
  if (e.role === 'network') return 'network';
  return e.parent ? 'part' : 'machine';
}

export function flowNodes(layout: TopologyLayout, marks: Marks): ElementNode[] {
  return layout.placed.map(({ element, rel }) => ({
    id: element.id,
    type: nodeType(element),
    position: { x: rel.x, y: rel.y },
    width: rel.w,
    height: rel.h,
    ...(element.parent ? { parentId: element.parent } : {}),
    draggable: false,
    connectable: false,
    selectable: false,
    focusable: false,
    data: {
      element,
      active: marks.active === element.id,
      visited: marks.visited.has(element.id),
      selected: marks.selected.has(element.id),
      skipped: marks.skipped?.has(element.id) ?? false,
      ...(element.role === 'network' ? { ports: layout.ports.get(element.id) } : {}),
    },
  }));
}

/** `linkLabel` names an edge for assistive technology in the page's language (xyflow's default is English, with internal ids). */
export function flowEdges(t: Topology, layout: TopologyLayout, linkLabel: (from: string, to: string) => string): Edge[] {
  const name = (id: string) => layout.byId.get(id)?.element.label ?? id;
  return t.edges.map((e) => {
    const below = (layout.byId.get(e.source)?.abs.y ?? 0) > (layout.byId.get(e.target)?.abs.y ?? 0);
    const handles =
      e.kind === 'uplink'
        ? { sourceHandle: 'r', targetHandle: 'l' }
        : e.kind === 'wire'
          ? { sourceHandle: below ? 't' : 'b', targetHandle: `p:${e.source}` }
          : { sourceHandle: 'b', targetHandle: 't' };
    return { id: e.id, source: e.source, target: e.target, ...handles, type: 'straight', className: `topo-edge topo-edge-${e.kind}`, focusable: false, selectable: false, ariaLabel: linkLabel(name(e.source), name(e.target)) };
  });
}
