/** React bindings of the what-if, readiness/IPAM stores and actions. */
import { useContext } from 'react';
import { useStore } from 'zustand';
import { AppStateContext } from './AppStateContext';
import type { AppState } from './appState';
import type { InsightActions, InsightState } from './whatIf/insightStore';
import type { WhatIfActions } from './whatIf/whatIfActions';
import type { WhatIfState } from './whatIf/whatIfStore';

function useAppState(): AppState {
  const state = useContext(AppStateContext);
  if (!state) throw new Error('AppStateContext is not provided');
  return state;
}

export function useWhatIf<T>(selector: (state: WhatIfState) => T): T {
  return useStore(useAppState().stores.whatIf, selector);
}

export function useWhatIfActions(): WhatIfActions {
  return useAppState().whatIf;
}

export function useInsight<T>(selector: (state: InsightState) => T): T {
  return useStore(useAppState().stores.insight, selector);
}

export function useInsightActions(): InsightActions {
  return useAppState().insight;
}
