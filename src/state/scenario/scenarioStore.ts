/**
 * The scenario being looked at: which preset, the summary of the loaded
 * scenario (the worker holds the scenario itself), its diagnostics, and where loading
 * and compiling in the worker stand.
 */
import { createStore } from 'zustand/vanilla';
import type { CompileProgress, Diagnostic, PresetInfo, Topology } from '../../engine/index';
import type { ScenarioSource } from '../../share/scenarioSource';
import type { ClientPod, Family, FamilyFlows, NodeParts, NodeRow, PlaceRow, Places, PodRow, RowList, RowOf, RowPage, ScenarioSummary } from '../../worker/api';
import { FAMILIES } from '../../worker/api';

export type { ClientPod, Family, FamilyFlows, NodeParts, NodeRow, PlaceRow, Places, PodRow, RowList, RowOf, RowPage, ScenarioSummary };
export { FAMILIES };

export const DEFAULT_PRESET = 'k8s-lab';

export type ScenarioStatus = 'idle' | 'loading' | 'compiling' | 'ready' | 'error';

export interface ScenarioState {
  presets: readonly PresetInfo[];
  /** The preset the switcher shows (the source's preset, `shared` or `imported` otherwise). */
  presetName: string;
  /** Where the scenario shown comes from (with every edit); set once it opened. */
  source?: ScenarioSource;
  /** The length of the source's text after its edits (the text stays in the worker: `OpenedScenario.textLength`). */
  textLength?: number;
  /** HNS dumps of an imported source, attached to a Windows node. */
  hns?: { node: string; files: string[] }[];
  /** What the page keeps of the scenario (its long lists stay in the worker: `findRows`). */
  summary: ScenarioSummary | null;
  diagnostics: Diagnostic[];
  /** Machines, networks and node parts for the topology view, from the compiled cluster. */
  topology: Topology | null;
  /** A large cluster: `topology` is a summary without node parts, drawn collapsed (parts come with traces and `opened`). */
  collapsed?: boolean;
  /** Collapsed topology: the parts of the nodes the user opened, latest first. */
  opened: NodeParts[];
  status: ScenarioStatus;
  /** The compile stage the worker last reported while opening (cleared when it answers). */
  progress?: CompileProgress;
  /** A worker or engine error, shown as a message. */
  error?: string;
  /** The engine worker was restarted (a crash or a call that took too long); `restarted: false` once it gave up. */
  engineRestart?: { reason: 'crash' | 'timeout'; message: string; restarted: boolean };
}

export function createScenarioStore(presetName = DEFAULT_PRESET) {
  return createStore<ScenarioState>()(() => ({
    presets: [],
    presetName,
    summary: null,
    diagnostics: [],
    topology: null,
    opened: [],
    status: 'idle',
  }));
}

export type ScenarioStore = ReturnType<typeof createScenarioStore>;
