/**
 * The what-if edits that do what a runbook step does to the cluster, so the
 * page can trace the current flow before and after it (issue 17): step 1
 * turns strictAffinity on, step 2 puts every pool in VXLAN Always (the seed's
 * `encapsulation: VXLAN`), step 3 turns BGP off. Steps that only read or
 * check change nothing; a step already done, or blocked (it cannot run as
 * written, e.g. no Installation to patch), yields no edit.
 */
import type { RunbookStep } from '../engine/index';
import type { EditableModel } from './editableModel';
import type { Edit } from './edits';

export function runbookEdits(step: Pick<RunbookStep, 'id' | 'status'>, model: EditableModel): Edit[] {
  if (step.status !== 'todo') return [];
  switch (step.id) {
    case 'step-1':
      return model.strictAffinity === true ? [] : [{ op: 'setStrictAffinity', value: true }];
    case 'step-2':
      return model.pools.filter((p) => p.encapsulation !== 'VXLAN').map((p) => ({ op: 'setPool', pool: { source: p.source, name: p.name }, encapsulation: 'VXLAN' }));
    case 'step-3':
      // The Installation's default is BGP Enabled (operator API: calicoNetwork.bgp).
      return model.bgp === 'Disabled' ? [] : [{ op: 'setBgp', enabled: false }];
    default:
      return [];
  }
}
