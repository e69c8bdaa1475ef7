/**
 * Exports carry names from untrusted scenarios (share links, imports): the
 * Markdown trace shows HTML and Markdown syntax in them as text.
 */
import { describe, expect, it } from 'vitest';
import { compileScenario, loadPreset, traceFlow } from '../engine/index';
import { formatTraceMarkdown } from './format';

const PAYLOADS = ['<img src=x onerror=alert(1)>', '<script>alert(1)</script>', '[click](javascript:alert(1))', '**bold** | cell', '`code` `` x'];

/** A real trace whose names and rule texts are replaced by hostile strings (as if they came from a scenario). */
function hostileTrace() {
  const trace = traceFlow(compileScenario(loadPreset('k8s-lab').scenario!), { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'tcp', dport: 8080 }).trace!;
  trace.steps.forEach((s, i) => {
    const p = PAYLOADS[i % PAYLOADS.length]!;
    s.node = p;
    s.level = 'hop';
    if (s.rule) s.rule = { ...s.rule, text: p };
    s.explain = { ...s.explain, params: Object.fromEntries(Object.keys(s.explain.params).map((k) => [k, p])) };
  });
  return trace;
}

describe('Markdown export escaping', () => {
  it('no raw HTML tag, link or unbalanced table cell from a name survives', () => {
    const md = formatTraceMarkdown(hostileTrace(), { detail: true });
    // Outside the code-span columns (where, action, rule, headers: Markdown never renders their text as HTML) no tag or link is left.
    const outsideCode = md
      .split('\n')
      .map((l) => (/^\| \d+ \|/.test(l) ? l.split(/(?<!\\)\|/).filter((_, i) => i < 2 || i > 5).join('|') : l))
      .join('\n');
    expect(outsideCode).toContain('&lt;img');
    expect(outsideCode).not.toMatch(/<(img|script)/i);
    expect(outsideCode).not.toMatch(/(^|[^\\])\[click\]\(/);
    expect(md).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // Every table row still has its 7 cell separators (escaped pipes do not count).
    for (const row of md.split('\n').filter((l) => /^\| \d+ \|/.test(l))) expect(row.match(/(?<!\\)\|/g)).toHaveLength(7);
  });

  it('a rule text with backticks stays one code span', () => {
    const md = formatTraceMarkdown(hostileTrace(), { detail: true });
    expect(md).toContain('``` `code` `` x ```');
  });
});
