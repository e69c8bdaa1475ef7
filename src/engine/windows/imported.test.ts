/**
 * A Windows node built from its own HNS dumps: with the lab's dumps it traces
 * like the derived node; what a dump lacks shows in the trace as it would on
 * the real node (a missing RemoteSubnetRoute: the packet leaves unencapsulated
 * and is lost; a missing endpoint: nothing receives it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyHnsImport, parseHnsDump, type HnsImport } from '../importers/hnsDump';
import { compileScenario } from '../trace/cluster';
import { preset, trace } from '../testing/traceHelpers';

const dir = join(import.meta.dirname, '..', 'importers', 'fixtures');
const CMDS = ['Get-HnsNetwork', 'Get-HnsEndpoint', 'Get-HnsPolicyList'] as const;

function dumps(edit: (cmd: string, objects: Record<string, unknown>[]) => Record<string, unknown>[] = (_c, o) => o): HnsImport {
  const into = emptyHnsImport();
  for (const cmd of CMDS) {
    const objects = JSON.parse(readFileSync(join(dir, `k8s-lab-win-1.${cmd}.json`), 'utf8')) as Record<string, unknown>[];
    const r = parseHnsDump(JSON.stringify(edit(cmd, objects)), `${cmd}.json`, into);
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  }
  return into;
}

function labWith(hns: HnsImport) {
  return compileScenario(preset('k8s-lab').scenario, { hns: [{ node: 'k8s-lab-win-1', files: ['dump'], hns }] });
}

describe('a Windows node from its HNS dumps', () => {
  it('traces web → ClusterIP hello like the derived node, and says where its state comes from', () => {
    const c = labWith(dumps());
    const st = c.nodes.get('k8s-lab-win-1');
    expect(st?.kind === 'windows' && st.importedFrom).toEqual(['dump']);
    const t = trace(c, { src: 'pod:demo/web', dst: 'svc:demo/hello' });
    const derived = trace(preset('k8s-lab'), { src: 'pod:demo/web', dst: 'svc:demo/hello' });
    expect(t.delivered).toEqual(derived.delivered);
    expect(t.wire.map((w) => `${w.from}>${w.to}`)).toEqual(derived.wire.map((w) => `${w.from}>${w.to}`));
  });

  it('without the RemoteSubnetRoute for node-1\'s block the packet is not encapsulated and gets lost', () => {
    const c = labWith(dumps((cmd, objs) => (cmd === 'Get-HnsNetwork' ? objs.map((n) => ({ ...n, Policies: ((n.Policies as { DestinationPrefix?: string }[] | undefined) ?? []).filter((p) => p.DestinationPrefix !== '172.21.211.0/26') })) : objs)));
    const t = trace(c, { src: 'pod:demo/web', dst: 'pod:demo/hello', dport: 8080 });
    expect(t.verdict).not.toBe('delivered');
    expect(t.steps.some((s) => s.action === 'encapsulate' && s.node === 'k8s-lab-win-1')).toBe(false);
  });

  it('a pod whose endpoint is missing from Get-HnsEndpoint receives nothing', () => {
    const c = labWith(dumps((cmd, objs) => (cmd === 'Get-HnsEndpoint' ? objs.filter((e) => e.IPAddress !== '172.21.41.6') : objs)));
    const t = trace(c, { src: 'pod:demo/net', dst: 'pod:demo/web', dport: 80 });
    expect(t).toMatchObject({ verdict: 'dropped', reason: { code: 'no-endpoint', params: { ip: '172.21.41.6' } } });
  });
});
