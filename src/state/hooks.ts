/** React bindings for the vanilla stores (the zustand `useStore` pattern). */
import { useContext } from 'react';
import { useStore } from 'zustand';
import type { Actions } from './actions';
import { AppStateContext } from './AppStateContext';
import type { AppState } from './appState';
import type { NodeStateState } from './nodeStateStore';
import type { ScenarioState } from './scenarioStore';
import type { TraceState } from './traceStore';

function useAppState(): AppState {
  const state = useContext(AppStateContext);
  if (!state) throw new Error('AppStateContext is not provided');
  return state;
}

export function useActions(): Actions {
  return useAppState().actions;
}

export function useScenario<T>(selector: (state: ScenarioState) => T): T {
  return useStore(useAppState().stores.scenario, selector);
}

export function useTrace<T>(selector: (state: TraceState) => T): T {
  return useStore(useAppState().stores.trace, selector);
}

export function useNodeState<T>(selector: (state: NodeStateState) => T): T {
  return useStore(useAppState().stores.nodeState, selector);
}
