import { describe, expect, it } from 'vitest';
import type { LoadResult, Scenario, Trace } from '../engine/index';
import type { ShareState } from '../share/shareState';
import type { Answer, EngineClient } from '../worker/client';
import { createAppState } from './appState';
import { createClassroom } from './classroom';
import type { ViewerSettings } from './shareActions';

const scenario = { name: 'k8s-lab', nodes: [{ name: 'k8s-lab-win-1' }], pods: [] } as unknown as Scenario;
const ok = <T>(value: T): Promise<Answer<T>> => Promise.resolve({ kind: 'ok', value });
const step = (level: 'hop' | 'detail') => ({ level, at: { component: 'vfp' }, changed: [], action: 'x', explain: { key: 'k', params: {} } });
const trace = { verdict: 'delivered', steps: [step('hop'), step('detail'), step('hop'), step('hop')], wire: [] } as unknown as Trace;

function setup() {
  const calls: string[] = [];
  const known: Partial<EngineClient> = {
    revision: 1,
    listPresets: () =>
      ok([
        { name: 'k8s-lab', title: '', description: '', yaml: 'enableDSR: true\n' },
        { name: 'k8s-lab-bgp', title: '', description: '', yaml: 'bgp: Enabled\n' },
      ]),
    loadPreset: (name) => (calls.push(`loadPreset ${name}`), ok({ scenario, diagnostics: [] } as unknown as LoadResult)),
    loadText: (text) => (calls.push(`loadText ${text.trim()}`), ok({ scenario, diagnostics: [] } as unknown as LoadResult)),
    setScenario: () => ok({ places: [] as never, topology: { elements: [], edges: [] } as never }),
    nodeStateViews: () => ok([]),
    traceFlow: (request) => (calls.push(`trace ${request.src} ${request.dst}`), ok({ trace, diagnostics: [] })),
    formatTrace: () => ok(''),
    dispose: () => {},
  };
  // Calls other features add to the client (readiness, IPAM, …) answer as stale: not this test's business.
  const client = new Proxy(known, { get: (target, key) => (key in target ? target[key as keyof EngineClient] : () => Promise.resolve({ kind: 'stale' })) }) as EngineClient;
  const app = createAppState(client);
  const settings = { language: 'en' as 'en' | 'ru', theme: 'light' as 'light' | 'dark' | 'auto' };
  const viewer: ViewerSettings = {
    language: () => settings.language,
    setLanguage: (l) => (settings.language = l),
    theme: () => settings.theme,
    setTheme: (t) => (settings.theme = t),
  };
  const classroom = createClassroom(client, app, viewer);
  return { app, classroom, calls, settings };
}

const shared: ShareState = {
  scenario: { preset: 'k8s-lab' },
  flow: { src: 'pod:demo/web', dst: 'svc:demo/hello' },
  step: 2,
  language: 'ru',
  theme: 'dark',
  embed: false,
};

describe('share actions', () => {
  it('opens a shared view (scenario, flow, step, language, theme) and reads the same state back', async () => {
    const { app, classroom, calls, settings } = setup();
    await classroom.loadPresets();
    expect(classroom.share.snapshot()).toBeUndefined();
    expect(await classroom.share.open(shared)).toBe(true);
    expect(calls).toEqual(['loadPreset k8s-lab', 'trace pod:demo/web svc:demo/hello']);
    expect(app.stores.playback.getState().position).toBe(2);
    expect(settings).toEqual({ language: 'ru', theme: 'dark' });
    expect(classroom.share.snapshot()).toEqual(shared);
  });

  it('keeps a detail step in the detailed view and snaps a summary position to a hop', async () => {
    const { app, classroom } = setup();
    await classroom.loadPresets();
    await classroom.share.open({ ...shared, step: 1, detail: 'detailed' });
    expect(app.stores.playback.getState()).toMatchObject({ position: 1, detail: 'detailed' });
    await classroom.share.open({ ...shared, step: 1 });
    expect(app.stores.playback.getState()).toMatchObject({ position: 0, detail: 'summary' });
  });

  it('loads a preset with edits as text in the worker, and links name it with its edits', async () => {
    const { classroom, calls } = setup();
    await classroom.loadPresets();
    const edited: ShareState = { ...shared, scenario: { preset: 'k8s-lab', edits: [{ find: 'enableDSR: true', replace: 'enableDSR: false' }] } };
    expect(await classroom.share.open(edited)).toBe(true);
    expect(calls[0]).toBe('loadText enableDSR: false');
    expect(classroom.share.snapshot()?.scenario).toEqual(edited.scenario);
  });

  it('an edit that no longer applies becomes a notice, not a blank page', async () => {
    const { classroom } = setup();
    await classroom.loadPresets();
    const stale: ShareState = { ...shared, scenario: { preset: 'k8s-lab', edits: [{ find: 'missing', replace: 'x' }] } };
    expect(await classroom.share.open(stale)).toBe(false);
    expect(classroom.stores.classroom.getState().notice).toMatchObject({ code: 'scenario' });
    expect(classroom.stores.classroom.getState().opening).toBe(false);
  });

  it('side by side and the followed lesson travel in the link', async () => {
    const { app, classroom } = setup();
    await classroom.loadPresets();
    await classroom.share.open({ ...shared, compare: { preset: 'k8s-lab-bgp' } });
    await new Promise((r) => setTimeout(r, 0));
    expect(app.stores.compare.getState().presetName).toBe('k8s-lab-bgp');
    classroom.lessons.resume('unified-flow', 1);
    expect(classroom.share.snapshot()).toMatchObject({ compare: { preset: 'k8s-lab-bgp' }, lesson: { id: 'unified-flow', step: 1 } });
  });
});
