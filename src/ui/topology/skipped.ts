/**
 * The VFP layers a later packet skips: when the flow cache of a vSwitch
 * applies a known flow (`flow-hit`/`flow-reverse` at the `uft` element), the
 * packet does not pass the layers (the seed: «следующие пакеты соединения
 * слои уже не проходят»), so the layers of that vSwitch are marked skipped
 * for the rest of the part. Pure.
 */
import type { Topology } from '../../engine/index';
import type { PlayItem } from '../../state/trace/playback';

export function skippedLayers(t: Topology, items: readonly PlayItem[], position: number): Set<string> {
  const skipped = new Set<string>();
  const part = items[position]?.part;
  for (let i = 0; i <= position && i < items.length; i++) {
    const item = items[i]!;
    if (item.part !== part || item.step.at.component !== 'uft' || !item.location || item.step.action === 'flow-create') continue;
    const cache = t.elements.find((e) => e.id === item.location);
    for (const e of t.elements) if (cache?.parent && e.parent === cache.parent && e.role === 'vfp') skipped.add(e.id);
  }
  return skipped;
}
