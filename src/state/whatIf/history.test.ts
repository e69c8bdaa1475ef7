import { afterEach, describe, expect, it } from 'vitest';
import { diffTraces } from '../../traceViews/index';
import { testApp, until, type TestApp } from '../testing/harness';
import { historyOf } from './whatIfStore';

let t: TestApp;
afterEach(() => t.dispose());

const pool = { source: 'installation' as const, name: 'default-ipv4-ippool' };

describe('what-if history points', () => {
  it('goes to any point and back; the history stays whole, and an "Apply" that changes nothing adds no point', async () => {
    t = testApp();
    await t.app.actions.start();
    await until(() => t.app.stores.scenario.getState().status === 'ready', 'the preset');
    const { whatIf } = t.app;
    const text = async () => (await whatIf.scenarioText()) ?? '';
    expect(await whatIf.edit({ op: 'setPool', pool, encapsulation: 'VXLANCrossSubnet' })).toBe(true);
    expect(await whatIf.edit({ op: 'setFelixVxlan', vni: null, port: null })).toBe(true);
    expect(await whatIf.edit({ op: 'setPool', pool, natOutgoing: false })).toBe(true);
    expect(historyOf(t.app.stores.whatIf.getState())).toHaveLength(2);

    expect(await whatIf.goTo(0)).toBe(true);
    expect(await text()).toMatch(/encapsulation: VXLAN\n/);
    expect(t.app.stores.whatIf.getState()).toMatchObject({ changes: [], future: [expect.anything(), expect.anything()] });
    expect(await whatIf.goTo(2)).toBe(true);
    expect(await text()).toMatch(/encapsulation: VXLANCrossSubnet\n[\s\S]*natOutgoing: Disabled/);

    // The traces of two points, as the history comparison shows them: natOutgoing does not touch pod → pod; VXLANCrossSubnet does.
    await t.app.actions.runTrace({ src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'tcp' });
    const main = () => t.app.stores.trace.getState().trace;
    const compared = async (point: number) => {
      await t.app.compare.open(whatIf.pointSource(point), 'before-edit');
      await until(() => t.app.stores.compare.getState().status === 'ready' && !!t.app.stores.compare.getState().trace, 'the compared trace');
      return diffTraces(t.app.stores.compare.getState().trace, main());
    };
    expect(await compared(1)).toEqual([]);
    expect((await compared(0)).some((r) => r.kind === 'onlyBefore' && r.step.action.includes('encap'))).toBe(true);

    const one = whatIf.pointSource(1);
    expect('preset' in one && one.preset).toBe('k8s-lab');
    expect(one.edits?.length).toBeGreaterThan(0);
    expect(whatIf.pointSource(0)).toEqual({ preset: 'k8s-lab' });
  }, 60_000);
});
