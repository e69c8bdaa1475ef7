/**
 * The invariant checker flags each class of violation on a trace that has
 * it, and passes a trace that keeps them all.
 */
import { describe, expect, it } from 'vitest';
import type { Trace } from '../model/trace';
import { checkFlow, checkTrace } from './invariants';
import { preset, trace } from './traceHelpers';

const lab = () => preset('k8s-lab');

function codes(t: Trace): string[] {
  return [...new Set(checkTrace(lab(), t).map((v) => v.code))];
}

function good(): Trace {
  return structuredClone(trace(lab(), { src: 'pod:demo/net', dst: 'svc:demo/hello', proto: 'tcp', dport: 80 }));
}

describe('trace invariants', () => {
  it('a pod → ClusterIP → remote backend trace keeps every invariant', () => {
    const t = good();
    expect(t.verdict).toBe('delivered');
    expect(t.reply?.verdict).toBe('delivered');
    expect(checkTrace(lab(), t)).toEqual([]);
  });

  it('flags the 0.0.0.0 placeholder, NaN and out-of-range ports as header-out-of-range', () => {
    const t = good();
    const ip = t.steps[0]!.after.headers.find((h) => h.kind === 'ipv4')!;
    if (ip.kind === 'ipv4') ip.src = '0.0.0.0';
    expect(codes(t)).toContain('header-out-of-range');
    const u = good();
    const tcp = u.steps[1]!.after.headers.find((h) => h.kind === 'tcp')!;
    if (tcp.kind === 'tcp') tcp.sport = 70000;
    expect(codes(u)).toContain('header-out-of-range');
    const v = good();
    const ip2 = v.wire[0]!.packet.headers.find((h) => h.kind === 'ipv4')!;
    if (ip2.kind === 'ipv4') ip2.ttl = Number.NaN;
    expect(codes(v)).toContain('header-out-of-range');
  });

  it('flags a packet on a wire for an address of its sender, or for loopback', () => {
    const t = good();
    const ip = t.wire[0]!.packet.headers.find((h) => h.kind === 'ipv4')!;
    if (ip.kind === 'ipv4') ip.dst = '192.168.10.26';
    expect(codes(t)).toEqual(['local-on-wire']);
    const u = good();
    const ip2 = u.wire[0]!.packet.headers.filter((h) => h.kind === 'ipv4').at(-1)!;
    if (ip2.kind === 'ipv4') ip2.dst = '127.0.0.1';
    expect(codes(u)).toEqual(['local-on-wire']);
  });

  it('flags a reply that comes back to another port, or from another address than the one dialled', () => {
    const t = good();
    t.reply!.delivered!.port = 1234;
    expect(codes(t)).toEqual(['reply-mismatch']);
    const u = good();
    u.reply!.delivered!.seenSrcIp = '172.21.211.8';
    expect(codes(u)).toEqual(['reply-mismatch']);
    const v = good();
    delete v.reply;
    expect(codes(v)).toEqual(['reply-mismatch']);
  });

  it('flags a delivery for an address the receiver does not own, and a walk that hit the hop limit', () => {
    const t = good();
    t.delivered!.ip = '10.97.141.163';
    expect(codes(t)).toContain('delivered-not-own-address');
    const u = good();
    u.reply!.verdict = 'dropped';
    delete u.reply!.delivered;
    u.reply!.reason = { code: 'routing-loop', params: { hops: 64 } };
    expect(codes(u)).toEqual(['hop-limit']);
  });

  it('a bad request is no violation; a trace that throws is one', () => {
    expect(checkFlow(lab(), { src: 'pod:nowhere/none', dst: 'pod:demo/web' }).violations).toEqual([]);
    const broken = { ...lab(), nodes: { get: () => { throw new RangeError('boom'); } } };
    expect(checkFlow(broken, { src: 'pod:demo/net', dst: 'pod:demo/hello' }).violations.map((v) => v.code)).toEqual(['throws']);
  });
});
