import { describe, expect, it } from 'vitest';
import type { Step, Trace } from '../../engine/index';
import { nextPosition, playItems, previousPosition, snapToVisible, visiblePositions } from './playback';

const step = (node: string, level: Step['level'] = 'hop'): Step => ({
  node,
  at: { component: 'routing' },
  action: 'forward',
  before: { headers: [] },
  after: { headers: [] },
  changed: [],
  explain: { key: 'linux.forward', params: {} },
  level,
});

const trace = {
  steps: [step('a'), step('a', 'detail'), step('a'), step('b'), step('b', 'detail')],
  wire: [{}],
  reply: { steps: [step('b'), step('a')], wire: [{}] },
} as unknown as Trace;

describe('playItems', () => {
  it('lists the request steps, then the reply steps, with their locations', () => {
    const items = playItems(trace, { steps: ['x0', 'x1', 'x2', 'x3', null], reply: { steps: ['r0', 'r1'] } });
    expect(items.map((i) => `${i.part}:${i.index}:${i.location}`)).toEqual(['request:0:x0', 'request:1:x1', 'request:2:x2', 'request:3:x3', 'request:4:null', 'reply:0:r0', 'reply:1:r1']);
  });
});

describe('stepping over visible positions', () => {
  const items = playItems(trace);
  const summary = visiblePositions(items, 'summary');
  it('the summary shows hop steps only; the detailed view every step', () => {
    expect(summary).toEqual([0, 2, 3, 5, 6]);
    expect(visiblePositions(items, 'detailed')).toHaveLength(7);
  });
  it('next/previous move between visible positions and stop at the ends', () => {
    expect(nextPosition(summary, 0)).toBe(2);
    expect(nextPosition(summary, 6)).toBe(6);
    expect(previousPosition(summary, 3)).toBe(2);
    expect(previousPosition(summary, 0)).toBe(0);
  });
  it('switching to the summary snaps a detail position back to the hop before it', () => {
    expect(snapToVisible(summary, 4)).toBe(3);
    expect(snapToVisible(summary, 1)).toBe(0);
  });
});
