import { afterEach, describe, expect, it } from 'vitest';
import type { Trace } from '../engine/index';
import { testApp, type TestApp } from './testing/harness';

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

  it('a new trace outside a lesson ends the quiz question', () => {
    t = testApp();
    const { lesson } = t.classroom.stores;
    lesson.setState({ result: { correct: true } } as never);
    t.app.stores.trace.setState({ trace: { steps: [], wire: [] } as unknown as Trace });
    expect(lesson.getState().result).toBeUndefined();
  });
});
