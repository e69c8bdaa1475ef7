import { describe, expect, it } from 'vitest';
import type { Packet, Step, Trace } from '../engine/index';
import { diffTraces, packetFieldDiff } from './stepDiff';

const pkt = (...headers: Record<string, unknown>[]): Packet => ({ headers }) as unknown as Packet;
const inner = [{ kind: 'eth', src: 'a', dst: 'b' }, { kind: 'ipv4', src: '10.0.0.1', dst: '10.0.0.2', ttl: 63 }, { kind: 'tcp', sport: 1, dport: 80 }];
const outer = [{ kind: 'eth', src: 'x', dst: 'y' }, { kind: 'ipv4', src: '192.168.0.1', dst: '192.168.0.2', ttl: 64 }, { kind: 'udp', sport: 5, dport: 4789 }, { kind: 'vxlan', vni: 4096 }];

function step(node: string, component: string, action: string, after: Packet): Step {
  return { node, at: { component }, action, before: after, after, changed: [], explain: { key: '', params: {} }, level: 'hop' } as unknown as Step;
}
const trace = (...steps: Step[]) => ({ steps }) as unknown as Trace;

describe('stepDiff', () => {
  it('names outer headers only one packet has, matched from the inside', () => {
    expect(packetFieldDiff(pkt(...inner), pkt(...outer, ...inner))).toEqual(['+vxlan', '+udp', '+ipv4', '+eth']);
    expect(packetFieldDiff(pkt(...inner), pkt({ ...inner[0], dst: 'c' }, inner[1]!, inner[2]!))).toEqual(['eth.dst']);
  });

  it('aligns the steps and lists the ones only one trace takes', () => {
    const before = trace(step('n1', 'routing', 'forward', pkt(...inner)), step('n1', 'link', 'transmit', pkt(...inner)));
    const after = trace(step('n1', 'routing', 'forward', pkt(...inner)), step('n1', 'vxlan', 'encapsulate', pkt(...outer, ...inner)), step('n1', 'link', 'transmit', pkt(...outer, ...inner)));
    const rows = diffTraces(before, after);
    expect(rows.map((r) => [r.kind, r.beforeIndex, r.afterIndex, r.step.action])).toEqual([
      ['onlyAfter', undefined, 2, 'encapsulate'],
      ['changed', 2, 3, 'transmit'],
    ]);
    expect(rows[1]!.fields).toContain('+vxlan');
    expect(diffTraces(before, before)).toEqual([]);
  });
});
