/**
 * The runbook's trace links apply what-if edits: applied in order to the
 * preset's text, the edits of steps 1–3 leave the cluster as the runbook's
 * "after" (afterMigration): the same `ip route` the step shows, and the step
 * statuses turn to done. Steps that change nothing give no edit.
 */
import { describe, expect, it } from 'vitest';
import { PRESETS, buildRunbook, loadScenarioText } from '../engine/index';
import { editableModel } from './editableModel';
import { applyEdit } from './edits';
import { runbookEdits } from './runbookEdits';

const yaml = PRESETS.find((p) => p.name === 'k8s-main-before')!.yaml;
/** The edit forms' model, as the worker builds it from the normalised scenario. */
const modelOf = (text: string) => editableModel(loadScenarioText(text, 'k8s-main-before').scenario!);

describe('runbookEdits', () => {
  it('steps 1–3 of k8s-main-before, applied as what-if edits, give the routes the runbook shows after step 2', () => {
    const rb = buildRunbook(loadScenarioText(yaml, 'k8s-main-before').scenario!);
    let text = yaml;
    for (const id of ['step-1', 'step-2', 'step-3'] as const) {
      const edits = runbookEdits(rb.steps.find((s) => s.id === id)!, modelOf(text));
      expect(edits.length, id).toBeGreaterThan(0);
      for (const e of edits) text = applyEdit(text, e);
    }
    const after = loadScenarioText(text, 'k8s-main-before').scenario!;
    const rbAfter = buildRunbook(after);
    const changes = rb.steps.find((s) => s.id === 'step-2')!.changes!;
    expect(changes.before).not.toEqual(changes.after);
    expect(rbAfter.steps.find((s) => s.id === 'step-2')!.changes!.before).toEqual(changes.after);
    expect(rbAfter.steps.filter((s) => ['step-1', 'step-2', 'step-3'].includes(s.id)).map((s) => s.status)).toEqual(['done', 'done', 'done']);
  });

  it('gives no edit for steps that only read or check, and none for a step already done', () => {
    const rb = buildRunbook(loadScenarioText(yaml, 'k8s-main-before').scenario!);
    const model = modelOf(yaml);
    for (const s of rb.steps.filter((x) => !['step-1', 'step-2', 'step-3'].includes(x.id))) expect(runbookEdits(s, model), s.id).toEqual([]);
    expect(runbookEdits({ id: 'step-2', status: 'done' }, model)).toEqual([]);
  });
});
