/** The player's marks on the topology: the acting element, the ones acted on before, the selection (an element, a pod, where the selected object's rules acted), and the packet's way to the acting element. */
import { useMemo, useState } from 'react';
import type { Topology } from '../../engine/index';
import { usePlayItems, usePlayback, useRelatedOwners, useSelection } from '../../state/hooks';
import { isProducedBy } from '../../state/scenario/ownerRelation';
import { visiblePositions } from '../../state/trace/playback';
import type { Marks } from './flowElements';
import type { TopologyLayout } from './layout';
import { routeBetween, type Point } from './route';
import { skippedLayers } from './skipped';
import { trailSegments, type TrailSegment } from './trail';

function elementOfOwner(t: Topology, owner: { kind: string; namespace?: string; name: string } | undefined): string | undefined {
  if (owner?.kind !== 'Pod') return undefined;
  const ref = `${owner.namespace}/${owner.name}`;
  return t.elements.find((e) => (e.role === 'pod' || e.role === 'compartment') && e.label === ref)?.id;
}

export function useMarks(t: Topology, layout: TopologyLayout): { marks: Marks; points: Point[]; trail: TrailSegment[] } {
  const items = usePlayItems();
  const position = usePlayback((s) => s.position);
  const detail = usePlayback((s) => s.detail);
  const selectedElement = useSelection((s) => s.element);
  const owner = useSelection((s) => s.owner);
  const related = useRelatedOwners();

  const marks = useMemo<Marks>(() => {
    const visible = visiblePositions(items, detail);
    const visited = new Set<string>();
    for (const p of visible) if (p < position && items[p]!.location && items[p]!.part === items[position]?.part) visited.add(items[p]!.location!);
    const selected = new Set(items.filter((i) => i.location && isProducedBy(related, i.step.rule?.owner)).map((i) => i.location!));
    const picked = selectedElement ?? elementOfOwner(t, owner);
    if (picked) selected.add(picked);
    return { active: items[position]?.location ?? null, visited, selected, skipped: skippedLayers(t, items, position) };
  }, [items, position, detail, selectedElement, owner, related, t]);
  const trail = useMemo(() => trailSegments(t, layout, items, visiblePositions(items, detail), position), [t, layout, items, detail, position]);

  // The way from the element the packet was at to the one it is at now (the "state from the previous render" pattern).
  const [route, setRoute] = useState<{ to: string | null; layout: TopologyLayout; points: Point[] }>({ to: null, layout, points: [] });
  if (route.to !== (marks.active ?? null) || route.layout !== layout) {
    const to = marks.active ?? null;
    const from = route.layout === layout ? route.to : null;
    setRoute({ to, layout, points: !to ? [] : from ? routeBetween(t, layout, from, to) : routeBetween(t, layout, to, to).slice(-1) });
  }
  return { marks, points: route.points, trail };
}
