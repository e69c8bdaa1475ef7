import { afterEach, describe, expect, it } from 'vitest';
import { inProcessClient } from '../../worker/testing/inProcess.worker';
import type { EngineClient } from '../../worker/client';
import { testApp, type TestApp } from '../testing/harness';

let t: TestApp | undefined;
afterEach(() => t?.dispose());

/** The in-process client, counting its `editableModel` calls. */
function countingClient(): { client: EngineClient; calls: () => number } {
  const inner = inProcessClient();
  let calls = 0;
  const client: EngineClient = Object.assign(Object.create(inner) as EngineClient, {
    editableModel: () => {
      calls += 1;
      return inner.editableModel();
    },
  });
  return { client, calls: () => calls };
}

describe('the editable model (issue 18: asked once per opened scenario)', () => {
  it('every panel asking for it shares one worker request; an edit opens a new scenario and asks once more', async () => {
    const { client, calls } = countingClient();
    t = testApp({ client });
    await t.app.actions.start();
    const whatIf = t.app.whatIf;
    // The what-if panel, the runbook's trace link and the IPAM panel mount together, and again later.
    const [a, b, c] = await Promise.all([whatIf.editableModel(), whatIf.editableModel(), whatIf.editableModel()]);
    expect(a?.pools.length).toBeGreaterThan(0);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(await whatIf.editableModel()).toBe(a);
    expect(calls()).toBe(1);

    expect(await whatIf.edit({ op: 'setStrictAffinity', value: !a!.strictAffinity })).toBe(true);
    const edited = await whatIf.editableModel();
    expect(edited?.strictAffinity).toBe(!a!.strictAffinity);
    await whatIf.editableModel();
    expect(calls()).toBe(2);
  });
});
