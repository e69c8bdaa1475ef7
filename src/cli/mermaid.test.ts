import { describe, expect, it } from 'vitest';
import { translator } from './i18n';
import { compileScenario, loadPreset, traceFlow } from '../engine/index';
import { formatTraceMermaid, mermaidText } from '../traceViews/index';

const cluster = compileScenario(loadPreset('k8s-lab').scenario!);
const lab = () => traceFlow(cluster, { src: 'pod:demo/web', dst: 'svc:demo/hello' }).trace!;

/** The statements of the diagram (inside the fence), each on its line. */
const statements = (md: string) => md.split('\n').slice(2, -1);

describe('Mermaid sequence diagram of a trace', () => {
  it('has pods, node stacks and VFP layers as participants and one message per visible step', () => {
    const trace = lab();
    const md = formatTraceMermaid(trace, { t: translator('en') });
    expect(md.split('\n')[0]).toBe('```mermaid');
    expect(md.split('\n')[1]).toBe('sequenceDiagram');
    expect(md.endsWith('\n```')).toBe(true);
    const participants = statements(md).filter((l) => l.startsWith('  participant '));
    expect(participants).toEqual(
      expect.arrayContaining(['  participant p1 as pod demo/web', '  participant p2 as VFP LB_DSR on k8s-lab-win-1', '  participant p8 as node k8s-lab-node-1', '  participant p9 as pod demo/hello']),
    );
    const messages = statements(md).filter((l) => /^ {2}p\d+(->>|-x)p\d+: /.test(l));
    const hops = trace.steps.filter((s) => s.level === 'hop').length + trace.reply!.steps.filter((s) => s.level === 'hop').length;
    expect(messages).toHaveLength(hops);
    expect(messages[2]).toMatch(/^ {2}p1->>p2: 3\. kube-proxy's load balancer .*172\.21\.211\.8:8080.*<br\/>rule: Rule LB_DSR_/);
    // Every line is a statement Mermaid knows.
    for (const l of statements(md)) expect(l).toMatch(/^ {2}(participant p\d+ as |Note over p\d+(,p\d+)?: |p\d+(->>|-x)p\d+: )/);
  });

  it('speaks Russian with --lang ru', () => {
    const md = formatTraceMermaid(lab(), { t: translator('ru') });
    expect(md).toContain('participant p1 as под demo/web');
    expect(md).toContain('participant p2 as слой LB_DSR на k8s-lab-win-1');
    expect(md).toMatch(/p1->>p2: 3\. [а-яА-Я][^\n]*<br\/>правило: Rule LB_DSR_/);
    expect(md).toContain('Note over p1,p9: Путь: TCP');
  });

  it('a drop or reject ends in a cross, with the verdict noted', () => {
    for (const [dst, dport, verdict] of [['10.96.0.99', 80, 'dropped'], ['10.97.141.163', 9999, 'rejected']] as const) {
      const trace = traceFlow(cluster, { src: 'pod:demo/net', dst, dport }).trace!;
      expect(trace.verdict).toBe(verdict);
      const lines = statements(formatTraceMermaid(trace, { t: translator('en') }));
      expect(lines.at(-2)).toMatch(/^ {2}p\d+-xp\d+: \d+\. /);
      expect(lines.at(-1)).toMatch(new RegExp(`^  Note over p\\d+: ${verdict}: `));
    }
  });

  it('writes data as text: no statement break, comment, directive, markup or fence can come from a name', () => {
    expect(mermaidText('a;b\nc%%{init}%% <b>x</b> & "q" #1 ```')).toBe('a#59;b c#37;#37;{init}#37;#37; #lt;b#gt;x#lt;/b#gt; #amp; #quot;q#quot; #35;1 #96;#96;#96;');
    const trace = lab();
    const evil = 'x;\n%%{init: {"theme":"dark"}}%%\n```\n<img src=x onerror=alert(1)>';
    trace.steps.forEach((s) => {
      s.node = evil;
      if (s.rule) s.rule = { ...s.rule, text: evil };
    });
    const md = formatTraceMermaid(trace, { t: translator('en') });
    const body = statements(md);
    expect(md.match(/```/g)).toHaveLength(2);
    expect(md).not.toMatch(/<img|%%|[^\n]\n\n/);
    for (const l of body) expect(l).toMatch(/^ {2}(participant|Note|p\d+)/);
  });
});
