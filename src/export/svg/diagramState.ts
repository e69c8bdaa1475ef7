/**
 * What one frame of the vector drawing shows, from the same data the page's
 * player uses (src/state/playback.ts, src/ui/topology/route.ts): the element
 * the step acts on, the ones earlier steps of the same direction acted on,
 * the trail the packet took through them, and the machines the flow touches.
 */
import type { Topology, Trace, TraceLocations } from '../../engine/index';
import { playItems, visiblePositions, type Detail, type PlayItem } from '../../state/trace/playback';
import type { TopologyLayout } from '../../ui/topology/layout';
import { routeBetween, type Point } from '../../ui/topology/route';

export interface DiagramInput {
  topology: Topology;
  trace: Trace;
  locations?: TraceLocations;
  detail: Detail;
}

export interface FrameMarks {
  items: PlayItem[];
  visible: number[];
  active: string | null;
  visited: Set<string>;
  /** The packet's way from the first step of this direction to the acting element. */
  trail: Point[];
}

export function frameMarks(input: DiagramInput, layout: TopologyLayout, position: number): FrameMarks {
  const items = playItems(input.trace, input.locations);
  const visible = visiblePositions(items, input.detail);
  const part = items[position]?.part;
  const way = visible.filter((p) => p <= position && items[p]!.part === part && items[p]!.location).map((p) => items[p]!.location!);
  const active = items[position]?.location ?? null;
  const visited = new Set(way.filter((id) => id !== active));
  const trail: Point[] = [];
  way.forEach((id, i) => {
    if (i === 0 || way[i - 1] === id) return;
    const leg = routeBetween(input.topology, layout, way[i - 1]!, id);
    trail.push(...(trail.length ? leg.slice(1) : leg));
  });
  return { items, visible, active, visited, trail };
}

/** The machines (top-level elements) any step of the trace or its reply acts in. */
export function touchedMachines(input: DiagramInput): Set<string> {
  const byId = new Map(input.topology.elements.map((e) => [e.id, e]));
  const machines = new Set<string>();
  for (const item of playItems(input.trace, input.locations)) {
    let e = item.location ? byId.get(item.location) : undefined;
    while (e?.parent) e = byId.get(e.parent);
    if (e) machines.add(e.id);
  }
  return machines;
}
