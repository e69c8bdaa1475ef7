import { describe, expect, it } from 'vitest';
import type { Step, Trace } from '../../engine/index';
import { playItems } from './playback';
import { framingSteps, segments, wireFocus } from './wireFocus';

const step = (node: string | undefined, action: Step['action'] = 'forward', changed: string[] = []): Step => ({
  ...(node ? { node } : {}),
  at: { component: 'routing' },
  action,
  before: { headers: [] },
  after: { headers: [] },
  changed,
  explain: { key: 'linux.forward', params: {} },
  level: 'hop',
});

const trace = {
  steps: [step(undefined, 'resolve'), step('a'), step('a', 'encapsulate', ['outer.ipv4.dst']), step('a', 'route', ['ipv4.ttl']), step('b'), step('c')],
  wire: [{}, {}],
  reply: { steps: [step('c'), step('a', 'mac-rewrite', ['eth.src'])], wire: [{}] },
} as unknown as Trace;
const items = playItems(trace);

describe('segments', () => {
  it('counts machine changes per part; a step without a node stays in its segment', () => {
    expect(segments(items)).toEqual([0, 0, 0, 0, 1, 2, 0, 1]);
  });
});

describe('wireFocus', () => {
  it('looks ahead at the first crossing while the packet is on its first machine', () => {
    expect(wireFocus(items, 2)).toEqual({ part: 'request', index: 0, upcoming: true });
  });
  it('then at the crossing just made', () => {
    expect(wireFocus(items, 5)).toEqual({ part: 'request', index: 1, upcoming: false });
    expect(wireFocus(items, 7)).toEqual({ part: 'reply', index: 0, upcoming: false });
  });
  it('is undefined without a trace', () => {
    expect(wireFocus([], 0)).toBeUndefined();
  });
});

describe('framingSteps', () => {
  it('lists the sending machine\'s hop steps that touched Ethernet or tunnel headers', () => {
    expect(framingSteps(items, 'request', 0).map((s) => s.action)).toEqual(['encapsulate']);
    expect(framingSteps(items, 'reply', 1).map((s) => s.action)).toEqual(['mac-rewrite']);
  });
});
