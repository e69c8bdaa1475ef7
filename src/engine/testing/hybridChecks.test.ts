/**
 * The hybrid checks flag each problem they exist for, on a doctored trace of
 * the lab, and pass the trace as the engine makes it.
 */
import { describe, expect, it } from 'vitest';
import type { Trace } from '../model/trace';
import { checkFlow } from './invariants';
import { hybridProblems } from './hybridChecks';
import { preset } from './traceHelpers';

const lab = () => preset('k8s-lab');
const REQ = { src: 'pod:demo/net', dst: 'svc:demo/hello', proto: 'tcp' as const, dport: 80 };
const flow = (packet: 'first' | 'next') => structuredClone(checkFlow(lab(), { ...REQ, packet }));
const codes = (p: string[]) => [...new Set(p.map((x) => x.split(':')[0]))];

describe('hybrid checks', () => {
  it('a pod → ClusterIP flow of the lab passes, first and later packet', () => {
    expect(hybridProblems(flow('first'), flow('next'))).toEqual([]);
  });

  it('flags a TTL that rises along a direction', () => {
    const f = flow('first');
    const t = f.trace!;
    const ip = t.steps[t.steps.length - 1]!.after.headers.find((h) => h.kind === 'ipv4')!;
    if (ip.kind === 'ipv4') ip.ttl = 200;
    expect(codes(hybridProblems(f, flow('next')))).toContain('ttl-rises');
  });

  it('flags a later packet whose verdict differs from the first', () => {
    const n = flow('next');
    (n.trace as Trace).verdict = 'dropped';
    expect(codes(hybridProblems(flow('first'), n))).toEqual(['first-next-differ']);
  });

  it('flags a lost reply that does not say why', () => {
    const f = flow('first');
    const r = f.trace!.reply!;
    r.verdict = 'dropped';
    delete r.delivered;
    delete r.reason;
    expect(codes(hybridProblems(f, flow('next')))).toEqual(['reply-unexplained']);
  });
});
