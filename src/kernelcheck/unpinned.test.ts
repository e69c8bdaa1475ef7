/**
 * Seed 991100429 (gen1-08, gen1-18): kube-proxy picked a backend behind a gateway without a route to it, the source
 * got ENETUNREACH and no listener named the pick; the model's own draw had picked the reachable backend.
 */
import { describe, expect, it } from 'vitest';
import { PRESETS, traceFlow, type FlowRequest } from '../engine/index';
import { fromYaml } from '../engine/testing/traceHelpers';
import type { KernelRun } from './compare';
import { compareUnpinned } from './unpinned';

// demo/hello gets a second backend in no pod block: the gateway has no route to it.
const lab = PRESETS.find((p) => p.name === 'k8s-lab')!.yaml;
const cluster = fromYaml(lab.replace('endpoints:\n- addresses: [172.21.211.8]', 'endpoints:\n- addresses: [10.250.0.5]\n  conditions: {ready: true, serving: true, terminating: false}\n- addresses: [172.21.211.8]'));
const req: FlowRequest = { src: 'node:k8s-lab-node-2', dst: 'svc:demo/hello', proto: 'tcp', dport: 80, backend: '172.21.211.8:8080' };
const traceWith = (backend: string) => traceFlow(cluster, { ...req, backend }).trace;
const run = (result: string): KernelRun => ({ probe: { result } as KernelRun['probe'], wire: [], nodeFrames: [], token: new Uint8Array() });
const compare = (result: string) => compareUnpinned({ trace: traceWith('172.21.211.8:8080')!, run: run(result), hostMac: () => undefined, caliOf: () => undefined }, traceWith);

describe('a random backend pick the kernel run does not name', () => {
  it('agrees when another pick of the model ends as the kernel did, and compares only the verdict', () => {
    const r = compare('ENETUNREACH');
    expect(r.trace.verdict).toBe('no-route');
    expect(r.checks.map((c) => [c.what, c.ok])).toEqual([['verdict', true]]);
  });

  it('still differs when no pick of the model ends as the kernel did', () => {
    const r = compare('ECONNREFUSED');
    expect(r.checks).toHaveLength(1);
    expect(r.checks[0]!.ok).toBe(false);
  });
});
