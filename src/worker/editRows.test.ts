import { describe, expect, it } from 'vitest';
import { generateClusterYaml } from '../engine/testing/generate';
import { createEngineApi } from './engineApi.worker';

describe("the what-if forms' lists, paged in the worker (issue 18)", () => {
  const api = createEngineApi();
  api.openScenario(1, { preset: 'k8s-lab' });

  it('answers the nodes, pods (not host network) and Services matching the text', () => {
    expect(api.editRows(1, { list: 'nodes', text: 'WIN', limit: 50 }).value).toEqual({ rows: [expect.objectContaining({ name: 'k8s-lab-win-1', os: 'windows', release: 'Windows Server 2025' })], total: 1 });
    const web = api.editRows(1, { list: 'pods', text: 'demo/web', limit: 50 }).value;
    expect(web.rows).toEqual([expect.objectContaining({ namespace: 'demo', name: 'web', node: 'k8s-lab-win-1' })]);
    const pods = api.editRows(1, { list: 'pods', text: '', limit: 500 }).value;
    expect(pods.total).toBe(api.findRows(1, { list: 'pods', text: '', limit: 500 }).value.rows.filter((p) => !p.hostNetwork).length);
    expect(api.editRows(1, { list: 'services', text: 'demo/hello', limit: 50 }).value.rows[0]).toMatchObject({ namespace: 'demo', name: 'hello', endpoints: expect.arrayContaining([expect.objectContaining({ ip: expect.any(String) })]) });
  });

  it("lists a Service's candidate endpoints: its namespace's pods with an address it does not list yet", () => {
    const hello = api.editRows(1, { list: 'services', text: 'demo/hello', limit: 1 }).value.rows[0]!;
    const candidates = api.editRows(1, { list: 'endpointPods', text: '', limit: 50, service: { namespace: 'demo', name: 'hello' } }).value.rows;
    expect(candidates.length).toBeGreaterThan(0);
    for (const c of candidates) {
      expect(c.namespace).toBe('demo');
      expect(hello.endpoints.map((e) => e.ip)).not.toContain(c.ip);
    }
    expect(api.editRows(1, { list: 'endpointPods', text: '', limit: 50, service: { namespace: 'demo', name: 'nope' } }).value).toEqual({ rows: [], total: 0 });
  });

  it("suggests a free address in each node's own block, none for a node without one", () => {
    const view = api.ipamPage(1, { text: '', limit: 50 }).value;
    const block = view.blocks.find((b) => b.node === 'k8s-lab-win-1')!;
    const free = api.freeAddresses(1, ['k8s-lab-win-1', 'nope']).value;
    expect(Object.keys(free)).toEqual(['k8s-lab-win-1']);
    expect([...block.reserved, ...block.pods.map((p) => p.ip)]).not.toContain(free['k8s-lab-win-1']);
    expect(free['k8s-lab-win-1']!.split('.').slice(0, 3)).toEqual(block.cidr.split('.').slice(0, 3));
  });

  it('a large cluster: a page of rows and the count, never the whole list', () => {
    const big = createEngineApi();
    const yaml = generateClusterYaml({ nodes: 120, podsPerNode: 5, services: 3, endpointsPerService: 4, vxlanMode: 'Always', twoSubnets: false, natOutgoing: true });
    big.openScenario(1, { yaml });
    const nodes = big.editRows(1, { list: 'nodes', text: '', limit: 50 }).value;
    expect([nodes.rows.length, nodes.total]).toEqual([50, 120]);
    const pods = big.editRows(1, { list: 'pods', text: '', limit: 50 }).value;
    expect([pods.rows.length, pods.total]).toEqual([50, 600]);
    const candidates = big.editRows(1, { list: 'endpointPods', text: '', limit: 50, service: { namespace: 'gen', name: 'svc-0' } }).value;
    expect([candidates.rows.length, candidates.total]).toEqual([50, 596]);
    expect(big.editableModel(1).value).not.toHaveProperty('pods');
  });
});
