import { afterEach, describe, expect, it } from 'vitest';
import type { Trace } from '../engine/index';
import { inProcessClient } from '../worker/testing/inProcess.worker';
import { testApp, until, type TestApp } from './testing/harness';

let t: TestApp;
afterEach(() => t.dispose());

describe('wiring: one feature follows another', () => {
  it('a new trace starts the player over; a new flow forgets the per-backend outcomes', () => {
    t = testApp();
    const { stores } = t.app;
    stores.playback.setState({ position: 3, playing: true });
    stores.branches.setState({ status: 'done', outcomes: [{ backend: '10.0.0.1:80' }] } as never);
    stores.trace.setState({ request: { src: 'pod:demo/web', dst: 'svc:demo/hello' }, trace: { steps: [], wire: [] } as unknown as Trace });
    expect(stores.playback.getState()).toMatchObject({ position: 0, playing: false });
    expect(stores.branches.getState()).toMatchObject({ status: 'idle', outcomes: [] });
  });

  it("a trace asks the node state views once, for the first node the packet meets, with the trace's marks", async () => {
    const client = inProcessClient();
    const asked: string[] = [];
    const nodeStateViews = client.nodeStateViews.bind(client);
    client.nodeStateViews = (node, marks) => {
      asked.push(node);
      return nodeStateViews(node, marks);
    };
    t = testApp({ client });
    await t.app.actions.start();
    await until(() => t.app.stores.scenario.getState().status === 'ready', 'the preset');
    // A trace from a Linux pod shows its node, marked; then one from the Windows pod moves to the Windows node.
    await t.app.actions.runTrace({ src: 'pod:demo/net', dst: 'pod:demo/web', proto: 'tcp' });
    expect(t.app.stores.nodeState.getState().node).not.toBe('k8s-lab-win-1');
    asked.length = 0;
    await t.app.actions.runTrace({ src: 'pod:demo/web', dst: 'pod:demo/net', proto: 'tcp' });
    expect(t.app.stores.trace.getState().status).toBe('done');
    expect(asked).toEqual(['k8s-lab-win-1']);
    expect(t.app.stores.nodeState.getState()).toMatchObject({ node: 'k8s-lab-win-1', status: 'ready' });
    expect(t.app.stores.nodeState.getState().views.length).toBeGreaterThan(0);
  });

  it('a new trace outside a lesson ends the quiz question', () => {
    t = testApp();
    const { lesson } = t.classroom.stores;
    lesson.setState({ result: { correct: true } } as never);
    t.app.stores.trace.setState({ trace: { steps: [], wire: [] } as unknown as Trace });
    expect(lesson.getState().result).toBeUndefined();
  });
});
