import { describe, expect, it } from 'vitest';
import type { FlowRequest, Trace } from '../../engine/index';
import type { EngineClient } from '../../worker/client';
import { createBranchActions } from './branchActions';
import { backendChoices, createBranchStore } from './branchStore';
import { EMPTY_TRACE, createTraceStore } from './traceStore';

const request: FlowRequest = { src: 'host:client', dst: '192.168.10.25', proto: 'tcp', dport: 30081, backend: '172.21.41.5:80' };
const branches = [{ at: 'LB_192.168.10.25_30081_TCP', choices: ['172.21.41.5:80', '172.21.41.6:80'], taken: 0 }];

function setup() {
  const asked: FlowRequest[] = [];
  const client = {
    traceFlow: (r: FlowRequest) => {
      asked.push(r);
      return Promise.resolve({ kind: 'ok', value: { trace: { verdict: 'delivered', flow: { backend: r.backend } } as unknown as Trace, diagnostics: [] } });
    },
  } as unknown as EngineClient;
  const trace = createTraceStore();
  const store = createBranchStore();
  const actions = createBranchActions(client, store, trace);
  trace.setState({ ...EMPTY_TRACE, status: 'done', request, trace: { branches } as unknown as Trace });
  return { asked, trace, store, actions };
}

describe('backendChoices', () => {
  it('lists the choices of random picks with more than one backend, once each', () => {
    expect(backendChoices([...branches, { at: 'x', choices: ['172.21.41.6:80', '172.21.41.7:80'], taken: 1 }, { at: 'y', choices: ['10.0.0.1:80'], taken: 0 }])).toEqual(['172.21.41.5:80', '172.21.41.6:80', '172.21.41.7:80']);
    expect(backendChoices(undefined)).toEqual([]);
  });
});

describe('traceEveryBackend', () => {
  it('traces the flow once per backend, pinned, and keeps the outcomes in order', async () => {
    const { asked, store, actions } = setup();
    await actions.traceEveryBackend();
    expect(asked.map((r) => r.backend)).toEqual(['172.21.41.5:80', '172.21.41.6:80']);
    expect(store.getState()).toMatchObject({ status: 'done', outcomes: [{ backend: '172.21.41.5:80', trace: { verdict: 'delivered' } }, { backend: '172.21.41.6:80' }] });
  });
});
