/**
 * Side by side: loads the compared preset into a second engine worker and
 * traces the main view's flow there whenever the main flow changes.
 */
import type { FlowRequest } from '../engine/index';
import type { EngineClient } from '../worker/client';
import type { CompareStore } from './compareStore';
import type { TraceStore } from './traceStore';

export interface CompareActions {
  /** Turns side by side on with `name` (or switches the compared preset). */
  choose(name: string): Promise<void>;
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

  trace.subscribe((state, prev) => {
    if (state.request && state.request !== prev.request) void traceThere(state.request);
  });

  return {
    async choose(name) {
      compare.setState({ presetName: name, status: 'loading', trace: undefined, locations: undefined, error: undefined });
      const loaded = await client().loadPreset(name);
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
    },
    close: () => compare.setState({ presetName: undefined, status: 'idle', trace: undefined, locations: undefined, error: undefined }, true),
  };
}
