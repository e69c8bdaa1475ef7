/**
 * What the user selected to look at: a Kubernetes/Calico object (the owner of
 * a rule) or a topology element. Selecting one highlights the other side: the
 * steps whose rule the object produced, the element a pod lives in.
 */
import { createStore } from 'zustand/vanilla';
import type { ObjectRef } from '../../engine/index';

export interface SelectionState {
  owner?: ObjectRef;
  element?: string;
}

export function createSelectionStore() {
  return createStore<SelectionState>()(() => ({}));
}

export type SelectionStore = ReturnType<typeof createSelectionStore>;

/** Same object: kind, namespace and name. */
export function sameObject(a: ObjectRef | undefined, b: ObjectRef | undefined): boolean {
  return !!a && !!b && a.kind === b.kind && (a.namespace ?? '') === (b.namespace ?? '') && a.name === b.name;
}
