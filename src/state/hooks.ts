/** React bindings for the app's stores and actions (the zustand `useStore` pattern), all through one context. */
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import type { EditableModel } from '../edit/editableModel';
import type { ObjectRef } from '../engine/index';
import type { Classroom } from './classroom/classroom';
import { useInsightSnapshot, useNodeStateSnapshot, useScenarioSnapshot, useTraceSnapshot } from './deferredStores';
import type { ClassroomState } from './classroom/classroomStore';
import type { LessonState } from './classroom/lessonStore';
import type { CompareActions } from './compare/compareActions';
import type { CompareState } from './compare/compareStore';
import type { NodeStateState } from './scenario/nodeStateStore';
import { relatedOwners } from './scenario/ownerRelation';
import type { Actions } from './scenario/scenarioActions';
import type { ScenarioState } from './scenario/scenarioStore';
import type { SelectionState, SelectionStore } from './scenario/selectionStore';
import type { BranchActions } from './trace/branchActions';
import type { BranchState } from './trace/branchStore';
import { playItems, type PlayItem } from './trace/playback';
import type { PlaybackActions } from './trace/playbackActions';
import type { PlaybackState } from './trace/playbackStore';
import type { TraceState } from './trace/traceStore';
import type { InsightActions, InsightState } from './whatIf/insightStore';
import type { WhatIfActions } from './whatIf/whatIfActions';
import type { WhatIfState } from './whatIf/whatIfStore';
import type { App } from './wiring';

/** The app (`wiring.ts` `createApp`); `main.tsx` provides it. */
export const AppContext = createContext<App | null>(null);

export function useAppState(): App {
  const app = useContext(AppContext);
  if (!app) throw new Error('AppContext is not provided');
  return app;
}

export function useActions(): Actions {
  return useAppState().state.actions;
}

export function usePlaybackActions(): PlaybackActions {
  return useAppState().state.playback;
}

export function useCompareActions(): CompareActions {
  return useAppState().state.compare;
}

export function useBranchActions(): BranchActions {
  return useAppState().state.branches;
}

export function useWhatIfActions(): WhatIfActions {
  return useAppState().state.whatIf;
}

export function useInsightActions(): InsightActions {
  return useAppState().state.insight;
}

/** Share links, lessons, embed and presentation modes. */
export function useClassroomApi(): Classroom {
  return useAppState().classroom;
}

/** The selection store itself, for components that set the selection. */
export function useSelectionStore(): SelectionStore {
  return useAppState().state.stores.selection;
}

/** The scenario store's deferred snapshot (`deferredStores.ts`: the worker's answers render in a background pass). */
export function useScenario<T>(selector: (state: ScenarioState) => T): T {
  return selector(useScenarioSnapshot());
}

/** The trace store's deferred snapshot, as `useScenario`. */
export function useTrace<T>(selector: (state: TraceState) => T): T {
  return selector(useTraceSnapshot());
}

/** The node state store's deferred snapshot, as `useScenario`. */
export function useNodeState<T>(selector: (state: NodeStateState) => T): T {
  return selector(useNodeStateSnapshot());
}

export function usePlayback<T>(selector: (state: PlaybackState) => T): T {
  return useStore(useAppState().state.stores.playback, selector);
}

export function useSelection<T>(selector: (state: SelectionState) => T): T {
  return useStore(useAppState().state.stores.selection, selector);
}

export function useBranches<T>(selector: (state: BranchState) => T): T {
  return useStore(useAppState().state.stores.branches, selector);
}

export function useCompare<T>(selector: (state: CompareState) => T): T {
  return useStore(useAppState().state.stores.compare, selector);
}

export function useWhatIf<T>(selector: (state: WhatIfState) => T): T {
  return useStore(useAppState().state.stores.whatIf, selector);
}

/**
 * A deferred store's live value, for the value of a form control the user changes: a controlled input must see its
 * own change in the same render (with a deferred value, React puts the old value back first, and a checkbox flickers
 * or a text field loses what was typed).
 */
export function useLiveScenario<T>(selector: (state: ScenarioState) => T): T {
  return useStore(useAppState().state.stores.scenario, selector);
}

/** The trace store's live value, as `useLiveScenario`. */
export function useLiveTrace<T>(selector: (state: TraceState) => T): T {
  return useStore(useAppState().state.stores.trace, selector);
}

/** The node state store's live value, as `useLiveScenario`. */
export function useLiveNodeState<T>(selector: (state: NodeStateState) => T): T {
  return useStore(useAppState().state.stores.nodeState, selector);
}

/** The insight store's live value, as `useLiveScenario`. */
export function useLiveInsight<T>(selector: (state: InsightState) => T): T {
  return useStore(useAppState().state.stores.insight, selector);
}

/** The insight store's deferred snapshot, as `useScenario`. */
export function useInsight<T>(selector: (state: InsightState) => T): T {
  return selector(useInsightSnapshot());
}

export function useClassroom<T>(selector: (state: ClassroomState) => T): T {
  return useStore(useAppState().classroom.stores.classroom, selector);
}

export function useLesson<T>(selector: (state: LessonState) => T): T {
  return useStore(useAppState().classroom.stores.lesson, selector);
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

/** The selected object and the objects whose rules belong with it (a Service and its EndpointSlice). */
export function useRelatedOwners(): ObjectRef[] {
  const scenario = useScenario((s) => s.summary);
  const owner = useSelection((s) => s.owner);
  return useMemo(() => relatedOwners(scenario, owner), [scenario, owner]);
}

/** The edit forms' model of the scenario shown, asked from the worker each time a scenario opens; undefined until it arrives (or when `off`). */
export function useEditableModel(off = false): EditableModel | undefined {
  const whatIf = useWhatIfActions();
  const opened = useScenario((s) => (s.status === 'ready' ? s.summary : null));
  const [answer, setAnswer] = useState<{ for: unknown; model?: EditableModel }>();
  useEffect(() => {
    if (!opened || off) return;
    let live = true;
    void whatIf.editableModel().then((model) => live && setAnswer({ for: opened, model }));
    return () => {
      live = false;
    };
  }, [opened, off, whatIf]);
  return answer && answer.for === opened && !off ? answer.model : undefined;
}
