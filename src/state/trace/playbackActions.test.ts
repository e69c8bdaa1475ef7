import { describe, expect, it } from 'vitest';
import type { Step, Trace } from '../../engine/index';
import { createPlaybackActions } from './playbackActions';
import { createPlaybackStore } from './playbackStore';
import { EMPTY_TRACE, createTraceStore } from './traceStore';

const step = (level: Step['level']): Step =>
  ({ node: 'a', at: { component: 'routing' }, action: 'forward', before: { headers: [] }, after: { headers: [] }, changed: [], explain: { key: 'linux.forward', params: {} }, level }) as Step;

function setup() {
  const playback = createPlaybackStore();
  const trace = createTraceStore();
  const actions = createPlaybackActions(playback, trace);
  trace.setState({ ...EMPTY_TRACE, status: 'done', trace: { steps: [step('hop'), step('detail'), step('hop')], wire: [] } as unknown as Trace });
  return { playback, trace, actions };
}

describe('playback actions', () => {
  it('steps forward and back over hop steps in the summary', () => {
    const { playback, actions } = setup();
    actions.next();
    expect(playback.getState().position).toBe(2);
    actions.previous();
    expect(playback.getState().position).toBe(0);
  });

  it('plays, ticks to the end and pauses there; play at the end restarts', () => {
    const { playback, actions } = setup();
    actions.play();
    expect(playback.getState().playing).toBe(true);
    actions.tick();
    actions.tick();
    expect(playback.getState()).toMatchObject({ position: 2, playing: false });
    actions.play();
    expect(playback.getState()).toMatchObject({ position: 0, playing: true });
  });

  it('the detailed view visits every step; end jumps to the last', () => {
    const { playback, actions } = setup();
    actions.setDetail('detailed');
    actions.next();
    expect(playback.getState().position).toBe(1);
    actions.setDetail('summary');
    expect(playback.getState().position).toBe(0);
    actions.end();
    expect(playback.getState().position).toBe(2);
  });

});
