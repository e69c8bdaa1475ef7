/**
 * The worker's answers reach components as deferred snapshots of their stores.
 *
 * A new trace or an opened 1,000-node scenario re-renders dozens of components.
 * Subscribed one by one with `useSyncExternalStore` (zustand's `useStore`), a
 * store change renders them all in one blocking task: React never time-slices
 * an external store's update (react.dev, useSyncExternalStore, "Caveats").
 * Here one provider subscribes to each answer store and hands a
 * `useDeferredValue` of its state down a context: the urgent render stops at
 * the provider (its children are the same elements), and the components render
 * in a background pass that React splits into short tasks and that input may
 * interrupt (issue 18: no main-thread task over 50 ms).
 *
 * Only stores the worker fills are deferred: scenario, trace, node state and
 * insight. What the user's own input changes (playback, selection, what-if
 * history) stays synchronous.
 */
import { createContext, createElement, useContext, useDeferredValue, type Context, type ReactNode } from 'react';
import { useStore, type StoreApi } from 'zustand';
import type { NodeStateState } from './scenario/nodeStateStore';
import type { ScenarioState } from './scenario/scenarioStore';
import type { TraceState } from './trace/traceStore';
import type { InsightState } from './whatIf/insightStore';
import type { App } from './wiring';

const ScenarioSnapshot = createContext<ScenarioState | null>(null);
const TraceSnapshot = createContext<TraceState | null>(null);
const NodeStateSnapshot = createContext<NodeStateState | null>(null);
const InsightSnapshot = createContext<InsightState | null>(null);

/** One store's deferred state, provided to `children`. */
function Deferred<S>({ store, context, children }: { store: StoreApi<S>; context: Context<S | null>; children: ReactNode }) {
  const state = useDeferredValue(useStore(store));
  return createElement(context.Provider, { value: state }, children);
}

/** Provides the deferred snapshots of `app`'s answer stores (`main.tsx`, inside `AppContext`). */
export function DeferredStores({ app, children }: { app: App; children: ReactNode }) {
  const { stores } = app.state;
  const layer = <S,>(store: StoreApi<S>, context: Context<S | null>, inner: ReactNode) => createElement(Deferred<S>, { store, context, children: inner });
  return layer(stores.scenario, ScenarioSnapshot, layer(stores.trace, TraceSnapshot, layer(stores.nodeState, NodeStateSnapshot, layer(stores.insight, InsightSnapshot, children))));
}

function useSnapshot<S>(context: Context<S | null>, name: string): S {
  const state = useContext(context);
  if (state === null) throw new Error(`${name} is read outside DeferredStores`);
  return state;
}

export const useScenarioSnapshot = () => useSnapshot(ScenarioSnapshot, 'the scenario store');
export const useTraceSnapshot = () => useSnapshot(TraceSnapshot, 'the trace store');
export const useNodeStateSnapshot = () => useSnapshot(NodeStateSnapshot, 'the node state store');
export const useInsightSnapshot = () => useSnapshot(InsightSnapshot, 'the insight store');
