import { describe, expect, it } from 'vitest';
import { createEngineApi } from './engineApi.worker';

describe('the long lists, paged in the worker (issue 18)', () => {
  const api = createEngineApi();
  const opened = api.openScenario(1, { preset: 'k8s-lab' }).value;

  it('the summary names the nodes and counts the pods; it carries no pod or place list', () => {
    expect(opened.summary?.nodes.map((n) => n.name)).toContain('k8s-lab-win-1');
    expect(opened.summary?.pods).toBe(api.findRows(1, { list: 'pods', text: '', limit: 500 }).value.total);
    expect(opened.summary?.windowsPod).toMatch(/^demo\//);
    expect(Object.keys(opened.compiled ?? {})).not.toContain('places');
  });

  it('answers the first rows matching the text and how many match in all', () => {
    const all = api.findRows(1, { list: 'pods', text: '', limit: 2 }).value;
    expect(all.rows).toHaveLength(2);
    expect(all.total).toBeGreaterThan(2);
    const web = api.findRows(1, { list: 'pods', text: 'DEMO/WEB', limit: 10 }).value;
    expect(web).toEqual({ rows: [expect.objectContaining({ namespace: 'demo', name: 'web', node: 'k8s-lab-win-1' })], total: 1 });
    expect(api.findRows(1, { list: 'nodes', text: 'win', limit: 10 }).value.rows.map((n) => n.name)).toEqual(['k8s-lab-win-1']);
  });

  it('suggests Services by name and ClusterIP, and NodePorts on every node, as destinations only', () => {
    const dst = api.findRows(1, { list: 'destinations', text: 'demo/hello', limit: 500 }).value.rows;
    expect(dst.map((r) => r.kind)).toEqual(expect.arrayContaining(['pod', 'service', 'clusterIP']));
    expect(api.findRows(1, { list: 'sources', text: 'svc:', limit: 500 }).value.total).toBe(0);
  });

  it('the family flows start from the chosen client pod, else a Windows pod', () => {
    const first = api.familyFlows(1).value;
    expect(first.from).toBe('demo/web');
    expect(first.flows['pod-pod']?.src).toBe('pod:demo/web');
    expect(api.familyFlows(1, 'demo/net').value.flows.egress?.src).toBe('pod:demo/net');
  });
});
