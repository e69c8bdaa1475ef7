/**
 * Issue 17 item 8 (Windows formats): the VFP view lists ports by GUID with
 * rule groups as vfpctrl prints them, the routes view has Get-NetRoute's
 * default columns, and the lines a trace's steps quote are lines of the views.
 */
import { describe, expect, it } from 'vitest';
import type { Trace } from '../model/trace';
import { preset, trace } from '../testing/traceHelpers';
import { windowsNode } from '../testing/windowsFixtures';
import { windowsStateViews } from './views';

/** The rule ids the trace's steps on `node` name (what the page's "used lines" looks up). */
function usedIds(t: Trace, node: string): Set<string> {
  return new Set(t.steps.filter((s) => s.node === node && s.rule?.id).map((s) => s.rule!.id!));
}

/** The view's lines that carry one of `ids`, trimmed. */
function linesWith(v: { text: string; lineIds?: (string | undefined)[] }, ids: Set<string>): string[] {
  return v.text.split('\n').filter((_, i) => ids.has(v.lineIds?.[i] ?? '')).map((l) => l.trim());
}

const GUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;
const viewOf = (id: string) => windowsStateViews(windowsNode(preset('k8s-lab'), 'k8s-lab-win-1')).find((v) => v.id === id)!;
const view = (id: string) => viewOf(id).text;

describe('vfpctrl view', () => {
  const text = view('vfp');
  const portNames = [...text.matchAll(/^Port name +: (.+)$/gm)].map((m) => m[1]!);

  it('names every port by a GUID of its own, not the pod and not the endpoint ID; the friendly name follows, the pod in a comment', () => {
    const st = windowsNode(preset('k8s-lab'), 'k8s-lab-win-1');
    expect(portNames).toHaveLength(st.ports.length);
    for (const n of portNames) expect(n).toMatch(GUID);
    const web = st.pods.find((p) => p.pod === 'demo/web')!;
    expect(portNames).not.toContain(web.endpointId);
    expect(text).toMatch(new RegExp(`Port Friendly name +: ${web.endpointId}\\n# demo/web`));
    expect(text).toMatch(/Port Friendly name +: ExternalPort/);
    expect(text).toMatch(/Port Friendly name +: Container NIC [0-9a-f]{8}/);
    expect(text).not.toMatch(/Port name: demo\//);
  });

  it('lists each port as vfpctrl /port <GUID> /list-rule: ITEM LIST, LAYER, GROUP per direction, RULE blocks, the success line', () => {
    for (const n of portNames) expect(text).toContain(`PS> vfpctrl /port ${n} /list-rule`);
    expect(text.match(/^ITEM LIST$/gm)).toHaveLength(portNames.length);
    expect(text.match(/^Command list-rule succeeded!$/gm)).toHaveLength(portNames.length);
    expect(text).toMatch(/ {3}LAYER : LB_DSR\n {6}Friendly name : LB_DSR\n\n {6}GROUP : LB_DSR_IPv4_OUT/);
    expect(text).toMatch(/RULE : LB_DSR_192\.168\.10\.25_10\.96\.0\.10_53_53_UDP\n +Friendly name : .+\n +Priority : 100\n +Type : lbnat\n +Conditions:\n +Protocols : 17\n +Destination IP : 10\.96\.0\.10\/32\n +Destination ports : 53/);
    expect(text).toMatch(/GROUP : ACL_ENDPOINT_IPv4_IN/);
    expect(text).toMatch(/Conditions:\n +<none>/);
  });

  it('the rules a trace used are marked on their whole RULE block by id (used lines)', () => {
    const t = trace(preset('k8s-lab'), { src: 'pod:demo/web', dst: 'svc:demo/hello', dport: 80 });
    const marked = linesWith(viewOf('vfp'), usedIds(t, 'k8s-lab-win-1'));
    expect(marked).toContain('RULE : LB_DSR_192.168.10.25_10.97.141.163_80_8080_TCP');
    expect(marked).toContain('Type : lbnat');
    expect(marked.filter((l) => l.startsWith('RULE : ')).length).toBeGreaterThan(1);
  });
});

describe('Get-NetRoute view', () => {
  const text = view('routes');

  it('has the default table columns in order, and a row per route', () => {
    const lines = text.split('\n');
    const head = lines.findIndex((l) => l.startsWith('ifIndex'));
    expect(lines[head]!.split(/\s+/)).toEqual(['ifIndex', 'DestinationPrefix', 'NextHop', 'RouteMetric', 'ifMetric', 'PolicyStore']);
    expect(lines[head + 1]).toMatch(/^-------\s+-----------------\s+-------\s+-----------\s+--------\s+-----------$/);
    const rows = lines.slice(head + 2);
    expect(rows.length).toBe(windowsNode(preset('k8s-lab'), 'k8s-lab-win-1').hostRoutes.length);
    for (const r of rows) expect(r.split(/\s+/)).toEqual([expect.stringMatching(/^\d+$/), expect.stringMatching(/\/\d+$/), expect.stringMatching(/^\d+\.\d+\.\d+\.\d+$/), '256', '15', 'ActiveStore']);
    expect(rows.find((r) => r.includes('0.0.0.0/0'))).toMatch(/192\.168\.10\.1/);
  });

  it('the route a trace step used is a row of the view, found by its id', () => {
    const t = trace(preset('k8s-lab'), { src: 'node:k8s-lab-win-1', dst: 'host:client', dport: 80 });
    const marked = linesWith(viewOf('routes'), usedIds(t, 'k8s-lab-win-1'));
    expect(marked).toHaveLength(1);
    expect(marked[0]).toMatch(/^\d+\s+192\.168\.10\.0\/24\s+0\.0\.0\.0\s+256 15\s+ActiveStore$/);
  });
});
