/**
 * The scenario as editable text: the YAML the main scenario was loaded from
 * (a preset's, an import's, or after what-if edits), with undo/redo history.
 * The text is the source of truth for edits; the worker parses and compiles it.
 */
import { createStore } from 'zustand/vanilla';
import type { Diagnostic } from '../engine/index';
import type { Edit } from './scenarioEdits';

export interface WhatIfState {
  /** The preset the text started from (reset goes back to it). */
  preset: string;
  /** The scenario text; undefined = the preset's YAML, unedited. */
  text?: string;
  /** Where the text came from: the preset, or imported files (their names). */
  imported?: string[];
  past: string[];
  future: string[];
  /** The text before the last edit or undo/redo, for the before/after comparison. */
  before?: string;
  lastEdit?: Edit;
  status: 'idle' | 'applying' | 'error';
  /** Why the last edit was refused (the text stayed as it was). */
  error?: string;
  errorDiagnostics?: Diagnostic[];
}

export function createWhatIfStore(preset: string) {
  return createStore<WhatIfState>()(() => ({ preset, past: [], future: [], status: 'idle' }));
}

export type WhatIfStore = ReturnType<typeof createWhatIfStore>;

/** How many undo steps are kept (and saved in the browser). */
export const HISTORY_LIMIT = 30;

export const STORAGE_KEY = 'packetwalk.whatIf.v1';

/** What is saved in localStorage: enough to restore the edited scenario and its history. */
export interface SavedWhatIf {
  preset: string;
  text: string;
  imported?: string[];
  past: string[];
  future: string[];
}

export function readSaved(storage: Pick<Storage, 'getItem'> | undefined): SavedWhatIf | undefined {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) return undefined;
    const v = JSON.parse(raw) as Partial<SavedWhatIf>;
    if (typeof v.preset !== 'string' || typeof v.text !== 'string') return undefined;
    const strings = (a: unknown): string[] => (Array.isArray(a) ? a.filter((x): x is string => typeof x === 'string') : []);
    return { preset: v.preset, text: v.text, imported: v.imported ? strings(v.imported) : undefined, past: strings(v.past), future: strings(v.future) };
  } catch {
    return undefined;
  }
}

export function writeSaved(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, saved: SavedWhatIf | undefined): void {
  try {
    if (!saved) storage?.removeItem(STORAGE_KEY);
    else storage?.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Storage full (a large import) or disabled: the change still applies, it is just not kept,
    // and an older saved edit must not come back after a reload.
    try {
      storage?.removeItem(STORAGE_KEY);
    } catch {
      // storage disabled altogether
    }
  }
}

/** The file name a download of the scenario gets: `<scenario>.yaml`. */
export function downloadName(s: Pick<WhatIfState, 'preset' | 'imported'>): string {
  return `${s.imported?.length ? 'imported' : s.preset}.yaml`;
}
