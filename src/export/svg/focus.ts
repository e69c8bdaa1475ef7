/**
 * The drawing reduced to the machines a flow touches (for small frames: the
 * embed, the GIF): nodes the flow never enters are left out with their
 * parts and cables and named on one line instead; the networks stay, so
 * cables still meet a bus.
 */
import type { Topology } from '../../engine/index';

export function focusTopology(t: Topology, touched: ReadonlySet<string>): { topology: Topology; collapsed: string[] } {
  const top = (id: string): string => {
    let e = t.elements.find((x) => x.id === id);
    while (e?.parent) e = t.elements.find((x) => x.id === e!.parent);
    return e?.id ?? id;
  };
  const keep = new Set(t.elements.filter((e) => e.role === 'network' || touched.has(top(e.id))).map((e) => e.id));
  const collapsed = t.elements.filter((e) => !e.parent && !keep.has(e.id) && e.role === 'node').map((e) => e.label);
  return {
    topology: { elements: t.elements.filter((e) => keep.has(e.id)), edges: t.edges.filter((e) => keep.has(e.source) && keep.has(e.target)) },
    collapsed,
  };
}
