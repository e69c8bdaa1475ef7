/**
 * Properties on the hybrid lab (fast-check); generated clusters have their
 * own suite with these checks and more (testing/hybrid.suite.ts):
 * - every trace ends in a verdict (and a delivered one says where);
 * - the TTL never increases along a trace;
 * - a delivered connection's reply comes back to the original socket with
 *   the original addresses (the service address where one was dialled).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { innerIp } from '../model/packetOps';
import type { Trace } from '../model/trace';
import { preset, trace } from '../testing/traceHelpers';
import type { FlowRequest } from './request';

function ttls(t: Trace): number[] {
  return t.steps.flatMap((s) => (s.after.headers.some((h) => h.kind === 'ipv4') ? [innerIp(s.after).ttl] : []));
}

function checkTrace(t: Trace): void {
        expect(['delivered', 'dropped', 'rejected', 'no-route', 'unsupported']).toContain(t.verdict);
        if (t.verdict === 'delivered') expect(t.delivered).toBeDefined();
        else expect(t.reason?.code).toBeTruthy();
        for (const dir of [t, t.reply].filter((x): x is Trace => !!x)) {
          const seq = ttls(dir);
          for (let i = 1; i < seq.length; i++) expect(seq[i]!).toBeLessThanOrEqual(seq[i - 1]!);
        }
        if (t.verdict === 'delivered' && t.reply?.verdict === 'delivered') {
          const r = t.reply.delivered!;
          const first = t.steps.find((s) => s.after.headers.some((h) => h.kind === 'ipv4'))!.after;
          const origSrc = innerIp(first).src;
          expect(r.ip).toBe(origSrc);
          expect(r.seenSrcIp).toBe(t.flow.dst.ip);
          if (t.flow.proto !== 'icmp') expect(r.seenSrcPort).toBe(t.flow.dport);
        }
}

describe('trace properties on the hybrid lab (Linux and Windows nodes)', () => {
  const SOURCES = ['pod:demo/web', 'pod:demo/iis', 'pod:demo/net', 'pod:demo/hello', 'node:k8s-lab-win-1', 'node:k8s-lab-node-1', 'host:client'];
  const DESTINATIONS: Omit<FlowRequest, 'src'>[] = [
    { dst: 'pod:demo/web', dport: 80 },
    { dst: 'pod:demo/iis', dport: 80 },
    { dst: 'pod:demo/hello', dport: 8080 },
    { dst: 'pod:demo/net', dport: 8080 },
    { dst: 'svc:demo/hello' },
    { dst: 'svc:demo/web' },
    { dst: 'node:k8s-lab-win-1', dport: 30080 },
    { dst: 'node:k8s-lab-win-1', dport: 30081 },
    { dst: 'node:k8s-lab-node-2', dport: 30081 },
    { dst: 'host:internet', dport: 443 },
  ];
  it('the same properties hold for every source and destination, first and next packet', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SOURCES), fc.constantFrom(...DESTINATIONS), fc.constantFrom('tcp', 'udp', 'icmp'), fc.boolean(), (src, d, proto, next) => {
        const plain = d.dst.startsWith('pod:') || d.dst.startsWith('host:');
        const req: FlowRequest = { src, ...d, ...(plain ? { proto } : {}), packet: next ? 'next' : 'first' };
        checkTrace(trace(preset('k8s-lab'), req));
      }),
      { numRuns: 200 },
    );
  });
});
