import { describe, expect, it } from 'vitest';
import { compileScenario, loadPreset, loadScenarioText } from '../engine/index';
import { generateClusterYaml } from '../engine/testing/generate';
import { RUNBOOK_LINES, pageRunbook } from './runbookPage.worker';
import { runbookOf } from './whatIf.worker';

describe('pageRunbook', () => {
  it("leaves a preset's runbook as it is", () => {
    for (const name of ['k8s-lab', 'k8s-main-before']) {
      const runbook = runbookOf(compileScenario(loadPreset(name).scenario!));
      expect(pageRunbook(runbook)).toEqual(runbook);
    }
  });

  it('shows a long route list as the routes that change, and a long expected output as its first lines', () => {
    const yaml = generateClusterYaml({ nodes: 120, podsPerNode: 1, services: 1, endpointsPerService: 1, vxlanMode: 'Never', twoSubnets: false, natOutgoing: true, windowsEvery: 0 });
    const whole = runbookOf(compileScenario(loadScenarioText(yaml, 'gen').scenario!));
    const page = pageRunbook(whole);
    const step2 = whole.steps.find((s) => s.id === 'step-2')!;
    const shown = page.steps.find((s) => s.id === 'step-2')!;
    expect(step2.changes!.before.length).toBeGreaterThan(RUNBOOK_LINES);
    // The routes that differ, and only those, the first RUNBOOK_LINES of them (here every node's route changes);
    // the unchanged and the rest are counted.
    const before = new Set(step2.changes!.before);
    const after = new Set(step2.changes!.after);
    const removed = step2.changes!.before.filter((l) => !after.has(l));
    const added = step2.changes!.after.filter((l) => !before.has(l));
    expect(added.length).toBeGreaterThan(RUNBOOK_LINES);
    expect(shown.changes!.before).toEqual(removed.slice(0, RUNBOOK_LINES));
    expect(shown.changes!.after).toEqual(added.slice(0, RUNBOOK_LINES));
    expect(shown.changes).toMatchObject({ unchanged: step2.changes!.before.length - removed.length, moreAfter: added.length - RUNBOOK_LINES });
    expect(shown.changes!.moreBefore ?? 0).toBe(Math.max(0, removed.length - RUNBOOK_LINES));
    const long = step2.verify.find((v) => v.expect.split('\n').length > RUNBOOK_LINES)!;
    const cut = shown.verify.find((v) => v.command === long.command)!;
    expect(cut.expect.split('\n')).toEqual(long.expect.split('\n').slice(0, RUNBOOK_LINES));
    expect(cut.more).toBe(long.expect.split('\n').length - RUNBOOK_LINES);
  });

});
