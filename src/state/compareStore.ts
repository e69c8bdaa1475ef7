/**
 * Side by side: a second scenario (another preset, e.g. the l2bridge/BGP
 * variant of the lab) compiled in its own worker, and the same flow traced
 * there.
 */
import { createStore } from 'zustand/vanilla';
import type { PresetInfo, Trace, TraceLocations } from '../engine/index';

export interface CompareState {
  /** The preset compared with the main one; undefined = side by side is off. */
  presetName?: string;
  status: 'idle' | 'loading' | 'ready' | 'tracing' | 'error';
  trace?: Trace;
  locations?: TraceLocations;
  error?: string;
}

export function createCompareStore() {
  return createStore<CompareState>()(() => ({ status: 'idle' }));
}

export type CompareStore = ReturnType<typeof createCompareStore>;

/**
 * The preset to compare `main` with by default: its `-bgp` (l2bridge) variant
 * when there is one, else the first other preset.
 */
export function defaultComparePreset(presets: readonly PresetInfo[], main: string): string | undefined {
  const names = presets.map((p) => p.name);
  return names.find((n) => n === `${main}-bgp`) ?? names.find((n) => n.startsWith(`${main}-`)) ?? names.find((n) => n !== main);
}
