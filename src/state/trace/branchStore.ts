/**
 * "Trace every backend": where the datapath picked a backend at random, the
 * same flow traced once per backend (each pinned), for the request it was
 * asked for.
 */
import { createStore } from 'zustand/vanilla';
import type { Branch, FlowRequest, Trace } from '../../engine/index';

export interface BranchOutcome {
  backend: string;
  trace?: Trace;
  error?: string;
}

export interface BranchState {
  request?: FlowRequest;
  status: 'idle' | 'running' | 'done';
  outcomes: BranchOutcome[];
}

export const EMPTY_BRANCHES: BranchState = { status: 'idle', outcomes: [] };

export function createBranchStore() {
  return createStore<BranchState>()(() => EMPTY_BRANCHES);
}

export type BranchStore = ReturnType<typeof createBranchStore>;

/** Every backend a random choice of the trace could take (choices of branches with more than one), each once. */
export function backendChoices(branches: readonly Branch[] | undefined): string[] {
  return [...new Set((branches ?? []).filter((b) => b.choices.length > 1).flatMap((b) => b.choices))];
}
