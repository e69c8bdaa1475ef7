/**
 * Which links the packet has crossed up to the current step: for each pair of
 * consecutive visible steps on different machines, the wire from one
 * machine's cable end along the network to the other's (route.ts), with the
 * part (request or reply) and whether it crossed inside VXLAN. Pure.
 */
import type { Topology } from '../../engine/index';
import type { PlayItem } from '../../state/trace/playback';
import type { TopologyLayout } from './layout';
import { wirePath, type Point } from './route';

export interface TrailSegment {
  points: Point[];
  part: PlayItem['part'];
  encap: boolean;
}

export function trailSegments(t: Topology, layout: TopologyLayout, items: readonly PlayItem[], visible: readonly number[], position: number): TrailSegment[] {
  const out: TrailSegment[] = [];
  let prev: PlayItem | undefined;
  for (const p of visible) {
    if (p > position) break;
    const item = items[p]!;
    if (!item.location) continue;
    if (prev?.location && prev.part === item.part) {
      const points = wirePath(t, layout, prev.location, item.location);
      if (points) out.push({ points, part: item.part, encap: prev.step.after.headers.some((h) => h.kind === 'vxlan') });
    }
    prev = item;
  }
  return out;
}
