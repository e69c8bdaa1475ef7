/**
 * What-if editing end to end, with the real engine behind a comlink channel
 * (the worker's calls, composed as engine.worker.ts does): an edit recompiles
 * and re-traces, undo/redo, persistence and restore, readiness and IPAM
 * follow, a refused edit keeps the scenario, import keeps the old scenario
 * when a file is bad.
 */
import { expose } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { PRESETS, buildTopology, compileScenario, listPlaces, loadPreset, loadScenarioText, locateTrace, nodeStateViews, traceFlow, type CompiledCluster, type FlowRequest } from '../engine/index';
import type { EngineWorkerApi } from './api';
import { createEngineClient, type EngineClient, type EngineWorker } from './client';
import { compareImported, importedAttachments, importInWorker, ipamViewOf, readinessOf } from './whatIf.worker';
import { createAppState, type AppState } from '../state/appState';
import { diffTraces } from '../state/stepDiff';
import { STORAGE_KEY } from '../state/whatIfStore';

function engineApi(): EngineWorkerApi {
  let current: { revision: number; cluster: CompiledCluster } | undefined;
  const at = (revision: number) => {
    if (current?.revision !== revision) throw new Error('stale revision');
    return current.cluster;
  };
  return {
    listPresets: () => PRESETS,
    loadPreset,
    loadText: (text, name) => loadScenarioText(text, name),
    setScenario(revision, scenario, options) {
      const cluster = compileScenario(scenario, options?.importedHns ? { hns: importedAttachments() } : {});
      current = { revision, cluster };
      return { revision, value: { places: listPlaces(cluster), topology: buildTopology(cluster) } };
    },
    traceFlow(revision, request) {
      const cluster = at(revision);
      const r = traceFlow(cluster, request);
      return { revision, value: r.trace ? { ...r, locations: locateTrace(buildTopology(cluster), r.trace) } : r };
    },
    nodeStateViews: (revision, node) => ({ revision, value: nodeStateViews(at(revision), node) }),
    formatTrace: () => '',
    checkReadiness: (revision, options) => ({ revision, value: readinessOf(at(revision), options) }),
    ipamView: (revision) => ({ revision, value: ipamViewOf(at(revision)) }),
    importFiles: (files, options) => importInWorker(files, options),
    compareImportedHns: (revision) => ({ revision, value: compareImported(at(revision)) }),
  };
}

function channelClient(): EngineClient {
  return createEngineClient(() => {
    const channel = new MessageChannel();
    expose(engineApi(), channel.port2);
    const port = channel.port1;
    return {
      postMessage: (m, transfer) => port.postMessage(m, transfer ?? []),
      addEventListener: (type, l) => type !== 'error' && port.addEventListener(type, l),
      removeEventListener: (type, l) => port.removeEventListener(type, l),
      start: () => port.start(),
      terminate: () => port.close(),
    } as EngineWorker;
  });
}

const FIXTURES = import.meta.glob<string>('../engine/importers/fixtures/*.{yaml,json}', { query: '?raw', import: 'default', eager: true });

class MemoryStorage {
  map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, v);
  removeItem = (k: string) => void this.map.delete(k);
}

const clients: EngineClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.dispose();
  (globalThis as { localStorage?: unknown }).localStorage = undefined;
});

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function start(preset: string, storage = new MemoryStorage()): Promise<AppState> {
  (globalThis as { localStorage?: unknown }).localStorage = storage;
  const client = channelClient();
  clients.push(client);
  const app = createAppState(client, preset === 'saved' ? undefined : preset);
  await app.actions.start();
  await until(() => app.stores.insight.getState().readiness === 'ready', 'readiness');
  return app;
}

const pool = { source: 'installation', name: 'default-ipv4-ippool' } as const;
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
    expect(app.stores.scenario.getState().scenario!.calico!.pools[0]!.vxlanMode).toBe('Always');
    const after = app.stores.trace.getState().trace!;
    expect(after).not.toBe(before);
    // The wire packet gains the outer headers.
    expect(diffTraces(before, after).some((r) => r.fields.includes('+vxlan'))).toBe(true);
    await until(() => !app.stores.insight.getState().findings.some((f) => f.id === 'vxlan-crosssubnet') && app.stores.insight.getState().readiness === 'ready', 'readiness after the edit');

    await app.whatIf.undo();
    expect(app.stores.whatIf.getState().text).toBeUndefined();
    expect(app.stores.scenario.getState().scenario!.calico!.pools[0]!.vxlanMode).toBe('CrossSubnet');
    await app.whatIf.redo();
    expect(app.stores.scenario.getState().scenario!.calico!.pools[0]!.vxlanMode).toBe('Always');
    expect(app.stores.whatIf.getState().past).toHaveLength(1);
  });

  it('keeps the edit in storage and restores it after a reload; reset goes back to the preset', async () => {
    const storage = new MemoryStorage();
    const app = await start('k8s-lab', storage);
    await app.whatIf.edit({ op: 'setPool', pool, encapsulation: 'VXLANCrossSubnet' });
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!)).toMatchObject({ preset: 'k8s-lab', past: [expect.any(String)] });

    const reloaded = await start('saved', storage);
    await until(() => reloaded.stores.whatIf.getState().text !== undefined && reloaded.stores.scenario.getState().status === 'ready', 'restore');
    await until(() => reloaded.stores.scenario.getState().scenario?.calico?.pools[0]?.vxlanMode === 'CrossSubnet', 'restored scenario');
    expect(reloaded.stores.whatIf.getState().past).toHaveLength(1);

    await reloaded.whatIf.reset();
    expect(reloaded.stores.scenario.getState().scenario!.calico!.pools[0]!.vxlanMode).toBe('Always');
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    await reloaded.whatIf.undo();
    expect(reloaded.stores.scenario.getState().scenario!.calico!.pools[0]!.vxlanMode).toBe('CrossSubnet');
  });

  it('refuses a change the engine rejects and keeps the scenario', async () => {
    const app = await start('k8s-lab');
    const scenario = app.stores.scenario.getState().scenario;
    expect(await app.whatIf.edit({ op: 'setPool', pool, cidr: '172.21.0.0/33' })).toBe(false);
    expect(app.stores.whatIf.getState()).toMatchObject({ status: 'error', past: [] });
    expect(app.stores.whatIf.getState().errorDiagnostics?.[0]).toMatchObject({ field: expect.stringContaining('cidr') });
    expect(app.stores.scenario.getState().scenario).toBe(scenario);
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
    await app.actions.runTrace({ src: 'pod:demo/web', dst: 'pod:demo/net', proto: 'tcp', dport: 8080 });
    expect(app.stores.trace.getState().trace).toMatchObject({ verdict: 'dropped', reason: { code: 'address-in-windows-block', params: { node: 'k8s-lab-win-1' } } });
  });

  it('imports the lab dump (it traces as the preset); a bad file leaves the scenario loaded', async () => {
    const app = await start('k8s-main-before');
    const fixture = (name: string) => ({ name, text: async () => FIXTURES[`../engine/importers/fixtures/${name}`]! });
    const bad = await app.whatIf.importFiles([{ name: 'broken.yaml', text: async () => 'kind: IPPool\nmetadata: {name: p}\nspec: {cidr: 10.0.0.0/40}\n' }], () => {});
    expect(bad.ok).toBe(false);
    expect(bad.diagnostics.find((d) => d.severity === 'error')).toMatchObject({ file: 'broken.yaml', line: expect.any(Number), field: 'spec.cidr' });
    expect(app.stores.scenario.getState().scenario!.nodes.map((n) => n.name)).toContain('k8s-master-1');

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
    const request: FlowRequest = { src: 'pod:demo/web', dst: 'svc:demo/hello', proto: 'tcp', backend: '172.21.211.10' };
    await app.actions.runTrace(request);
    const imported = app.stores.trace.getState().trace!;
    const presetTrace = traceFlow(compileScenario(loadPreset('k8s-lab').scenario!), request).trace!;
    expect(imported.verdict).toBe(presetTrace.verdict);
    expect(imported.steps.map((s) => [s.node, s.at.component, s.action])).toEqual(presetTrace.steps.map((s) => [s.node, s.at.component, s.action]));
  });
});
