/**
 * Properties over generated clusters and flows (fast-check):
 * - every trace ends in a verdict (and a delivered one says where);
 * - the TTL never increases along a trace;
 * - a delivered connection's reply comes back to the original socket with
 *   the original addresses (the service address where one was dialled).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { innerIp } from '../model/packetOps';
import type { Trace } from '../model/trace';
import { generateClusterYaml, type ClusterShape } from '../testing/generate';
import { fromYaml, preset, trace } from '../testing/traceHelpers';
import type { CompiledCluster } from './cluster';
import type { FlowRequest } from './request';

const shapes = fc.record<ClusterShape>({
  nodes: fc.integer({ min: 2, max: 5 }),
  podsPerNode: fc.integer({ min: 1, max: 3 }),
  services: fc.integer({ min: 1, max: 3 }),
  endpointsPerService: fc.integer({ min: 0, max: 3 }),
  vxlanMode: fc.constantFrom('Always', 'CrossSubnet', 'Never'),
  twoSubnets: fc.boolean(),
  natOutgoing: fc.boolean(),
  windowsEvery: fc.option(fc.integer({ min: 2, max: 3 }), { nil: undefined }),
});

const compiled = new Map<string, CompiledCluster>();
function cluster(shape: ClusterShape): CompiledCluster {
  const key = JSON.stringify(shape);
  let c = compiled.get(key);
  if (!c) compiled.set(key, (c = fromYaml(generateClusterYaml(shape))));
  return c;
}

function flowFor(shape: ClusterShape, pick: { src: number; dst: number; kind: number; proto: number; next: boolean }): FlowRequest {
  const pods = shape.nodes * shape.podsPerNode;
  const podRef = (k: number) => `pod:gen/pod-${Math.floor((k % pods) / shape.podsPerNode)}-${k % shape.podsPerNode}`;
  const sources = [podRef(pick.src), `node:node-${pick.src % shape.nodes}`, 'host:client'];
  const src = sources[pick.kind % sources.length]!;
  const dsts: FlowRequest[] = [
    { src, dst: podRef(pick.dst), dport: 8080 },
    { src, dst: `svc:gen/svc-${pick.dst % shape.services}` },
    { src, dst: `node:node-${pick.dst % shape.nodes}`, dport: 30000 + (pick.dst % shape.services) },
    { src, dst: 'host:internet', dport: 443 },
  ];
  const base = dsts[pick.dst % dsts.length]!;
  const proto = (['tcp', 'udp', 'icmp'] as const)[pick.proto % 3]!;
  const req: FlowRequest = base.dst.startsWith('svc:') || base.dst.startsWith('node:') ? base : { ...base, proto };
  return { ...req, packet: pick.next ? 'next' : 'first' };
}

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

describe('trace properties over generated clusters', () => {
  it('end in a verdict, never raise the TTL, and replies return to the original socket', () => {
    fc.assert(
      fc.property(shapes, fc.record({ src: fc.nat(50), dst: fc.nat(50), kind: fc.nat(2), proto: fc.nat(2), next: fc.boolean() }), (shape, pick) => {
        checkTrace(trace(cluster(shape), flowFor(shape, pick)));
      }),
      { numRuns: 150 },
    );
  });
});

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
