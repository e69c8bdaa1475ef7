/**
 * The tiles of a collapsed topology: the nodes not drawn with their parts,
 * narrowed by a search (name or address, case-insensitive) and capped, so a
 * 1,000-node cluster renders a bounded number of tiles (issue 18). Pure.
 */
import type { TopoElement } from '../../../engine/index';

/** Most tiles drawn at once; the rest is reached by searching. */
export const MAX_TILES = 120;

export interface Tiles {
  shown: TopoElement[];
  /** Nodes matching the search (shown or not). */
  matching: number;
}

export function nodeTiles(nodes: readonly TopoElement[], drawn: ReadonlySet<string>, query: string, max = MAX_TILES): Tiles {
  const q = query.trim().toLowerCase();
  const shown: TopoElement[] = [];
  let matching = 0;
  for (const n of nodes) {
    if (drawn.has(n.machine)) continue;
    if (q && !n.label.toLowerCase().includes(q) && !(n.detail ?? '').toLowerCase().includes(q)) continue;
    matching++;
    if (shown.length < max) shown.push(n);
  }
  return { shown, matching };
}

/** A node's parts in the order a packet meets them (pods with their interfaces first, the NIC last; in a vSwitch the flow cache first). */
const ORDER: readonly TopoElement['role'][] = ['pod', 'compartment', 'veth', 'routing', 'nft', 'conntrack', 'vxlan', 'vswitch', 'vethernet', 'nic'];

export interface PartRow {
  part: TopoElement;
  inside: TopoElement[];
}

export function partRows(elements: readonly TopoElement[]): PartRow[] {
  const ids = new Set(elements.map((e) => e.id));
  const children = new Map<string, TopoElement[]>();
  for (const e of elements) if (e.parent && ids.has(e.parent)) children.set(e.parent, [...(children.get(e.parent) ?? []), e]);
  // Top-level parts hang from the node itself (not among the parts); the sort is stable, so pods keep their order.
  const top = elements.filter((e) => !(e.parent && ids.has(e.parent)));
  top.sort((a, b) => ORDER.indexOf(a.role) - ORDER.indexOf(b.role));
  return top.map((part) => {
    const inside = children.get(part.id) ?? [];
    return { part, inside: part.role === 'vswitch' ? [...inside.filter((c) => c.role === 'uft'), ...inside.filter((c) => c.role !== 'uft')] : inside };
  });
}
