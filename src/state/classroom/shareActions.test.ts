import { afterEach, describe, expect, it } from 'vitest';
import { diffEdits } from '../../share/scenarioSource';
import type { ShareState } from '../../share/shareState';
import { visiblePositions } from '../trace/playback';
import { testApp, until, type TestApp } from '../testing/harness';

let t: TestApp | undefined;
afterEach(() => t?.dispose());

const shared: ShareState = {
  scenario: { preset: 'k8s-lab' },
  flow: { src: 'pod:demo/web', dst: 'svc:demo/hello' },
  step: 2,
  language: 'ru',
  theme: 'dark',
  embed: false,
};

async function setup(): Promise<TestApp> {
  t = testApp();
  await t.app.actions.loadPresets();
  return t;
}

const labYaml = (x: TestApp) => x.app.stores.scenario.getState().presets.find((p) => p.name === 'k8s-lab')!.yaml;

describe('share actions (the real engine, in-process)', () => {
  it('opens a shared view (scenario, flow, step, language, theme) and reads the same state back', async () => {
    const { app, classroom, settings } = await setup();
    expect(classroom.share.snapshot()).toBeUndefined();
    expect(await classroom.share.open(shared)).toBe(true);
    expect(app.stores.scenario.getState()).toMatchObject({ presetName: 'k8s-lab', status: 'ready' });
    expect(app.stores.trace.getState()).toMatchObject({ status: 'done', request: shared.flow, trace: { verdict: 'delivered' } });
    // A summary position the player can stand on (a hop step): the link lands on it and reads back the same.
    const hop = visiblePositions(app.playback.items(), 'summary')[2]!;
    expect(await classroom.share.open({ ...shared, step: hop })).toBe(true);
    expect(app.stores.playback.getState().position).toBe(hop);
    expect(settings).toEqual({ language: 'ru', theme: 'dark' });
    expect(classroom.share.snapshot()).toEqual({ ...shared, step: hop });
  });

  it('opens a preset with edits, and links name it with its edits', async () => {
    const x = await setup();
    const yaml = labYaml(x);
    const edits = diffEdits(yaml, yaml.replace('name: net', 'name: net2'));
    const edited: ShareState = { ...shared, flow: { src: 'pod:demo/net2', dst: 'svc:demo/hello' }, step: 0, scenario: { preset: 'k8s-lab', edits } };
    expect(await x.classroom.share.open(edited)).toBe(true);
    expect((await x.app.actions.findRows({ list: 'pods', text: 'net2', limit: 10 }))?.rows.map((p) => p.name)).toEqual(['net2']);
    expect(x.classroom.share.snapshot()?.scenario).toEqual(edited.scenario);
  });

  it('an edit that no longer applies becomes a notice, not a blank page', async () => {
    const { classroom } = await setup();
    const stale: ShareState = { ...shared, scenario: { preset: 'k8s-lab', edits: [{ find: 'missing', replace: 'x' }] } };
    expect(await classroom.share.open(stale)).toBe(false);
    expect(classroom.stores.classroom.getState().notice).toMatchObject({ code: 'scenario' });
    expect(classroom.stores.classroom.getState().opening).toBe(false);
  });

  it('side by side and the followed lesson travel in the link', async () => {
    const { app, classroom } = await setup();
    await classroom.share.open({ ...shared, compare: { preset: 'k8s-lab-bgp' } });
    await until(() => app.stores.compare.getState().status === 'ready', 'the compared trace');
    expect(app.stores.compare.getState().presetName).toBe('k8s-lab-bgp');
    await classroom.lessons.resume('unified-flow', 1);
    expect(classroom.share.snapshot()).toMatchObject({ compare: { preset: 'k8s-lab-bgp' }, lesson: { id: 'unified-flow', step: 1 } });
  });
});
