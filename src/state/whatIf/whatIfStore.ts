/**
 * What-if work on the main scenario: the source it starts from (`base`: a
 * preset, a link's scenario or imported files), the user's changes as text
 * patches on it (`changes`, undo takes the last; `future`, redo takes the last),
 * and what the panel shows about them. The worker resolves `base` + `edits`
 * (`openScenario`); the text itself lives in the scenario store.
 */
import { createStore } from 'zustand/vanilla';
import type { Diagnostic } from '../../engine/index';
import type { ScenarioEdit, ScenarioSource } from '../../share/scenarioSource';
import type { Edit } from '../../edit/edits';

export interface WhatIfState {
  /** The preset chosen in the switcher (reset goes back to it). */
  preset: string;
  base: ScenarioSource;
  /** The user's changes, oldest first; each is the text edits one what-if change made. */
  changes: ScenarioEdit[][];
  /** Undone changes; the next redo is last. */
  future: ScenarioEdit[][];
  /** The scenario text equals the base's (no change, or every change undone by reset). */
  unedited: boolean;
  /** Where the scenario came from when imported: the file names. */
  imported?: string[];
  /** The scenario before the last change, for the before/after comparison. */
  before?: ScenarioSource;
  lastEdit?: Edit;
  status: 'idle' | 'applying' | 'error';
  /** Why the last change was refused (the scenario stayed as it was). */
  error?: string;
  errorDiagnostics?: Diagnostic[];
  /** Why the work could not be kept in the browser (storage full); cleared by the next save that works. */
  saveError?: string;
  /** The user's draft of another scenario, kept when a share link opened over it. */
  keptDraft?: { key: string; name: string; count: number };
}

export function createWhatIfStore(preset: string) {
  return createStore<WhatIfState>()(() => ({ preset, base: { preset }, changes: [], future: [], unedited: true, status: 'idle' }));
}

export type WhatIfStore = ReturnType<typeof createWhatIfStore>;

/** The whole edit history in order: the changes made, then the undone ones (redo order). Point k is the base plus the first k. */
export function historyOf(s: Pick<WhatIfState, 'changes' | 'future'>): ScenarioEdit[][] {
  return [...s.changes, ...[...s.future].reverse()];
}

/** How many changes can be undone (older ones are folded into one patch). */
export const HISTORY_LIMIT = 30;

/** The file name a download of the scenario gets: `<scenario>.yaml`. */
export function downloadName(s: Pick<WhatIfState, 'preset' | 'imported' | 'base'>): string {
  return `${s.imported?.length ? 'imported' : 'preset' in s.base ? s.base.preset : s.preset}.yaml`;
}
