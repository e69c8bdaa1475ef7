import { afterEach, describe, expect, it } from 'vitest';
import type { FlowRequest } from '../../engine/index';
import { EDITED } from './compareStore';
import { testApp, until, type TestApp } from '../testing/harness';

let t: TestApp | undefined;
afterEach(() => t?.dispose());

const request: FlowRequest = { src: 'pod:demo/web', dst: 'pod:demo/hello', proto: 'tcp', dport: 8080 };

describe('compare actions (the real engine, in-process)', () => {
  it('chooseText opens the text in the second worker and traces the current flow there', async () => {
    t = testApp();
    await t.app.actions.start();
    await t.app.actions.runTrace(request);
    const yaml = t.app.stores.scenario.getState().presets.find((p) => p.name === 'k8s-lab-bgp')!.yaml;
    await t.app.compare.chooseText(yaml);
    expect(t.app.stores.compare.getState()).toMatchObject({ presetName: EDITED, status: 'ready', source: { yaml } });
    expect(t.app.stores.compare.getState().trace?.verdict).toBe('delivered');
  });

  it('traces a new main flow in the compared scenario too; close turns it off', async () => {
    t = testApp();
    await t.app.actions.start();
    await t.app.actions.runTrace(request);
    await t.app.compare.choose('k8s-lab-bgp');
    const before = t.app.stores.compare.getState().trace;
    await t.app.actions.runTrace({ ...request, dst: 'svc:demo/hello', dport: 80 });
    await until(() => t!.app.stores.compare.getState().status === 'ready' && t!.app.stores.compare.getState().trace !== before, 'the compared trace');
    expect(t.app.stores.compare.getState().trace?.verdict).toBe(t.app.stores.trace.getState().trace?.verdict);
    t.app.compare.close();
    expect(t.app.stores.compare.getState()).toEqual({ status: 'idle' });
  });
});
