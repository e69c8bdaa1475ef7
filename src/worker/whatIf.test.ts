/**
 * What-if editing end to end, with the real engine behind a comlink channel
 * (the worker's calls, composed as engine.worker.ts does): an edit recompiles
 * and re-traces, undo/redo, persistence and restore, readiness and IPAM
 * follow, a refused edit keeps the scenario, import keeps the old scenario
 * when a file is bad.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PRESETS, compileScenario, loadScenarioText, traceFlow, type FlowRequest } from '../engine/index';
import { diffTraces } from '../traceViews/stepDiff';
import { testApp, until, type TestApp } from '../state/testing/harness';
import { memoryDraftStore } from '../state/whatIf/drafts';
import { HISTORY_LIMIT } from '../state/whatIf/whatIfStore';
import type { AppState } from '../state/appState';
import { inProcessClient, type InProcessWorker } from './testing/inProcess.worker';

const FIXTURES = import.meta.glob<string>('../engine/importers/fixtures/*.{yaml,json}', { query: '?raw', import: 'default', eager: true });

const apps: TestApp[] = [];
afterEach(() => {
  for (const a of apps.splice(0)) a.dispose();
});

async function start(preset: string | undefined, options: Parameters<typeof testApp>[0] = {}): Promise<AppState> {
  const t = testApp({ ...(preset ? { presetName: preset } : {}), ...options });
  apps.push(t);
  // As the what-if drawer does while open.
  t.app.insight.watch();
  await t.app.actions.start();
  await until(() => t.app.stores.insight.getState().readiness === 'ready', 'readiness');
  return t.app;
}

const pool = { source: 'installation', name: 'default-ipv4-ippool' } as const;

/** The first pool of the scenario shown, as the worker's edit forms see it (the page holds only a summary). */
async function poolOf(app: AppState) {
  return (await app.whatIf.editableModel())?.pools[0];
}

/** Waits until the asynchronous `check` holds. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}
const crossNode: FlowRequest = { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'tcp', dport: 8080 };

describe('what-if editing', () => {
  it('an edit recompiles, re-traces, re-checks readiness; undo and redo go back and forth', async () => {
    const app = await start('k8s-main-before');
    await app.insight.setPlanWindows(true);
    const ids = () => app.stores.insight.getState().findings.map((f) => f.id);
    expect(ids()).toContain('vxlan-crosssubnet');
    await app.actions.runTrace(crossNode);
    const before = app.stores.trace.getState().trace!;

    expect(await app.whatIf.edit({ op: 'setPool', pool, encapsulation: 'VXLAN' })).toBe(true);
    expect(await poolOf(app)).toMatchObject({ encapsulation: 'VXLAN' });
    const after = app.stores.trace.getState().trace!;
    expect(after).not.toBe(before);
    // The wire packet gains the outer headers.
    expect(diffTraces(before, after).some((r) => r.fields.includes('+vxlan'))).toBe(true);
    await until(() => !app.stores.insight.getState().findings.some((f) => f.id === 'vxlan-crosssubnet') && app.stores.insight.getState().readiness === 'ready', 'readiness after the edit');

    await app.whatIf.undo();
    expect(app.stores.whatIf.getState()).toMatchObject({ changes: [], unedited: true });
    expect(await poolOf(app)).toMatchObject({ encapsulation: 'VXLANCrossSubnet' });
    await app.whatIf.redo();
    expect(await poolOf(app)).toMatchObject({ encapsulation: 'VXLAN' });
    expect(app.stores.whatIf.getState().changes).toHaveLength(1);
  });

  it('keeps the edit as a draft and restores it after a reload; reset goes back to the preset, undoably', async () => {
    const drafts = memoryDraftStore();
    const app = await start('k8s-lab', { drafts });
    await app.whatIf.edit({ op: 'setPool', pool, encapsulation: 'VXLANCrossSubnet' });
    const draft = drafts.drafts.get('preset:k8s-lab')!;
    expect(draft).toMatchObject({ base: { preset: 'k8s-lab' }, changes: [expect.any(Array)] });
    // Patches, not a copy of the scenario.
    expect(JSON.stringify(draft).length).toBeLessThan(PRESETS.find((p) => p.name === 'k8s-lab')!.yaml.length / 2);

    const reloaded = await start(undefined, { drafts });
    await until(() => reloaded.stores.scenario.getState().status === 'ready', 'restored scenario');
    await eventually(async () => (await poolOf(reloaded))?.encapsulation === 'VXLANCrossSubnet', 'restored scenario');
    expect(reloaded.stores.whatIf.getState().changes).toHaveLength(1);

    await reloaded.whatIf.reset();
    expect(await poolOf(reloaded)).toMatchObject({ encapsulation: 'VXLAN' });
    expect(reloaded.stores.whatIf.getState().unedited).toBe(true);
    await reloaded.whatIf.undo();
    expect(await poolOf(reloaded)).toMatchObject({ encapsulation: 'VXLANCrossSubnet' });
  });

  it('keeps at most HISTORY_LIMIT changes undoable: the oldest fold into one patch in the worker, which holds the base text', async () => {
    const app = await start('k8s-lab');
    for (let i = 0; i <= HISTORY_LIMIT + 2; i++) expect(await app.whatIf.edit({ op: 'setPool', pool, blockSize: 26 + (i % 4) })).toBe(true);
    const last = await app.whatIf.scenarioText();
    expect(app.stores.whatIf.getState().changes).toHaveLength(HISTORY_LIMIT + 1);
    // The folded patch takes the base to the third change (blockSize 28), the oldest point left.
    expect(await app.whatIf.goTo(0)).toBe(true);
    expect(await app.whatIf.goTo(1)).toBe(true);
    expect(await poolOf(app)).toMatchObject({ blockSize: 28 });
    expect(await app.whatIf.goTo(HISTORY_LIMIT + 1)).toBe(true);
    expect(await app.whatIf.scenarioText()).toBe(last);
  }, 60_000);

  it('refuses a change the engine rejects and keeps the scenario', async () => {
    const app = await start('k8s-lab');
    const summary = app.stores.scenario.getState().summary;
    expect(await app.whatIf.edit({ op: 'setPool', pool, cidr: '172.21.0.0/33' })).toBe(false);
    expect(app.stores.whatIf.getState()).toMatchObject({ status: 'error', changes: [] });
    expect(app.stores.whatIf.getState().errorDiagnostics?.[0]).toMatchObject({ field: expect.stringContaining('cidr') });
    expect(app.stores.scenario.getState().summary).toBe(summary);
    expect(await app.whatIf.edit({ op: 'removePod', namespace: 'demo', name: 'nope' })).toBe(false);
    expect(app.stores.whatIf.getState().error).toMatch(/nope/);
  });

  it('IPAM: a Linux pod moved into the Windows block is borrowed, and a Windows pod’s trace to it ends in VFP', async () => {
    const app = await start('k8s-lab');
    const ipam = () => app.stores.insight.getState().ipam!;
    const win = ipam().blocks.find((b) => b.windows)!;
    expect(win).toMatchObject({ cidr: '172.21.41.0/26', usable: 60, reserved: ['172.21.41.0', '172.21.41.1', '172.21.41.2', '172.21.41.63'] });
    await app.whatIf.edit({ op: 'setStrictAffinity', value: false });
    await app.whatIf.edit({ op: 'movePod', namespace: 'demo', name: 'net', node: 'k8s-lab-node-1', ip: '172.21.41.40' });
    await until(() => (app.stores.insight.getState().ipam?.borrowed.length ?? 0) > 0, 'borrowed');
    expect(ipam().borrowed[0]).toMatchObject({ ip: '172.21.41.40', blockOwner: 'k8s-lab-win-1' });
    // The IPAM panel's search is answered by the worker: one block of two.
    await app.insight.searchIpam('k8s-lab-win-1');
    expect(ipam()).toMatchObject({ matching: 1, blockCount: 4 });
    expect(ipam().blocks.map((b) => b.node)).toEqual(['k8s-lab-win-1']);
    await app.actions.runTrace({ src: 'pod:demo/web', dst: 'pod:demo/net', proto: 'tcp', dport: 8080 });
    expect(app.stores.trace.getState().trace).toMatchObject({ verdict: 'dropped', reason: { code: 'address-in-windows-block', params: { node: 'k8s-lab-win-1' } } });
  });

  it('imports the lab dump (it traces as the preset); a bad file leaves the scenario loaded', async () => {
    const app = await start('k8s-main-before');
    const fixture = (name: string) => ({ name, text: async () => FIXTURES[`../engine/importers/fixtures/${name}`]! });
    const bad = await app.whatIf.importFiles([{ name: 'broken.yaml', text: async () => 'kind: IPPool\nmetadata: {name: p}\nspec: {cidr: 10.0.0.0/40}\n' }], () => {});
    expect(bad.ok).toBe(false);
    expect(bad.diagnostics.find((d) => d.severity === 'error')).toMatchObject({ file: 'broken.yaml', line: expect.any(Number), field: 'spec.cidr' });
    expect(app.stores.scenario.getState().summary!.nodes.map((n) => n.name)).toContain('k8s-master-1');

    const phases: string[] = [];
    const ok = await app.whatIf.importFiles(
      [fixture('k8s-lab.kubectl-get.yaml'), fixture('k8s-lab.cluster.yaml'), fixture('k8s-lab-win-1.Get-HnsNetwork.json'), fixture('k8s-lab-win-1.Get-HnsEndpoint.json'), fixture('k8s-lab-win-1.Get-HnsPolicyList.json')],
      (p) => phases.push(p.phase),
    );
    expect(ok.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(ok.ok).toBe(true);
    expect(phases).toEqual(['reading', 'reading', 'reading', 'reading', 'reading', 'parsing', 'compiling', 'done']);
    expect(ok.hns.map((h) => h.node)).toEqual(['k8s-lab-win-1']);
    expect(app.stores.whatIf.getState().imported).toHaveLength(5);
    const request: FlowRequest = { src: 'pod:demo/web', dst: 'svc:demo/hello', proto: 'tcp', backend: '172.21.211.8' };
    await app.actions.runTrace(request);
    const imported = app.stores.trace.getState().trace!;
    // The dump carries a NetworkPolicy the preset lacks: compare with the preset plus that policy.
    const presetTrace = traceFlow(compileScenario(loadScenarioText(PRESETS.find((p) => p.name === 'k8s-lab')!.yaml + DUMP_POLICY).scenario!), request).trace!;
    expect(imported.verdict).toBe(presetTrace.verdict);
    expect(imported.steps.map((s) => [s.node, s.at.component, s.action])).toEqual(presetTrace.steps.map((s) => [s.node, s.at.component, s.action]));
  });
});

/** The NetworkPolicy the lab dump carries (fixtures/k8s-lab.kubectl-get.yaml) and the preset lacks. */
const DUMP_POLICY = `---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: { name: allow-hello, namespace: demo }
spec: { podSelector: { matchLabels: { app: hello } }, ingress: [{ from: [{ podSelector: {} }], ports: [{ port: 8080 }] }] }
`;

/** Issue 20, "Data loss": every case keeps every edit. */
describe('readiness, runbook and IPAM', () => {
  it('are asked only while a panel shows them, and again after a compile while shown', async () => {
    const client = inProcessClient();
    const asked = { ipam: 0, runbook: 0, readiness: 0 };
    const counting = {
      ...client,
      ipamPage: (q: Parameters<typeof client.ipamPage>[0]) => (asked.ipam++, client.ipamPage(q)),
      runbook: () => (asked.runbook++, client.runbook()),
      checkReadiness: (o: Parameters<typeof client.checkReadiness>[0]) => (asked.readiness++, client.checkReadiness(o)),
    };
    const t = testApp({ client: counting });
    apps.push(t);
    await t.app.actions.start();
    await t.app.actions.selectPreset('k8s-main-after');
    expect(asked).toEqual({ ipam: 0, runbook: 0, readiness: 0 });
    const unwatch = t.app.insight.watch();
    await until(() => t.app.stores.insight.getState().readiness === 'ready', 'readiness');
    expect(asked).toEqual({ ipam: 1, runbook: 1, readiness: 1 });
    await t.app.actions.selectPreset('k8s-lab');
    await until(() => asked.ipam === 2 && t.app.stores.insight.getState().readiness === 'ready', 'asked again while shown');
    unwatch();
    await t.app.actions.selectPreset('k8s-main-after');
    expect(asked.ipam).toBe(2);
    // Shown again: the scenario changed meanwhile, so it is asked once more.
    t.app.insight.watch();
    await until(() => asked.ipam === 3, 'asked when shown again');
  });
});

describe('nothing the user made is lost', () => {
  const labYaml = PRESETS.find((p) => p.name === 'k8s-lab')!.yaml;

  it('29 edits of a 161 k-character scenario are kept as patches (the draft stays small)', async () => {
    // A big scenario: the lab plus many extra namespaces' pods in comments (text the edits never touch).
    const padding = Array.from({ length: 2500 }, (_, i) => `# filler line ${i} ${'x'.repeat(50)}`).join('\n');
    const big = `${labYaml}\n${padding}\n`;
    expect(big.length).toBeGreaterThan(161_000);
    const drafts = memoryDraftStore(5_000_000);
    const app = await start(undefined, { drafts });
    await app.whatIf.openBase({ yaml: big });
    for (let i = 0; i < 29; i++) expect(await app.whatIf.edit({ op: 'setPool', pool, blockSize: i % 2 ? 26 : 27 })).toBe(true);
    const [key, draft] = [...drafts.drafts.entries()].find(([k]) => k.startsWith('source:'))!;
    expect(draft.changes).toHaveLength(29);
    // The base once, and small patches: far below the 29 copies (≈ 5 MB) the old store wrote.
    expect(JSON.stringify(draft).length).toBeLessThan(big.length + 29 * 2_000);
    expect(app.stores.whatIf.getState().saveError).toBeUndefined();
    const reloaded = await start(undefined, { drafts });
    await until(() => reloaded.stores.whatIf.getState().changes.length === 29, 'restored draft');
    expect(await drafts.getCurrent()).toBe(key);
  });

  it('a save the browser refuses is told, and the last good draft stays (never replaced by nothing)', async () => {
    const drafts = memoryDraftStore(labYaml.length);
    const app = await start('k8s-lab', { drafts });
    expect(await app.whatIf.edit({ op: 'setPool', pool, encapsulation: 'VXLANCrossSubnet' })).toBe(true);
        const good = structuredClone(drafts.drafts.get('preset:k8s-lab'));
    expect(good?.changes).toHaveLength(1);
    // Now an import too big for the store: the change applies, the failed save is reported, the old draft is intact.
    const files = [{ name: 'lab.yaml', text: async () => labYaml }];
    expect((await app.whatIf.importFiles(files, () => {})).ok).toBe(true);
    expect(app.stores.whatIf.getState().saveError).toMatch(/QuotaExceeded/);
    expect(drafts.drafts.get('preset:k8s-lab')).toEqual(good);
    const reloaded = await start(undefined, { drafts });
    await until(() => reloaded.stores.scenario.getState().status === 'ready', 'the last good draft');
    await eventually(async () => (await poolOf(reloaded))?.encapsulation === 'VXLANCrossSubnet', 'the last good draft');
  });

  it('undo history is bounded: old changes fold into one patch, the scenario stays the same', async () => {
    const app = await start('k8s-lab');
    for (let i = 0; i < 34; i++) await app.whatIf.edit({ op: 'setPool', pool, blockSize: 26 + (i % 3) });
    expect(app.stores.whatIf.getState().changes.length).toBeLessThanOrEqual(31);
    expect((await poolOf(app))?.blockSize).toBe(26 + (33 % 3));
  });

  it('opening a share link for another preset or a whole YAML keeps the draft, says so, and leads back to it', async () => {
    const drafts = memoryDraftStore();
    const t = testApp({ drafts });
    apps.push(t);
    await t.app.actions.start();
    await t.app.whatIf.edit({ op: 'setPool', pool, encapsulation: 'VXLANCrossSubnet' });
    const link = { flow: { src: 'pod:demo/web', dst: 'svc:demo/hello' }, step: 0, language: 'en', theme: 'light', embed: false } as const;
    expect(await t.classroom.share.open({ ...link, scenario: { preset: 'k8s-lab-bgp' } })).toBe(true);
    expect(t.app.stores.whatIf.getState().keptDraft).toMatchObject({ name: 'k8s-lab', count: 1 });
    expect(await t.classroom.share.open({ ...link, scenario: { yaml: labYaml } })).toBe(true);
    expect(drafts.drafts.get('preset:k8s-lab')?.changes).toHaveLength(1);
    // Picking the preset again brings the draft back.
    await t.app.actions.selectPreset('k8s-lab');
    expect(await poolOf(t.app)).toMatchObject({ encapsulation: 'VXLANCrossSubnet' });
    expect(t.app.stores.whatIf.getState().changes).toHaveLength(1);
  });

  it('after the worker dies mid-change the page leaves "Applying…", every edit is kept and traces work again', async () => {
    const workers: InProcessWorker[] = [];
    const client = inProcessClient({ workers });
    const restarts: string[] = [];
    const app = await start('k8s-lab', { client, onEngineRestart: (e) => restarts.push(e.reason) });
    await app.whatIf.edit({ op: 'setPool', pool, encapsulation: 'VXLANCrossSubnet' });
    await app.actions.runTrace(crossNode);
    const pending = app.whatIf.edit({ op: 'setStrictAffinity', value: false });
    workers.at(-1)!.crash('the worker was closed');
    expect(await pending).toBe(false);
    expect(app.stores.whatIf.getState().status).not.toBe('applying');
    expect(restarts).toEqual(['crash']);
    expect(app.stores.whatIf.getState().changes).toHaveLength(1);
    await app.actions.runTrace(crossNode);
    expect(app.stores.trace.getState().trace?.verdict).toBe('delivered');
    // The restarted worker has the edited scenario: the next change builds on it.
    expect(await app.whatIf.edit({ op: 'setStrictAffinity', value: false })).toBe(true);
    expect(await poolOf(app)).toMatchObject({ encapsulation: 'VXLANCrossSubnet' });
  });

  it('an import with a %YAML directive line survives a reload as it was, and stays editable (pool controls)', async () => {
    const drafts = memoryDraftStore();
    const app = await start('k8s-lab', { drafts });
    const text = `%YAML 1.2\n---\n${labYaml}`;
    expect((await app.whatIf.importFiles([{ name: 'lab.yaml', text: async () => text }], () => {})).ok).toBe(true);
    expect(await app.whatIf.edit({ op: 'setPool', pool, encapsulation: 'VXLANCrossSubnet' })).toBe(true);
    const reloaded = await start(undefined, { drafts });
    await until(() => reloaded.stores.whatIf.getState().imported?.[0] === 'lab.yaml' && reloaded.stores.scenario.getState().status === 'ready', 'the import after a reload');
    expect(reloaded.stores.scenario.getState().diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(await poolOf(reloaded)).toMatchObject({ encapsulation: 'VXLANCrossSubnet' });
    expect((await reloaded.whatIf.editableModel())?.pools.length).toBeGreaterThan(0);
  });
});

describe('opening order', () => {
  it('a preset picked while the last draft is still being read stays picked', async () => {
    const t = testApp();
    apps.push(t);
    await t.app.actions.loadPresets();
    const restoring = t.app.whatIf.restore();
    await t.app.actions.selectPreset('k8s-main-after');
    await restoring;
    expect(t.app.stores.scenario.getState()).toMatchObject({ presetName: 'k8s-main-after', status: 'ready' });
  });
});
