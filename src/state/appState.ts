/** The feature stores and actions, over the engine client(s); `wiring.ts` composes them with the classroom. */
import type { EngineClient, RestartEvent } from '../worker/client';
import { createActions, type Actions, type Stores } from './scenario/scenarioActions';
import { createBranchActions, type BranchActions } from './trace/branchActions';
import { createBranchStore, type BranchStore } from './trace/branchStore';
import { createCompareActions, type CompareActions } from './compare/compareActions';
import { createCompareStore, type CompareStore } from './compare/compareStore';
import { createNodeStateStore } from './scenario/nodeStateStore';
import { createPlaybackActions, type PlaybackActions } from './trace/playbackActions';
import { createPlaybackStore, type PlaybackStore } from './trace/playbackStore';
import { createInsightActions, createInsightStore, type InsightActions, type InsightStore } from './whatIf/insightStore';
import { DEFAULT_PRESET, createScenarioStore } from './scenario/scenarioStore';
import { defaultDraftStore, type DraftStore } from './whatIf/drafts';
import { createWhatIfActions, type WhatIfActions } from './whatIf/whatIfActions';
import { createWhatIfStore, type WhatIfStore } from './whatIf/whatIfStore';
import { createSelectionStore, type SelectionStore } from './scenario/selectionStore';
import { createTraceStore } from './trace/traceStore';

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

export interface AppStateOptions {
  /** The preset shown first when there is no draft (tests). */
  presetName?: string;
  /** Makes the second worker for side by side, on first use (else the main one is shared). */
  compareClient?: () => EngineClient;
  /** Where drafts are kept (IndexedDB in the browser). */
  drafts?: DraftStore;
  /** localStorage, to carry over a draft an older version saved there. */
  legacyStorage?: Pick<Storage, 'getItem' | 'removeItem'>;
  /** Told when the engine worker had to be restarted. */
  onEngineRestart?: (event: RestartEvent) => void;
}

function defaultLegacyStorage(): Pick<Storage, 'getItem' | 'removeItem'> | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** @param client the engine worker of the main scenario */
export function createAppState(client: EngineClient, options: AppStateOptions = {}): AppState {
  const preset = options.presetName ?? DEFAULT_PRESET;
  const stores: AppStores = {
    scenario: createScenarioStore(preset),
    trace: createTraceStore(),
    nodeState: createNodeStateStore(),
    playback: createPlaybackStore(),
    selection: createSelectionStore(),
    compare: createCompareStore(),
    branches: createBranchStore(),
    whatIf: createWhatIfStore(preset),
    insight: createInsightStore(),
  };
  let second: EngineClient | undefined;
  const secondClient = () => (second ??= options.compareClient ? options.compareClient() : client);
  const late: { whatIf?: WhatIfActions } = {};
  const actions = createActions(client, stores, () => late.whatIf!);
  const whatIf = (late.whatIf = createWhatIfActions({
    client,
    scenario: stores.scenario,
    whatIf: stores.whatIf,
    actions,
    drafts: options.drafts ?? defaultDraftStore(),
    legacy: options.legacyStorage ?? defaultLegacyStorage(),
  }));
  client.onRestart((event) => {
    stores.scenario.setState({ engineRestart: event });
    options.onEngineRestart?.(event);
  });
  return {
    stores,
    actions,
    playback: createPlaybackActions(stores.playback, stores.trace),
    compare: createCompareActions(secondClient, stores.compare, stores.trace),
    branches: createBranchActions(client, stores.branches, stores.trace),
    whatIf,
    insight: createInsightActions(client, stores.insight, stores.scenario),
  };
}
