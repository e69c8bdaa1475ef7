import { afterEach, describe, expect, it } from 'vitest';
import { compileScenario, loadPreset, loadScenarioText, nodeStateViews, traceFlow } from '../engine/index';
import { generateClusterYaml } from '../engine/testing/generate';
import { usedLines } from '../traceViews/viewMarks';
import type { NodeViewPage, ViewMarks } from './api';
import { testApp, until, type TestApp } from '../state/testing/harness';
import { CONTEXT_LINES, HEAD_LINES, LINES_PAGE, nodeViewPager, WHOLE_VIEW_LINES } from './nodeViews.worker';

const none: ViewMarks = { used: { ids: new Set(), texts: new Set() }, produced: { ids: new Set(), texts: new Set() } };

/** The page's lines back as text, with '?' for each line of a gap. */
const shown = (page: NodeViewPage): string[] => page.parts.flatMap((p) => (p.kind === 'lines' ? p.lines.map((l) => l.text) : Array<string>(p.count).fill('?')));

describe('nodeViewPager', () => {
  it("sends every preset view whole: the lab's longest views are below the window", () => {
    const cluster = compileScenario(loadPreset('k8s-lab').scenario!);
    const pager = nodeViewPager(cluster);
    for (const node of cluster.scenario.nodes) {
      const views = nodeStateViews(cluster, node.name);
      const pages = pager.pages(node.name, none);
      expect(pages.map((p) => p.id)).toEqual(views.map((v) => v.id));
      for (const [i, page] of pages.entries()) {
        expect(page.parts).toHaveLength(1);
        expect(shown(page).join('\n')).toBe(views[i]!.text);
      }
    }
  });

  it('windows a long view around the lines a trace used, and pages its gaps', () => {
    const yaml = generateClusterYaml({ nodes: WHOLE_VIEW_LINES + 50, podsPerNode: 1, services: 1, endpointsPerService: 1, vxlanMode: 'Always', twoSubnets: false, natOutgoing: true, windowsEvery: 0 });
    const cluster = compileScenario(loadScenarioText(yaml, 'gen').scenario!);
    const last = cluster.scenario.nodes.at(-1)!.name.replace('node-', '');
    const trace = traceFlow(cluster, { src: 'pod:gen/pod-0-0', dst: `pod:gen/pod-${last}-0`, dport: 8080 }).trace!;
    expect(trace.verdict).toBe('delivered');
    const marks: ViewMarks = { used: usedLines(trace, 'node-0'), produced: none.produced };
    const pager = nodeViewPager(cluster);
    const routes = pager.pages('node-0', marks).find((p) => p.id === 'routes')!;
    const text = nodeStateViews(cluster, 'node-0').find((v) => v.id === 'routes')!.text.split('\n');
    expect(routes.lineCount).toBe(text.length);
    expect(routes.lineCount).toBeGreaterThan(WHOLE_VIEW_LINES);
    // Lines and gaps cover the view in order; what is sent is the view's text.
    expect(shown(routes)).toHaveLength(text.length);
    shown(routes).forEach((line, i) => line === '?' || expect(line).toBe(text[i]));
    expect(routes.parts[0]).toMatchObject({ kind: 'lines', from: 0 });
    expect(routes.parts[0]!.kind === 'lines' && routes.parts[0]!.lines).toHaveLength(HEAD_LINES);
    // The route to the last node's block lies beyond the head: it is sent, marked, with its neighbours.
    const used = routes.parts.flatMap((p) => (p.kind === 'lines' ? p.lines.map((l, k) => ({ ...l, at: p.from + k })) : [])).filter((l) => l.used);
    expect(used.length).toBeGreaterThan(0);
    const far = used.find((l) => l.at >= HEAD_LINES + CONTEXT_LINES)!;
    expect(far).toBeDefined();
    const around = routes.parts.find((p) => p.kind === 'lines' && p.from <= far.at && far.at < p.from + p.lines.length);
    expect(around).toMatchObject({ from: far.at - CONTEXT_LINES });
    expect(routes.parts.some((p) => p.kind === 'gap')).toBe(true);

    const gap = routes.parts.find((p) => p.kind === 'gap')!;
    const page = pager.lines('node-0', 'routes', gap.from, gap.kind === 'gap' ? gap.count : 0, marks);
    expect(page.length).toBe(Math.min(LINES_PAGE, gap.kind === 'gap' ? gap.count : 0));
    expect(page.map((l) => l.text)).toEqual(text.slice(gap.from, gap.from + page.length));
  });

  it('answers nothing for an unknown node, view or range', () => {
    const pager = nodeViewPager(compileScenario(loadPreset('k8s-lab').scenario!));
    expect(pager.pages('no-such-node', none)).toEqual([]);
    expect(pager.lines('no-such-node', 'routes', 0, 10, none)).toEqual([]);
    expect(pager.lines('k8s-lab-node-1', 'no-such-view', 0, 10, none)).toEqual([]);
    expect(pager.lines('k8s-lab-node-1', 'routes', -1, 10, none)).toEqual([]);
    expect(pager.lines('k8s-lab-node-1', 'routes', 1e9, 10, none)).toEqual([]);
  });
});

describe('node views in the app state (the real engine, in-process)', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.dispose());

  it("a long node view is windowed around the trace's lines, asked again when the trace changes, and its gaps shown a page at a time", async () => {
    t = testApp();
    await t.app.actions.loadPresets();
    const yaml = generateClusterYaml({ nodes: 750, podsPerNode: 1, services: 1, endpointsPerService: 1, vxlanMode: 'Always', twoSubnets: false, natOutgoing: true, windowsEvery: 0 });
    await t.app.actions.open({ yaml });
    const routes = () => t!.app.stores.nodeState.getState().views.find((v) => v.id === 'routes')!;
    const usedCount = () => routes().parts.flatMap((p) => (p.kind === 'lines' ? p.lines : [])).filter((l) => l.used).length;
    expect(t.app.stores.nodeState.getState().node).toBe('node-0');
    expect(usedCount()).toBe(0);
    // Traced from node-0: the wiring asks node-0's views again with the trace's lines marked.
    await t.app.actions.runTrace({ src: 'pod:gen/pod-0-0', dst: 'pod:gen/pod-749-0', proto: 'tcp', dport: 8080 });
    await until(() => usedCount() > 0, 'the used route marked');
    const gap = routes().parts.find((p) => p.kind === 'gap')!;
    const gaps = routes().parts.filter((p) => p.kind === 'gap').length;
    await t.app.actions.showViewLines('routes', gap.from);
    const filled = routes().parts.find((p) => p.from === gap.from)!;
    expect(filled.kind).toBe('lines');
    // Lines and gaps still cover the whole view.
    const covered = routes().parts.reduce((n, p) => n + (p.kind === 'lines' ? p.lines.length : p.count), 0);
    expect(covered).toBe(routes().lineCount);
    expect(routes().parts.filter((p) => p.kind === 'gap').length).toBeLessThanOrEqual(gaps);
  });
});
