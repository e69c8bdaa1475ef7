import { describe, expect, it } from 'vitest';
import type { FlowRequest, LoadResult, Scenario, Trace } from '../engine/index';
import type { Answer, EngineClient } from '../worker/client';
import { createCompareActions } from './compareActions';
import { EDITED, createCompareStore } from './compareStore';
import { EMPTY_TRACE, createTraceStore } from './traceStore';

const ok = <T>(value: T): Promise<Answer<T>> => Promise.resolve({ kind: 'ok', value });
const request: FlowRequest = { src: 'pod:demo/web', dst: 'pod:demo/hello', proto: 'tcp', dport: 8080 };

function setup() {
  const calls: string[] = [];
  const client = {
    loadPreset: (name: string) => (calls.push(`loadPreset ${name}`), ok({ scenario: { name } as Scenario, diagnostics: [] } as LoadResult)),
    loadText: (text: string, name: string) => (calls.push(`loadText ${name} ${text}`), ok({ scenario: { name } as Scenario, diagnostics: [] } as LoadResult)),
    setScenario: (s: Scenario) => (calls.push(`setScenario ${s.name}`), ok({})),
    traceFlow: (r: FlowRequest) => (calls.push(`traceFlow ${r.dst}`), ok({ trace: { verdict: 'delivered' } as Trace, diagnostics: [] })),
  } as unknown as EngineClient;
  const trace = createTraceStore();
  trace.setState({ ...EMPTY_TRACE, status: 'done', request });
  const compare = createCompareStore();
  return { calls, trace, compare, actions: createCompareActions(() => client, compare, trace) };
}

describe('compare actions', () => {
  it('chooseText loads the text in the second worker, compiles it and traces the current flow there', async () => {
    const { calls, compare, actions } = setup();
    await actions.chooseText('bgp: Enabled');
    expect(calls).toEqual([`loadText ${EDITED} bgp: Enabled`, `setScenario ${EDITED}`, 'traceFlow pod:demo/hello']);
    expect(compare.getState()).toMatchObject({ presetName: EDITED, status: 'ready', trace: { verdict: 'delivered' } });
  });
  it('traces a new main flow in the compared scenario too; close turns it off', async () => {
    const { calls, trace, compare, actions } = setup();
    await actions.choose('k8s-lab-bgp');
    trace.setState({ request: { ...request, dst: 'svc:demo/hello' } });
    await Promise.resolve();
    expect(calls.at(-1)).toBe('traceFlow svc:demo/hello');
    actions.close();
    expect(compare.getState()).toEqual({ status: 'idle' });
  });
});
