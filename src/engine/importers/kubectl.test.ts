/**
 * Real input: a `kubectl get nodes,pods,svc,endpointslices,networkpolicies -A -o yaml`
 * (and `-o json`) dump of the lab cluster (`fixtures/k8s-lab.kubectl-get.*`:
 * `kind: List`, managedFields, status noise, a Pending pod, a NetworkPolicy),
 * plus the cluster resources such a dump lacks (`k8s-lab.cluster.yaml`:
 * Installation, IPAMConfiguration, KubeProxyConfiguration, the
 * kubernetes-services-endpoint ConfigMap, Fabric). Loaded together they must
 * trace like the preset.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenarioFiles, loadScenarioText } from '../scenario/load';
import { preset, trace, wireLines, hops } from '../testing/traceHelpers';
import { compileScenario } from '../trace/cluster';
import { importFiles } from './files';

const dir = join(import.meta.dirname, 'fixtures');
const file = (name: string): { name: string; text: string } => ({ name, text: readFileSync(join(dir, name), 'utf8') });

const FLOWS = [
  { src: 'pod:demo/net', dst: 'pod:demo/hello', dport: 8080 },
  { src: 'pod:demo/net', dst: 'svc:demo/hello', dport: 80 },
  { src: 'pod:demo/hello', dst: 'pod:demo/web', dport: 80 },
  { src: 'host:client', dst: 'node:k8s-lab-node-2', dport: 30080 },
  { src: 'pod:demo/net', dst: 'host:internet', dport: 443 },
];

describe.each(['k8s-lab.kubectl-get.yaml', 'k8s-lab.kubectl-get.json'])('%s + k8s-lab.cluster.yaml', (dump) => {
  const r = loadScenarioFiles([file(dump), file('k8s-lab.cluster.yaml')], 'imported-lab');

  it('loads without errors or warnings; the Pending pod is an info naming the file', () => {
    expect(r.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ severity: 'info', file: dump, object: { kind: 'Pod', namespace: 'demo', name: 'batch-x1' }, field: 'spec.nodeName' }));
    expect(r.scenario!.nodes.find((n) => n.name === 'k8s-lab-win-1')!.maxPods).toBe(60);
    expect(r.scenario!.networkPolicies.map((p) => p.ref.name)).toEqual(['allow-hello']);
    expect(r.scenario!.servicesEndpoint).toEqual([expect.objectContaining({ namespace: 'tigera-operator', host: 'k8s-lab-api.example.com' })]);
  });

  it.each(FLOWS)('traces like the preset: $src → $dst', (flow) => {
    const imported = trace(compileScenario(r.scenario!), flow);
    const expected = trace(preset('k8s-lab'), flow);
    expect(imported.verdict).toBe(expected.verdict);
    expect(hops(imported)).toEqual(hops(expected));
    expect(wireLines(imported)).toEqual(wireLines(expected));
  });
});

describe('kubectl dump details', () => {
  it('the JSON fast path keeps line numbers for diagnostics', () => {
    const text = file('k8s-lab.kubectl-get.json').text.replace('"podIP": "172.21.41.6"', '"podIP": "172.21.41.x"');
    const d = loadScenarioText(text).diagnostics.find((x) => x.code === 'invalid-field')!;
    expect(d).toMatchObject({ object: { kind: 'Pod', namespace: 'demo', name: 'web' }, field: 'status.podIP' });
    expect(text.split('\n')[d.line! - 1]).toContain('"podIP": "172.21.41.x"');
  });

  it('unknown kinds are info; ConfigMaps other than the two read are skipped silently, whatever their data', () => {
    const extra = `---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: demo}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: other, namespace: demo}\nbinaryData: {x: AAEC}\ndata: {n: "1"}\n`;
    const r = loadScenarioFiles([file('k8s-lab.cluster.yaml'), { name: 'extra.yaml', text: `${file('k8s-lab.kubectl-get.yaml').text}${extra}` }]);
    expect(r.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ severity: 'info', code: 'unknown-kind', file: 'extra.yaml', object: { kind: 'Deployment', namespace: 'demo', name: 'web' } }));
  });

  it('the same object in two files is a duplicate warning naming the second file; a bad file leaves the rest loaded', () => {
    const r = loadScenarioFiles([file('k8s-lab.kubectl-get.yaml'), file('k8s-lab.cluster.yaml'), { name: 'again.yaml', text: file('k8s-lab.cluster.yaml').text }, { name: 'bad.yaml', text: 'kind: [' }]);
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ code: 'duplicate-object', file: 'again.yaml' }));
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', code: 'yaml-syntax', file: 'bad.yaml' }));
    expect(r.scenario!.nodes).toHaveLength(4);
  });
});

describe('importFiles: HNS dumps recognised by shape and attached to a node', () => {
  const files = [file('k8s-lab.kubectl-get.json'), file('k8s-lab.cluster.yaml'), file('k8s-lab-win-1.Get-HnsNetwork.json'), file('k8s-lab-win-1.Get-HnsEndpoint.json'), file('k8s-lab-win-1.Get-HnsPolicyList.json')];

  it('by the network ManagementIP = the node InternalIP', () => {
    const r = importFiles(files);
    expect(r.hns).toEqual([expect.objectContaining({ node: 'k8s-lab-win-1', files: files.slice(2).map((f) => f.name) })]);
    expect(r.hns[0]!.hns.endpoints.length).toBeGreaterThan(0);
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('by --windows-node; an unknown node is an error and nothing is attached', () => {
    expect(importFiles(files, { windowsNode: 'k8s-lab-win-1' }).hns).toHaveLength(1);
    const bad = importFiles(files, { windowsNode: 'k8s-lab-node-1' });
    expect(bad.hns).toEqual([]);
    expect(bad.diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', code: 'missing-reference' }));
  });
});
