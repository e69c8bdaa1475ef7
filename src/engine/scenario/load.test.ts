/**
 * Loading scenarios: the presets load clean; bad input becomes diagnostics
 * that name the object, the field and the line, and never throws.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../presets/catalog';
import { loadScenarioFiles, loadScenarioText } from './load';
import { MAX_INPUT_CHARS } from './parse';
import { calicoSettings } from '../model/calico';

const NODE = `apiVersion: v1
kind: Node
metadata:
  name: n1
  labels: {kubernetes.io/os: linux}
status:
  addresses: [{type: InternalIP, address: 192.168.10.20}]
`;

describe('presets', () => {
  it.each(PRESETS.map((p) => p.name))('%s loads without errors or warnings', (name) => {
    const p = PRESETS.find((x) => x.name === name)!;
    const r = loadScenarioText(p.yaml, name);
    expect(r.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(r.scenario?.nodes.length).toBeGreaterThanOrEqual(3);
  });

  it('k8s-lab reads the Installation as the seed prints it', () => {
    const r = loadScenarioText(PRESETS.find((p) => p.name === 'k8s-lab')!.yaml);
    const c = calicoSettings(r.scenario!)!;
    expect(c).toMatchObject({ bgp: 'Disabled', linuxDataplane: 'Nftables', windowsDataplane: 'HNS', serviceCIDRs: ['10.96.0.0/12'], strictAffinity: true, vxlanVNI: 4096, vxlanPort: 4789 });
    expect(c.pools[0]).toMatchObject({ cidr: '172.21.0.0/16', blockSize: 26, vxlanMode: 'Always', natOutgoing: true });
  });
});

describe('bad input', () => {
  it('malformed YAML: a yaml-syntax error with the line, and the other documents still load', () => {
    const r = loadScenarioText(`${NODE}---\nkind: Pod\nmetadata: {name: x\n`);
    const e = r.diagnostics.find((d) => d.code === 'yaml-syntax')!;
    expect(e.severity).toBe('error');
    expect(e.line).toBeGreaterThanOrEqual(10);
    expect(r.scenario?.nodes.map((n) => n.name)).toEqual(['n1']);
  });

  it('a syntax error after documents already read: they are read once, not twice (the streamed reader starts over)', () => {
    const text = `${NODE}---\n${NODE.replace('n1', 'n2').replace('.20}', '.21}')}---\nkind: Pod\nmetadata: {name: x\n`;
    for (const r of [loadScenarioText(text), loadScenarioFiles([{ name: 'a.yaml', text: NODE.replace('n1', 'n0').replace('.20}', '.19}') }, { name: 'b.yaml', text }])]) {
      expect(r.diagnostics.filter((d) => d.code === 'duplicate-object')).toEqual([]);
      expect(r.diagnostics.filter((d) => d.code === 'yaml-syntax')).toHaveLength(1);
      expect(r.scenario?.nodes.map((n) => n.name).filter((n) => n !== 'n0')).toEqual(['n1', 'n2']);
    }
  });

  it('a wrong CIDR names the object, the field and its line', () => {
    const r = loadScenarioText(`${NODE}---\napiVersion: projectcalico.org/v3\nkind: IPPool\nmetadata:\n  name: p\nspec:\n  cidr: 172.20.0.0/33\n`);
    const e = r.diagnostics.find((d) => d.code === 'invalid-field')!;
    expect(e).toMatchObject({ object: { kind: 'IPPool', name: 'p' }, field: 'spec.cidr', line: 14 });
    expect(e.message).toContain('172.20.0.0/33');
  });

  it('host bits in a CIDR are pointed out with the network form', () => {
    const r = loadScenarioText(`${NODE}---\nkind: IPPool\nmetadata: {name: p}\nspec: {cidr: 172.20.0.1/16}\n`);
    expect(r.diagnostics.find((d) => d.field === 'spec.cidr')?.message).toContain('172.20.0.0/16');
  });

  it('IPv6 gets its own code', () => {
    const r = loadScenarioText(`${NODE}---\nkind: Pod\nmetadata: {name: p, namespace: d}\nspec: {nodeName: n1}\nstatus: {podIP: "fd00::5"}\n`);
    expect(r.diagnostics.find((d) => d.code === 'ipv6-unsupported')).toMatchObject({ object: { kind: 'Pod', namespace: 'd', name: 'p' }, field: 'status.podIP' });
  });

  it('unknown kinds are skipped with an info (kubectl dumps have many)', () => {
    const r = loadScenarioText(`${NODE}---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n`);
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ severity: 'info', code: 'unknown-kind', object: { kind: 'Deployment', name: 'web' } }));
    expect(r.scenario).not.toBeNull();
  });

  it('a pod on a node that does not exist is dropped with an error naming spec.nodeName', () => {
    const r = loadScenarioText(`${NODE}---\nkind: Pod\nmetadata: {name: p, namespace: d}\nspec: {nodeName: nope}\n`);
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ code: 'missing-reference', field: 'spec.nodeName' }));
    expect(r.scenario?.pods).toEqual([]);
  });

  it('a JSON List (kubectl get -o json) loads', () => {
    const list = { apiVersion: 'v1', kind: 'List', items: [{ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', labels: { 'kubernetes.io/os': 'linux' } }, status: { addresses: [{ type: 'InternalIP', address: '10.0.0.5' }] } }] };
    const r = loadScenarioText(JSON.stringify(list, null, 2));
    expect(r.scenario?.nodes[0]?.internalIP).toBe('10.0.0.5');
  });

  it('too large an input is refused before parsing', () => {
    const r = loadScenarioText('#'.repeat(MAX_INPUT_CHARS + 1));
    expect(r.scenario).toBeNull();
    expect(r.diagnostics[0]?.code).toBe('too-large');
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        const r = loadScenarioText(s);
        return Array.isArray(r.diagnostics);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => {
        const r = loadScenarioText(`${NODE}---\n${JSON.stringify({ kind: 'Service', metadata: { name: 's' }, spec: v })}`);
        return r.scenario !== null;
      }),
      { numRuns: 200 },
    );
  });
});
