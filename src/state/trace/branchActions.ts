/**
 * Traces the current flow once per backend a random choice could take
 * (`FlowRequest.backend` pinned), one after another in the engine worker, and
 * keeps the outcomes beside each other. A new flow clears them.
 */
import type { EngineClient } from '../../worker/client';
import { EMPTY_BRANCHES, backendChoices, type BranchStore } from './branchStore';
import type { TraceStore } from './traceStore';

export interface BranchActions {
  traceEveryBackend(): Promise<void>;
  /** Forgets the outcomes (a new flow; `wiring.ts`). */
  clear(): void;
}

export function createBranchActions(client: EngineClient, branches: BranchStore, trace: TraceStore): BranchActions {
  return {
    clear: () => branches.setState(EMPTY_BRANCHES, true),
    async traceEveryBackend() {
      const { request, trace: current } = trace.getState();
      if (!request) return;
      const base = { ...request, backend: undefined };
      branches.setState({ request, status: 'running', outcomes: [] }, true);
      for (const backend of backendChoices(current?.branches)) {
        const answer = await client.traceFlow({ ...base, backend });
        if (branches.getState().request !== request || answer.kind === 'stale') return;
        const outcome = answer.kind === 'error' ? { backend, error: answer.message } : { backend, trace: answer.value.trace, ...(answer.value.trace ? {} : { error: answer.value.diagnostics.map((d) => d.message).join('; ') }) };
        branches.setState({ outcomes: [...branches.getState().outcomes, outcome] });
      }
      branches.setState({ status: 'done' });
    },
  };
}
