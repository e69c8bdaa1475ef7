/** Everything the UI holds: the stores and the actions, wired to one engine client. */
import type { EngineClient } from '../worker/client';
import { createActions, type Actions, type Stores } from './actions';
import { createNodeStateStore } from './nodeStateStore';
import { createScenarioStore } from './scenarioStore';
import { createTraceStore } from './traceStore';

export interface AppState {
  stores: Stores;
  actions: Actions;
}

export function createAppState(client: EngineClient, presetName?: string): AppState {
  const stores: Stores = {
    scenario: createScenarioStore(presetName),
    trace: createTraceStore(),
    nodeState: createNodeStateStore(),
  };
  return { stores, actions: createActions(client, stores) };
}
