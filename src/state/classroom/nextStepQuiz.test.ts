import { describe, expect, it } from 'vitest';
import type { Step } from '../../engine/index';
import { NOTHING, nextStepQuiz } from './nextStepQuiz';
import type { PlayItem } from '../trace/playback';

function item(index: number, at: Step['at'], changed: string[] = [], level: 'hop' | 'detail' = 'hop'): PlayItem {
  return { step: { at, changed, level, action: 'x', explain: { key: 'k', params: {} } } as unknown as Step, part: 'request', index, location: null };
}

const items: PlayItem[] = [
  item(0, { component: 'vnic' }),
  item(1, { component: 'vfp', layer: 'LB_DSR' }, ['ipv4.dst', 'tcp.dport']),
  item(2, { component: 'vfp', layer: 'VNET_ENCAP_LAYER' }, ['outer.ipv4.dst']),
  item(3, { component: 'routing' }, [], 'detail'),
  item(4, { component: 'link' }),
];

describe('nextStepQuiz', () => {
  it('asks which part acts next (the VFP layer on Windows), with the answer among distinct choices', () => {
    const q = nextStepQuiz(items, 'summary', 1)!;
    expect(q.kind).toBe('component');
    expect(q.reveal).toBe(2);
    expect(q.answer).toBe('VNET_ENCAP_LAYER');
    expect(q.choices).toContain('VNET_ENCAP_LAYER');
    expect(new Set(q.choices).size).toBe(q.choices.length);
    expect(q.choices.length).toBeGreaterThanOrEqual(2);
    expect(q.choices.length).toBeLessThanOrEqual(4);
  });

  it('asks which header changes on alternate steps, offering "nothing" and fields other steps change', () => {
    const q = nextStepQuiz(items, 'summary', 0)!;
    expect(q.kind).toBe('changed');
    expect(q.answer).toBe('ipv4.dst');
    expect(q.choices).toContain(NOTHING);
    expect(q.choices).toContain('outer.ipv4.dst');
    expect(q.choices).not.toContain('tcp.dport');
  });

  it('skips detail steps in the summary and has no question after the last step', () => {
    expect(nextStepQuiz(items, 'summary', 2)!.reveal).toBe(4);
    expect(nextStepQuiz(items, 'detailed', 2)!.reveal).toBe(3);
    expect(nextStepQuiz(items, 'summary', 4)).toBeUndefined();
    expect(nextStepQuiz([], 'summary', 0)).toBeUndefined();
  });
});
