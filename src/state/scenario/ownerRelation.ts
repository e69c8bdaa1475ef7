/**
 * Which rules a selected Kubernetes/Calico object produced: the object itself
 * and, for a Service, its EndpointSlices (and for an EndpointSlice, its
 * Service), since kube-proxy builds a Service's rules from both. Pure
 * functions over the scenario and the trace.
 */
import type { ObjectRef, Trace } from '../../engine/index';
import type { ScenarioSummary } from './scenarioStore';
import { sameObject } from './selectionStore';

/** `owner` and the objects whose rules belong with it. */
export function relatedOwners(scenario: Pick<ScenarioSummary, 'endpointSlices'> | null, owner: ObjectRef | undefined): ObjectRef[] {
  if (!owner) return [];
  const slices = scenario?.endpointSlices ?? [];
  if (owner.kind === 'Service') {
    return [owner, ...slices.filter((s) => s.namespace === owner.namespace && s.serviceName === owner.name).map((s) => ({ kind: 'EndpointSlice', namespace: s.namespace, name: s.name }))];
  }
  if (owner.kind === 'EndpointSlice') {
    const slice = slices.find((s) => s.namespace === owner.namespace && s.name === owner.name);
    return slice ? [owner, { kind: 'Service', namespace: slice.namespace, name: slice.serviceName }] : [owner];
  }
  return [owner];
}

export function isProducedBy(related: readonly ObjectRef[], ref: ObjectRef | undefined): boolean {
  return related.some((o) => sameObject(o, ref));
}

/** The distinct owners of the rules a trace (and its reply) showed, in order of first use, with how many steps each produced. */
export function traceOwners(trace: Trace | undefined): { owner: ObjectRef; steps: number }[] {
  const out: { owner: ObjectRef; steps: number }[] = [];
  for (let t = trace; t; t = t.reply) {
    for (const step of t.steps) {
      const owner = step.rule?.owner;
      if (!owner) continue;
      const seen = out.find((o) => sameObject(o.owner, owner));
      if (seen) seen.steps += 1;
      else out.push({ owner, steps: 1 });
    }
  }
  return out;
}
