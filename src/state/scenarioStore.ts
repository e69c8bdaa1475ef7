/**
 * The scenario being looked at: which preset, the loaded scenario (plain data,
 * the source of truth on the main thread), its diagnostics, and where loading
 * and compiling in the worker stand.
 */
import { createStore } from 'zustand/vanilla';
import type { Diagnostic, PresetInfo, Scenario, Topology } from '../engine/index';
import type { Places } from '../worker/api';

export type { Places };

export const DEFAULT_PRESET = 'k8s-lab';

export type ScenarioStatus = 'idle' | 'loading' | 'compiling' | 'ready' | 'error';

export interface ScenarioState {
  presets: readonly PresetInfo[];
  presetName: string;
  scenario: Scenario | null;
  diagnostics: Diagnostic[];
  /** Places for the flow picker, from the compiled cluster. */
  places: Places | null;
  /** Machines, networks and node parts for the topology view, from the compiled cluster. */
  topology: Topology | null;
  status: ScenarioStatus;
  /** A worker or engine error, shown as a message. */
  error?: string;
}

export function createScenarioStore(presetName = DEFAULT_PRESET) {
  return createStore<ScenarioState>()(() => ({
    presets: [],
    presetName,
    scenario: null,
    diagnostics: [],
    places: null,
    topology: null,
    status: 'idle',
  }));
}

export type ScenarioStore = ReturnType<typeof createScenarioStore>;
