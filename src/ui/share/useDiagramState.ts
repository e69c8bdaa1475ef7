import { useCurrentItem, usePlayItems, usePlayback, useScenario, useTrace } from '../../state/hooks';

/** What a stand-alone diagram (embed, presentation) shows: the topology, the trace and where the player is. */
export function useDiagramState() {
  return {
    topology: useScenario((s) => s.topology),
    presetName: useScenario((s) => s.presetName),
    trace: useTrace((s) => s.trace),
    items: usePlayItems(),
    detail: usePlayback((s) => s.detail),
    position: usePlayback((s) => s.position),
    item: useCurrentItem(),
  };
}
