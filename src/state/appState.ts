/** Everything the UI holds: the stores and the actions, wired to the engine client(s). */
import type { EngineClient } from '../worker/client';
import { createActions, type Actions, type Stores } from './actions';
import { createBranchActions, type BranchActions } from './branchActions';
import { createBranchStore, type BranchStore } from './branchStore';
import { createCompareActions, type CompareActions } from './compareActions';
import { createCompareStore, type CompareStore } from './compareStore';
import { createNodeStateStore } from './nodeStateStore';
import { createPlaybackActions, type PlaybackActions } from './playbackActions';
import { createPlaybackStore, type PlaybackStore } from './playbackStore';
import { createInsightActions, createInsightStore, type InsightActions, type InsightStore } from './insightStore';
import { DEFAULT_PRESET, createScenarioStore } from './scenarioStore';
import { createWhatIfActions, savedPreset, type WhatIfActions } from './whatIfActions';
import { createWhatIfStore, type WhatIfStore } from './whatIfStore';
import { createSelectionStore, type SelectionStore } from './selectionStore';
import { createTraceStore } from './traceStore';

export interface AppStores extends Stores {
  playback: PlaybackStore;
  selection: SelectionStore;
  compare: CompareStore;
  branches: BranchStore;
  whatIf: WhatIfStore;
  insight: InsightStore;
}

export interface AppState {
  stores: AppStores;
  actions: Actions;
  playback: PlaybackActions;
  compare: CompareActions;
  branches: BranchActions;
  whatIf: WhatIfActions;
  insight: InsightActions;
}

/**
 * @param client the engine worker of the main scenario
 * @param compareClient makes the second worker for side by side, on first use
 */
export function createAppState(client: EngineClient, presetName?: string, compareClient?: () => EngineClient): AppState {
  const stores: AppStores = {
    scenario: createScenarioStore(presetName ?? savedPreset()),
    trace: createTraceStore(),
    nodeState: createNodeStateStore(),
    playback: createPlaybackStore(),
    selection: createSelectionStore(),
    compare: createCompareStore(),
    branches: createBranchStore(),
    whatIf: createWhatIfStore(presetName ?? savedPreset() ?? DEFAULT_PRESET),
    insight: createInsightStore(),
  };
  let second: EngineClient | undefined;
  const secondClient = () => (second ??= compareClient ? compareClient() : client);
  stores.scenario.subscribe((s, prev) => {
    if (s.presetName !== prev.presetName) stores.selection.setState({}, true);
  });
  const actions = createActions(client, stores);
  return {
    stores,
    actions,
    playback: createPlaybackActions(stores.playback, stores.trace),
    compare: createCompareActions(secondClient, stores.compare, stores.trace),
    branches: createBranchActions(client, stores.branches, stores.trace),
    whatIf: createWhatIfActions(client, stores, actions),
    insight: createInsightActions(client, stores.insight, stores.scenario),
  };
}
