import { describe, expect, it } from 'vitest';
import type { FlowRequest, LoadResult, Scenario, Trace } from '../engine/index';
import type { Answer, EngineClient } from '../worker/client';
import { createAppState } from './appState';

const scenario = {
  name: 'k8s-lab',
  nodes: [{ name: 'k8s-lab-master-1' }, { name: 'k8s-lab-node-1' }],
  pods: [],
} as unknown as Scenario;

const ok = <T>(value: T): Promise<Answer<T>> => Promise.resolve({ kind: 'ok', value });

function fakeClient(overrides: Partial<EngineClient> = {}): EngineClient & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    revision: 1,
    listPresets: () => ok([{ name: 'k8s-lab', title: 'lab', description: '', yaml: '' }]),
    loadPreset: (name) => {
      calls.push(`loadPreset ${name}`);
      return ok({ scenario, diagnostics: [] } as unknown as LoadResult);
    },
    loadText: () => ok({ scenario, diagnostics: [] } as unknown as LoadResult),
    setScenario: () => ok({ places: [] as never, topology: { elements: [], edges: [] } }),
    nodeStateViews: (node) => {
      calls.push(`nodeStateViews ${node}`);
      return ok([{ id: 'routes', title: 'ip route', text: 'default via 192.168.10.1 dev ens18' }]);
    },
    traceFlow: () => ok({ trace: { verdict: 'delivered', steps: [] } as unknown as Trace, diagnostics: [] }),
    formatTrace: () => ok(''),
    checkReadiness: () => ok([]),
    ipamView: () => ok({ blocks: [], borrowed: [], strictAffinity: false }),
    importFiles: () => ok({ result: { scenario: null, diagnostics: [], hns: [] }, hnsFiles: [] }),
    compareImportedHns: () => ok([]),
    dispose: () => {},
    ...overrides,
  };
}

describe('actions', () => {
  it('start loads the default preset, compiles it and shows the first node', async () => {
    const client = fakeClient();
    const { stores, actions } = createAppState(client);
    await actions.start();
    expect(stores.scenario.getState()).toMatchObject({ presetName: 'k8s-lab', status: 'ready', scenario });
    expect(stores.nodeState.getState()).toMatchObject({ node: 'k8s-lab-master-1', status: 'ready' });
    expect(client.calls).toEqual(['loadPreset k8s-lab', 'nodeStateViews k8s-lab-master-1']);
  });

  it('keeps a worker error as a message', async () => {
    const client = fakeClient({ setScenario: () => Promise.resolve({ kind: 'error', message: 'not implemented' }) });
    const { stores, actions } = createAppState(client);
    await actions.selectPreset('k8s-lab');
    expect(stores.scenario.getState()).toMatchObject({ status: 'error', error: 'not implemented' });
  });

  it('ignores an answer for a preset that is no longer selected', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const client = fakeClient({
      loadPreset: async (name) => {
        if (name === 'slow') await gate;
        return { kind: 'ok', value: { scenario: { ...scenario, name }, diagnostics: [] } as unknown as LoadResult };
      },
    });
    const { stores, actions } = createAppState(client);
    const slow = actions.selectPreset('slow');
    await actions.selectPreset('k8s-main-after');
    release();
    await slow;
    expect(stores.scenario.getState().scenario?.name).toBe('k8s-main-after');
  });

  it('runTrace stores the trace', async () => {
    const { stores, actions } = createAppState(fakeClient());
    const request: FlowRequest = { src: 'pod:demo/net', dst: '172.20.172.6', proto: 'icmp' };
    await actions.runTrace(request);
    expect(stores.trace.getState()).toMatchObject({ status: 'done', request, trace: { verdict: 'delivered' } });
  });
});
