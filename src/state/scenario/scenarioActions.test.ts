import { afterEach, describe, expect, it } from 'vitest';
import type { FlowRequest } from '../../engine/index';
import { inProcessClient } from '../../worker/testing/inProcess.worker';
import { testApp, type TestApp } from '../testing/harness';

let t: TestApp | undefined;
afterEach(() => t?.dispose());

describe('actions (the real engine, in-process)', () => {
  it('start opens the default preset, compiled, with the first node state shown', async () => {
    t = testApp();
    await t.app.actions.start();
    const s = t.app.stores.scenario.getState();
    expect(s).toMatchObject({ presetName: 'k8s-lab', status: 'ready' });
    expect(s.topology?.elements.length).toBeGreaterThan(0);
    expect(t.app.stores.nodeState.getState()).toMatchObject({ node: s.summary!.nodes[0]!.name, status: 'ready' });
    expect(t.app.stores.nodeState.getState().views.length).toBeGreaterThan(0);
  });

  it('an unknown preset shows an error, not a blank page', async () => {
    t = testApp();
    await t.app.actions.loadPresets();
    await t.app.actions.selectPreset('no-such-preset');
    expect(t.app.stores.scenario.getState()).toMatchObject({ status: 'error' });
    expect(t.app.stores.scenario.getState().diagnostics[0]?.message).toContain('no-such-preset');
  });

  it('shows the preset picked last when two are picked quickly', async () => {
    t = testApp();
    await t.app.actions.loadPresets();
    const first = t.app.actions.selectPreset('k8s-lab');
    await t.app.actions.selectPreset('k8s-main-after');
    await first;
    expect(t.app.stores.scenario.getState()).toMatchObject({ presetName: 'k8s-main-after', status: 'ready' });
    expect(t.app.stores.scenario.getState().summary?.name).toBe('k8s-main-after');
  });

  it('runTrace stores the trace and shows the first node the packet meets', async () => {
    t = testApp();
    await t.app.actions.start();
    const request: FlowRequest = { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'tcp', dport: 8080 };
    await t.app.actions.runTrace(request);
    expect(t.app.stores.trace.getState()).toMatchObject({ status: 'done', request, trace: { verdict: 'delivered' } });
  });

  it('a compile stage heard after the answer does not leave the page compiling', async () => {
    // The worker's progress callback has its own MessagePort: its last stage may arrive after the answer.
    const real = inProcessClient();
    const late: (() => void)[] = [];
    const client: typeof real = {
      ...real,
      async openScenario(source, options, onProgress) {
        const answer = await real.openScenario(source, options, onProgress);
        late.push(() => onProgress?.({ stage: 'fabric', done: 2, total: 3 }));
        return answer;
      },
    };
    t = testApp({ client });
    await t.app.actions.start();
    expect(late).toHaveLength(1);
    for (const deliver of late) deliver();
    expect(t.app.stores.scenario.getState()).toMatchObject({ status: 'ready', progress: undefined });
  });
});
