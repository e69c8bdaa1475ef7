import { describe, expect, it } from 'vitest';
import type { Step, StepRule, Trace } from '../engine/index';
import { markLines, markedRuns, usedLines } from './viewMarks';

const step = (node: string, rule: StepRule): Step => ({
  node,
  at: { component: 'routing' },
  action: 'forward',
  rule,
  before: { headers: [] },
  after: { headers: [] },
  changed: [],
  explain: { key: 'linux.forward', params: {} },
  level: 'hop',
});

const VXLAN_ROUTE = '172.21.211.0/26 via 172.21.211.0 dev vxlan.calico onlink';
const trace = {
  steps: [
    step('a', { id: 'route:main/unicast 172.21.211.0/26', text: VXLAN_ROUTE, source: 'test' }),
    step('b', { id: 'route:main/unicast 0.0.0.0/0', text: 'default via 192.168.10.1 dev ens18', source: 'test' }),
    step('a', { text: 'a rule no view prints', source: 'test' }),
  ],
  reply: { steps: [step('a', { id: 'nft:ip kube-proxy/service-X/2\nnft:ip kube-proxy/services/0', text: 'meta l4proto tcp dnat to 172.21.211.8:8080', source: 'test' })] },
} as unknown as Trace;

describe('usedLines', () => {
  it("collects the rule ids of the node's steps, reply included, and the text of rules without an id", () => {
    const used = usedLines(trace, 'a');
    expect([...used.ids].sort()).toEqual(['nft:ip kube-proxy/service-X/2', 'nft:ip kube-proxy/services/0', 'route:main/unicast 172.21.211.0/26']);
    expect([...used.texts]).toEqual(['a rule no view prints']);
  });

  it('marks view lines by id, not by text', () => {
    const view = {
      text: ['default via 192.168.10.1 dev ens18', VXLAN_ROUTE, `${VXLAN_ROUTE} `, '\t\tmeta l4proto tcp dnat to 172.21.211.8:8080', '\t\tip daddr 10.96.0.10 goto service-X'].join('\n'),
      lineIds: ['route:main/unicast 0.0.0.0/0', 'route:main/unicast 172.21.211.0/26', 'route:other/unicast 172.21.211.0/26', 'nft:ip kube-proxy/service-X/2', 'nft:ip kube-proxy/services/0'],
    };
    // The third line prints the same text as the used route but is another route: not marked.
    expect(markLines(view, usedLines(trace, 'a')).map((l) => l.used)).toEqual([false, true, false, true, true]);
  });

  it('compares text only between a rule without an id and a line without one', () => {
    const view = { text: 'a rule no view prints\n  a rule no view prints', lineIds: [undefined, 'sysctl:x'] };
    expect(markLines(view, usedLines(trace, 'a')).map((l) => l.used)).toEqual([true, false]);
  });

  it('keeps only the steps a selected object produced, and marks those lines as produced', () => {
    const produced = usedLines(trace, 'a', (s) => s.rule!.text.includes('dnat'));
    expect([...produced.ids].sort()).toEqual(['nft:ip kube-proxy/service-X/2', 'nft:ip kube-proxy/services/0']);
    const view = { text: `${VXLAN_ROUTE}\n\t\tmeta l4proto tcp dnat to 172.21.211.8:8080`, lineIds: ['route:main/unicast 172.21.211.0/26', 'nft:ip kube-proxy/service-X/2'] };
    expect(markLines(view, usedLines(trace, 'a'), produced).map((l) => [l.used, l.produced])).toEqual([
      [true, false],
      [true, true],
    ]);
  });
});

describe('markedRuns', () => {
  it('joins the unused lines between used ones into one run, empty lines kept', () => {
    const view = { text: ['a', '', 'b', VXLAN_ROUTE, 'c', 'd'].join('\n'), lineIds: [undefined, undefined, undefined, 'route:main/unicast 172.21.211.0/26', undefined, undefined] };
    expect(markedRuns(markLines(view, usedLines(trace, 'a')))).toEqual([
      { text: 'a\n\nb', used: false, produced: false },
      { text: VXLAN_ROUTE, used: true, produced: false },
      { text: 'c\nd', used: false, produced: false },
    ]);
  });
});
