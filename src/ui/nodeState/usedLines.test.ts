import { describe, expect, it } from 'vitest';
import type { Step, Trace } from '../../engine/index';
import { markLines, usedLines } from './usedLines';

const step = (node: string, text: string): Step => ({
  node,
  at: { component: 'routing' },
  action: 'forward',
  rule: { text, source: 'test' },
  before: { headers: [] },
  after: { headers: [] },
  changed: [],
  explain: { key: 'linux.forward', params: {} },
  level: 'hop',
});

const trace = {
  steps: [step('a', '172.21.211.0/26 via 172.21.211.0 dev vxlan.calico onlink'), step('b', 'default via 192.168.10.1 dev ens18')],
  reply: { steps: [step('a', '  meta l4proto tcp dnat to 172.21.211.8:8080\n  counter')] },
} as unknown as Trace;

describe('usedLines', () => {
  it("collects the trimmed rule lines of the node's steps, reply included", () => {
    expect([...usedLines(trace, 'a')].sort()).toEqual(['172.21.211.0/26 via 172.21.211.0 dev vxlan.calico onlink', 'counter', 'meta l4proto tcp dnat to 172.21.211.8:8080']);
  });

  it('marks view lines whose trimmed text was used', () => {
    const view = 'default via 192.168.10.1 dev ens18\n172.21.211.0/26 via 172.21.211.0 dev vxlan.calico onlink\n\t\tmeta l4proto tcp dnat to 172.21.211.8:8080';
    expect(markLines(view, usedLines(trace, 'a')).map((l) => l.used)).toEqual([false, true, true]);
  });

  it("keeps only the steps a selected object produced, and marks those lines as produced", () => {
    const produced = usedLines(trace, 'a', (s) => s.rule!.text.includes('dnat'));
    expect([...produced].sort()).toEqual(['counter', 'meta l4proto tcp dnat to 172.21.211.8:8080']);
    const view = '172.21.211.0/26 via 172.21.211.0 dev vxlan.calico onlink\n\t\tmeta l4proto tcp dnat to 172.21.211.8:8080';
    expect(markLines(view, usedLines(trace, 'a'), produced).map((l) => l.produced)).toEqual([false, true]);
  });
});
