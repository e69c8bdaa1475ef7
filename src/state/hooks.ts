/** React bindings for the vanilla stores (the zustand `useStore` pattern). */
import { useContext, useMemo } from 'react';
import { useStore } from 'zustand';
import type { Actions } from './scenario/scenarioActions';
import type { BranchActions } from './trace/branchActions';
import type { BranchState } from './trace/branchStore';
import { AppStateContext } from './AppStateContext';
import type { AppState } from './appState';
import type { ObjectRef } from '../engine/index';
import type { CompareActions } from './compare/compareActions';
import type { CompareState } from './compare/compareStore';
import type { NodeStateState } from './scenario/nodeStateStore';
import { relatedOwners } from './scenario/ownerRelation';
import { playItems, type PlayItem } from './trace/playback';
import type { PlaybackActions } from './trace/playbackActions';
import type { PlaybackState } from './trace/playbackStore';
import type { ScenarioState } from './scenario/scenarioStore';
import type { SelectionState, SelectionStore } from './scenario/selectionStore';
import type { TraceState } from './trace/traceStore';

function useAppState(): AppState {
  const state = useContext(AppStateContext);
  if (!state) throw new Error('AppStateContext is not provided');
  return state;
}

export function useActions(): Actions {
  return useAppState().actions;
}

export function usePlaybackActions(): PlaybackActions {
  return useAppState().playback;
}

export function useCompareActions(): CompareActions {
  return useAppState().compare;
}

export function useBranchActions(): BranchActions {
  return useAppState().branches;
}

/** The selection store itself, for components that set the selection. */
export function useSelectionStore(): SelectionStore {
  return useAppState().stores.selection;
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

export function usePlayback<T>(selector: (state: PlaybackState) => T): T {
  return useStore(useAppState().stores.playback, selector);
}

export function useSelection<T>(selector: (state: SelectionState) => T): T {
  return useStore(useAppState().stores.selection, selector);
}

export function useBranches<T>(selector: (state: BranchState) => T): T {
  return useStore(useAppState().stores.branches, selector);
}

export function useCompare<T>(selector: (state: CompareState) => T): T {
  return useStore(useAppState().stores.compare, selector);
}

/** The current trace's play items (request then reply steps, with their topology elements). */
export function usePlayItems(): PlayItem[] {
  const trace = useTrace((s) => s.trace);
  const locations = useTrace((s) => s.locations);
  return useMemo(() => playItems(trace, locations), [trace, locations]);
}

/** The step the player stands on. */
export function useCurrentItem(): PlayItem | undefined {
  const items = usePlayItems();
  const position = usePlayback((s) => s.position);
  return items[position];
}

/** The selected object and the objects whose rules belong with it (a Service and its EndpointSlices). */
export function useRelatedOwners(): ObjectRef[] {
  const scenario = useScenario((s) => s.scenario);
  const owner = useSelection((s) => s.owner);
  return useMemo(() => relatedOwners(scenario, owner), [scenario, owner]);
}
