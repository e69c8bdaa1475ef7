/**
 * The worker API over the real engine: one call opens any source (preset,
 * YAML, files, with edits); an engine exception becomes an `engine-error`
 * diagnostic instead of a rejected call; a source that fails leaves the
 * previous cluster answering.
 */
import { describe, expect, it, vi } from 'vitest';
import { PRESETS } from '../engine/index';
import type * as Engine from '../engine/index';
import { shareUrl } from '../share/codec';
import { applyScenarioEdits, diffEdits } from '../share/scenarioSource';
import { editPatch } from './edits.worker';
import { createEngineApi } from './engineApi.worker';

const engine = vi.hoisted(() => ({ throwOnTrace: false }));
vi.mock('../engine/index', async (original) => {
  const real = await original<typeof Engine>();
  return {
    ...real,
    traceFlow: (...args: Parameters<typeof real.traceFlow>) => {
      if (engine.throwOnTrace) throw new RangeError('Maximum call stack size exceeded');
      return real.traceFlow(...args);
    },
  };
});

const lab = PRESETS.find((p) => p.name === 'k8s-lab')!.yaml;
const flow = { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'tcp' as const, dport: 8080 };

describe('engine worker API', () => {
  it('opens a preset, its YAML, and the YAML with an edit alike, and returns the first node views', () => {
    const api = createEngineApi();
    const preset = api.openScenario(1, { preset: 'k8s-lab' }).value;
    const yaml = api.openScenario(2, { yaml: lab }).value;
    expect(preset.compiled?.firstNode?.views.length).toBeGreaterThan(0);
    expect(yaml.summary?.nodes.map((n) => n.name)).toEqual(preset.summary?.nodes.map((n) => n.name));
    const edits = diffEdits(lab, lab.replace('name: net', 'name: net2'));
    const edited = api.openScenario(3, { preset: 'k8s-lab', edits }).value;
    expect(edited.summary?.pods).toBe(preset.summary?.pods);
    expect(api.findRows(3, { list: 'pods', text: 'net2', limit: 10 }).value.rows.map((p) => p.name)).toEqual(['net2']);
    expect(edited).toMatchObject({ textLength: lab.length + 1, unedited: false });
    // The text stays here: the page asks for it (the download) and for the patch back to the preset (reset).
    expect(api.scenarioText(3).value).toBe(lab.replace('name: net', 'name: net2'));
    expect(applyScenarioEdits(api.scenarioText(3).value, api.resetPatch(3).value)).toEqual({ yaml: lab });
  });

  it('opens the source last sent with other edits (the client sends a large source once)', () => {
    const api = createEngineApi();
    expect(api.openEdits(1, []).value.diagnostics).toEqual([expect.objectContaining({ code: 'engine-error' })]);
    const files = [{ name: 'lab.yaml', text: lab }];
    api.openScenario(2, { files, edits: diffEdits(lab, lab.replace('name: net', 'name: net3')) });
    expect(api.openEdits(3, diffEdits(lab, lab.replace('name: net', 'name: net2'))).value.compiled).toBeDefined();
    expect(api.scenarioText(3).value).toMatch(/name: net2\n/);
    expect(api.scenarioText(3).value).not.toMatch(/name: net3/);
    expect(api.openEdits(4, []).value.unedited).toBe(true);
  });

  it('folds what-if changes into one patch from the base text, as the history keeps its oldest changes', () => {
    const api = createEngineApi();
    const first = diffEdits(lab, lab.replace('name: net', 'name: net2'));
    const second = diffEdits(lab.replace('name: net', 'name: net2'), lab.replace('name: net', 'name: net3'));
    api.openScenario(1, { preset: 'k8s-lab', edits: [...first, ...second] });
    const folded = api.foldEdits(1, [...first, ...second]).value!;
    expect(applyScenarioEdits(lab, folded)).toEqual({ yaml: lab.replace('name: net', 'name: net3') });
    api.openScenario(2, { preset: 'k8s-lab' });
    expect(api.foldEdits(2, first).value).toBeUndefined();
  });

  it('applies a what-if edit to the text (YAML parsed here, not on the main thread) and answers the patch or why it failed', () => {
    const api = createEngineApi();
    api.openScenario(1, { preset: 'k8s-lab' });
    const answer = api.editText(1, { op: 'setEnableDSR', value: false }).value;
    if (!('patch' in answer)) throw new Error(answer.error);
    api.openScenario(2, { preset: 'k8s-lab', edits: answer.patch });
    expect(api.editableModel(2).value.enableDSR).toBe(false);
    expect(api.editText(2, { op: 'removePod', namespace: 'demo', name: 'nope' }).value).toEqual({ error: expect.stringContaining('nope') });
    expect(() => api.editText(1, { op: 'setBgp', enabled: true })).toThrow(/revision 1/);
    expect(editPatch('kind: [', { op: 'setBgp', enabled: true })).toEqual({ error: expect.any(String) });
  });

  it("answers the edit forms' model of the current scenario", () => {
    const api = createEngineApi();
    api.openScenario(1, { preset: 'k8s-lab' });
    const model = api.editableModel(1).value;
    expect(model.linuxPod).toMatchObject({ namespace: 'demo' });
    expect(Object.keys(model).filter((k) => ['nodes', 'pods', 'services'].includes(k))).toEqual([]);
    expect(model).toMatchObject({ winkernel: true, pools: [{ source: 'installation', name: 'default-ipv4-ippool' }] });
    expect(() => api.editableModel(2)).toThrow(/revision 2/);
  });

  it('keeps the previous cluster when a source does not load', () => {
    const api = createEngineApi();
    api.openScenario(1, { preset: 'k8s-lab' });
    const bad = api.openScenario(2, { yaml: 'kind: Node\nmetadata: [' }).value;
    expect(bad.compiled).toBeUndefined();
    expect(api.traceFlow(2, flow).value.trace?.verdict).toBe('delivered');
  });

  it('skips an object the API server would reject, with its error, and opens the rest (as kube-proxy serves the other Services)', () => {
    const api = createEngineApi();
    const bad = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: "web; curl x | sh"\n  namespace: demo\nspec:\n  ports:\n  - port: 80\n';
    const opened = api.openScenario(1, { yaml: `${lab}\n---\n${bad}` }).value;
    expect(opened.diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', field: 'metadata.name' }));
    expect(opened.compiled).toBeDefined();
    expect(api.traceFlow(1, flow).value.trace?.verdict).toBe('delivered');
  });

  it('a what-if change is refused only for an error it brings, not for one the scenario already had', () => {
    const api = createEngineApi();
    const bad = (name: string) => `apiVersion: v1\nkind: Service\nmetadata:\n  name: "${name}"\n  namespace: demo\nspec:\n  ports:\n  - port: 80\n`;
    const withBad = `${lab}\n---\n${bad('web; x')}`;
    api.openScenario(1, { yaml: withBad });
    const edited = api.openScenario(2, { yaml: withBad.replace('name: net', 'name: net2') }, { refuseNewErrors: true }).value;
    expect(edited.compiled).toBeDefined();
    const worse = api.openScenario(3, { yaml: `${withBad}\n---\n${bad('api; y')}` }, { refuseNewErrors: true }).value;
    expect(worse.compiled).toBeUndefined();
    expect(worse.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([expect.stringContaining('api; y')]);
    expect(api.traceFlow(3, { ...flow, src: 'pod:demo/net2' }).value.trace?.verdict).toBe('delivered');
  });

  it('refuses text that does not parse, keeping the cluster shown (a lost Installation would silently change it)', () => {
    const api = createEngineApi();
    api.openScenario(1, { preset: 'k8s-lab' });
    const broken = api.openScenario(2, { yaml: lab.replace('kind: Installation', 'kind: Installation\n  x: [') }).value;
    expect(broken.diagnostics.some((d) => d.code === 'yaml-syntax')).toBe(true);
    expect(broken.compiled).toBeUndefined();
  });

  it('reports an engine exception as an engine-error diagnostic', () => {
    const api = createEngineApi();
    api.openScenario(1, { preset: 'k8s-lab' });
    engine.throwOnTrace = true;
    try {
      const answer = api.traceFlow(1, flow).value;
      expect(answer.trace).toBeUndefined();
      expect(answer.diagnostics).toEqual([expect.objectContaining({ severity: 'error', code: 'engine-error', message: expect.stringContaining('Maximum call stack') })]);
    } finally {
      engine.throwOnTrace = false;
    }
  });

  it('an imported file with a %YAML directive opens again with edits (as after a reload)', () => {
    const api = createEngineApi();
    const files = [{ name: 'lab.yaml', text: `%YAML 1.2\n---\n${lab}` }];
    const first = api.openScenario(1, { files }).value;
    expect(first.compiled).toBeDefined();
    const text = api.scenarioText(1).value;
    const edits = diffEdits(text, text.replace('name: net', 'name: net2'));
    const again = api.openScenario(2, { files, edits }).value;
    expect(again.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(api.findRows(2, { list: 'pods', text: 'demo/net2', limit: 10 }).value.total).toBe(1);
  });

  it('decodes a share address in the worker: the state, a corrupt link, or none', () => {
    const api = createEngineApi();
    const state = { scenario: { preset: 'k8s-lab' }, flow: { src: 'pod:demo/web', dst: 'svc:demo/hello', proto: 'tcp' as const }, step: 0, language: 'en' as const, theme: 'auto' as const, embed: false };
    expect(api.decodeShareUrl(shareUrl('https://example.test/app/', state))).toEqual({ state: expect.objectContaining(state) });
    expect(api.decodeShareUrl('https://example.test/app/#share=zzzz')).toMatchObject({ error: { code: 'corrupt' } });
    expect(api.decodeShareUrl('https://example.test/app/')).toBeUndefined();
  });
});
