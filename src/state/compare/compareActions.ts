/**
 * Side by side: opens the compared scenario (a preset, a link's scenario, the
 * scenario before the last what-if change) in a second engine worker and
 * traces the main view's flow there whenever the main flow changes.
 */
import type { FlowRequest } from '../../engine/index';
import type { ScenarioSource } from '../../share/scenarioSource';
import type { EngineClient } from '../../worker/client';
import { EDITED, type CompareStore } from './compareStore';
import type { TraceStore } from '../trace/traceStore';

export interface CompareActions {
  /** Turns side by side on with `source`, shown as `label` (a preset name, `edited`, `before-edit`). */
  open(source: ScenarioSource, label?: string): Promise<void>;
  /** Turns side by side on with the preset `name` (or switches the compared preset). */
  choose(name: string): Promise<void>;
  /** Turns side by side on with a scenario given as text (YAML or a JSON List), shown as `edited`. */
  chooseText(text: string, name?: string): Promise<void>;
  close(): void;
  /** Traces `request` in the compared scenario, when one is open (the main flow changed; `wiring.ts`). */
  traceThere(request: FlowRequest): Promise<void>;
}

export function createCompareActions(client: () => EngineClient, compare: CompareStore, trace: TraceStore): CompareActions {
  async function traceThere(request: FlowRequest): Promise<void> {
    const name = compare.getState().presetName;
    if (!name || compare.getState().status === 'loading') return;
    compare.setState({ status: 'tracing', trace: undefined, locations: undefined, error: undefined });
    const answer = await client().traceFlow(request);
    if (compare.getState().presetName !== name || trace.getState().request !== request || answer.kind === 'stale') return;
    if (answer.kind === 'error') return compare.setState({ status: 'error', error: answer.message });
    compare.setState({ status: 'ready', trace: answer.value.trace, locations: answer.value.locations, error: answer.value.trace ? undefined : answer.value.diagnostics.map((d) => d.message).join('; ') });
  }

  async function open(source: ScenarioSource, label = 'preset' in source && !source.edits?.length ? source.preset : EDITED): Promise<void> {
    compare.setState({ presetName: label, source, status: 'loading', trace: undefined, locations: undefined, error: undefined });
    const opened = await client().openScenario(source);
    if (compare.getState().source !== source || opened.kind === 'stale') return;
    if (opened.kind === 'error') return compare.setState({ status: 'error', error: opened.message });
    if (!opened.value.compiled) return compare.setState({ status: 'error', error: opened.value.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message).join('; ') });
    compare.setState({ status: 'ready' });
    const request = trace.getState().request;
    if (request) await traceThere(request);
  }

  return {
    open,
    traceThere,
    choose: (name) => open({ preset: name }, name),
    chooseText: (text, name = EDITED) => open({ yaml: text }, name),
    close: () => compare.setState({ presetName: undefined, source: undefined, status: 'idle', trace: undefined, locations: undefined, error: undefined }, true),
  };
}
