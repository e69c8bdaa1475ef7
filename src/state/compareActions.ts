/**
 * Side by side: loads the compared scenario (a preset, or scenario text such
 * as an edited copy of the main one) into a second engine worker and traces
 * the main view's flow there whenever the main flow changes.
 */
import type { FlowRequest, LoadResult } from '../engine/index';
import type { Answer, EngineClient } from '../worker/client';
import { EDITED, type CompareStore } from './compareStore';
import type { TraceStore } from './traceStore';

export interface CompareActions {
  /** Turns side by side on with the preset `name` (or switches the compared preset). */
  choose(name: string): Promise<void>;
  /** Turns side by side on with a scenario given as text (YAML or a JSON List), shown as `edited`. */
  chooseText(text: string, name?: string): Promise<void>;
  close(): void;
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

  async function open(name: string, load: () => Promise<Answer<LoadResult>>): Promise<void> {
    compare.setState({ presetName: name, status: 'loading', trace: undefined, locations: undefined, error: undefined });
    const loaded = await load();
    if (compare.getState().presetName !== name) return;
    if (loaded.kind !== 'ok' || !loaded.value.scenario) {
      const message = loaded.kind === 'error' ? loaded.message : loaded.kind === 'ok' ? loaded.value.diagnostics.map((d) => d.message).join('; ') : 'stale';
      return compare.setState({ status: 'error', error: message });
    }
    const compiled = await client().setScenario(loaded.value.scenario);
    if (compare.getState().presetName !== name || compiled.kind === 'stale') return;
    if (compiled.kind === 'error') return compare.setState({ status: 'error', error: compiled.message });
    compare.setState({ status: 'ready' });
    const request = trace.getState().request;
    if (request) await traceThere(request);
  }

  trace.subscribe((state, prev) => {
    if (state.request && state.request !== prev.request) void traceThere(state.request);
  });

  return {
    choose: (name) => {
      compare.setState({ text: undefined });
      return open(name, () => client().loadPreset(name));
    },
    chooseText: (text, name = EDITED) => {
      compare.setState({ text });
      return open(name, () => client().loadText(text, name));
    },
    close: () => compare.setState({ presetName: undefined, status: 'idle', trace: undefined, locations: undefined, error: undefined }, true),
  };
}
