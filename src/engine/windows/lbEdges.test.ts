/**
 * Issue 12 items 8 and 12: ICMP to a Service VIP on Windows (load balancers
 * are TCP/UDP only); two load balancers for one frontend (a leak from an old
 * kube-proxy, imported from Get-HnsPolicyList) are reported; a `--backend`
 * that names no backend of the service is an error.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyHnsImport, parseHnsDump } from '../importers/hnsDump';
import { compileScenario } from '../trace/cluster';
import { traceFlow } from '../trace/traceFlow';
import { preset, trace } from '../testing/traceHelpers';
import { windowsNode } from '../testing/windowsFixtures';
import { windowsStateViews } from './views';

const dir = join(import.meta.dirname, '..', 'importers', 'fixtures');

describe('ICMP to a Service VIP on Windows', () => {
  it('is dropped because the load balancers map TCP/UDP only, not as "no endpoints"', () => {
    const t = trace(preset('k8s-lab'), { src: 'pod:demo/web', dst: 'svc:demo/hello', proto: 'icmp' });
    expect(t).toMatchObject({ verdict: 'dropped', reason: { code: 'icmp-to-service-vip', params: { service: 'demo/hello' } } });
    expect(t.wire).toEqual([]);
  });
});

describe('two load balancers for one VIP:port', () => {
  function withLeak() {
    const into = emptyHnsImport();
    for (const cmd of ['Get-HnsNetwork', 'Get-HnsEndpoint', 'Get-HnsPolicyList']) {
      let objs = JSON.parse(readFileSync(join(dir, `k8s-lab-win-1.${cmd}.json`), 'utf8')) as { ID: string; References?: string[] }[];
      if (cmd === 'Get-HnsPolicyList') objs = [...objs, { ...objs[0]!, ID: 'DEAD0000-0000-0000-0000-00000000BEEF' }];
      parseHnsDump(JSON.stringify(objs), `${cmd}.json`, into);
    }
    return compileScenario(preset('k8s-lab').scenario, { hns: [{ node: 'k8s-lab-win-1', files: ['dump'], hns: into }] });
  }

  it('the trace uses one, warns about the other, and marks the choice as an assumption; the lb view lists the duplicate', () => {
    const c = withLeak();
    const t = trace(c, { src: 'pod:demo/web', dst: 'svc:demo/hello' });
    expect(t.verdict).toBe('delivered');
    expect(t.warnings).toContainEqual(expect.objectContaining({ code: 'duplicate-load-balancer', params: expect.objectContaining({ shadowed: 'DEAD0000-0000-0000-0000-00000000BEEF' }) }));
    expect(t.steps.find((s) => s.action === 'dnat')?.rule?.assumption).toBe(true);
    expect(windowsStateViews(windowsNode(c, 'k8s-lab-win-1')).find((v) => v.id === 'lb')!.text).toContain('DUPLICATE frontend 10.97.141.163:80/tcp');
  });
});

describe('--backend', () => {
  it('naming no backend of the service is an error on the backend field', () => {
    const r = traceFlow(preset('k8s-lab'), { src: 'pod:demo/web', dst: 'svc:demo/hello', backend: '172.21.41.99' });
    expect(r.trace).toBeUndefined();
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', field: 'backend', message: expect.stringContaining('172.21.211.8:8080') }));
  });

  it('naming one (ip or ip:port) traces to it', () => {
    expect(trace(preset('k8s-lab'), { src: 'pod:demo/web', dst: 'svc:demo/hello', backend: '172.21.211.8:8080' }).delivered?.ip).toBe('172.21.211.8');
  });
});
