import { describe, expect, it } from 'vitest';
import type { Scenario, Step, Trace } from '../../engine/index';
import { isProducedBy, relatedOwners, traceOwners } from './ownerRelation';

const scenario = { endpointSlices: [{ namespace: 'demo', name: 'hello-abcde', serviceName: 'hello' }] } as unknown as Scenario;
const service = { kind: 'Service', namespace: 'demo', name: 'hello' };
const slice = { kind: 'EndpointSlice', namespace: 'demo', name: 'hello-abcde' };
const pod = { kind: 'Pod', namespace: 'demo', name: 'web' };

describe('relatedOwners', () => {
  it("a Service brings its EndpointSlices (kube-proxy's rules come from both)", () => {
    expect(relatedOwners(scenario, service)).toEqual([service, slice]);
  });
  it('an EndpointSlice brings its Service', () => {
    expect(relatedOwners(scenario, slice)).toEqual([slice, service]);
  });
  it('a Pod is itself; nothing selected is nothing', () => {
    expect(relatedOwners(scenario, pod)).toEqual([pod]);
    expect(relatedOwners(scenario, undefined)).toEqual([]);
  });
  it('isProducedBy matches kind, namespace and name', () => {
    expect(isProducedBy([service, slice], { ...slice })).toBe(true);
    expect(isProducedBy([service], { ...service, namespace: 'other' })).toBe(false);
  });
});

describe('traceOwners', () => {
  const step = (owner?: typeof pod) => ({ rule: owner ? { text: '', source: '', owner } : undefined }) as unknown as Step;
  it('lists each owner once, request then reply, with its step count', () => {
    const trace = { steps: [step(pod), step(), step(service), step(pod)], reply: { steps: [step(slice), step(pod)] } } as unknown as Trace;
    expect(traceOwners(trace)).toEqual([
      { owner: pod, steps: 3 },
      { owner: service, steps: 1 },
      { owner: slice, steps: 1 },
    ]);
  });
});
