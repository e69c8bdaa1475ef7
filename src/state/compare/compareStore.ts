/**
 * Side by side: a second scenario (by default the overlay/l2bridge partner of
 * the main preset, or an edited copy of the main scenario) compiled in its
 * own worker, and the same flow traced there.
 */
import { createStore } from 'zustand/vanilla';
import type { PresetInfo, Trace, TraceLocations } from '../../engine/index';
import type { ScenarioSource } from '../../share/scenarioSource';

export interface CompareState {
  /** The compared scenario: a preset name, or `edited` for an edited copy of the main scenario; undefined = side by side is off. */
  presetName?: string;
  /** Where the compared scenario comes from, so a share link can carry it. */
  source?: ScenarioSource;
  status: 'idle' | 'loading' | 'ready' | 'tracing' | 'error';
  trace?: Trace;
  locations?: TraceLocations;
  error?: string;
}

export function createCompareStore() {
  return createStore<CompareState>()(() => ({ status: 'idle' }));
}

export type CompareStore = ReturnType<typeof createCompareStore>;

/** The name side by side shows for an edited copy of the main scenario. */
export const EDITED = 'edited';

/** The name side by side shows for the main scenario as it was before the last what-if change. */
export const BEFORE_EDIT = 'before-edit';

/** Overlay ↔ l2bridge partners: Calico VXLAN vs Calico BGP without encapsulation, flannel vxlan vs host-gw. */
export const PAIRS: readonly (readonly [string, string])[] = [
  ['k8s-lab', 'k8s-lab-bgp'],
  ['flannel-vxlan', 'flannel-host-gw'],
];

/**
 * The preset to compare `main` with by default: its partner in `PAIRS`, else
 * its `-bgp` variant, else another variant of it, else the first other preset.
 */
export function defaultComparePreset(presets: readonly PresetInfo[], main: string): string | undefined {
  const names = presets.map((p) => p.name);
  const partner = PAIRS.flatMap(([a, b]) => (a === main ? [b] : b === main ? [a] : [])).find((n) => names.includes(n));
  return partner ?? names.find((n) => n === `${main}-bgp`) ?? names.find((n) => n.startsWith(`${main}-`)) ?? names.find((n) => n !== main);
}
