/** The indexed layer match picks what a scan of the layer picks (lowest priority, earlier on a tie). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCidr } from '../model/ipv4';
import type { Packet } from '../model/packet';
import type { VfpLayer, VfpRule } from './vfp';
import { matchLayer, ruleMatches } from './vfpMatch';

const ip = fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 3 })).map(([c, d]) => `10.0.${c}.${d}`);
const cidr = fc.oneof(ip.map((a) => `${a}/32`), fc.constantFrom('10.0.0.0/24', '10.0.0.0/16', '0.0.0.0/0', '10.0.1.2/31'));

const rule = fc.record({
  priority: fc.integer({ min: 0, max: 5 }),
  direction: fc.constantFrom('in' as const, 'out' as const),
  dst: fc.option(fc.array(cidr, { minLength: 1, maxLength: 3 }), { nil: undefined }),
  dport: fc.option(fc.constantFrom(80, 443), { nil: undefined }),
});

function packet(src: string, dst: string, dport: number): Packet {
  return { headers: [{ kind: 'ipv4', src, dst, ttl: 64, proto: 'tcp' }, { kind: 'tcp', sport: 40000, dport, flags: 'S' }] };
}

describe('matchLayer', () => {
  it('equals the scan of every rule', () => {
    fc.assert(
      fc.property(fc.array(rule, { maxLength: 14 }), ip, fc.constantFrom(80, 443), fc.constantFrom('in' as const, 'out' as const), (specs, dst, dport, dir) => {
        const rules: VfpRule[] = specs.map((s, i) => ({
          id: `r${i}`,
          priority: s.priority,
          direction: s.direction,
          match: { ...(s.dst ? { dst: s.dst.map((c) => parseCidr(c)!) } : {}), ...(s.dport !== undefined ? { dport: s.dport } : {}) },
          action: { type: 'allow' } as unknown as VfpRule['action'],
          hns: '{}',
          source: 'test',
        }));
        const layer: VfpLayer = { name: 'LB', rules };
        const p = packet('10.9.0.1', dst, dport);
        let scan: VfpRule | undefined;
        for (const r of rules) if (ruleMatches(r, p, dir) && (!scan || r.priority < scan.priority)) scan = r;
        expect(matchLayer(layer, p, dir)).toBe(scan);
      }),
      { numRuns: 1000 },
    );
  });

  it('sees rules added to the layer after its first use', () => {
    const layer: VfpLayer = { name: 'LB', rules: [] };
    const p = packet('10.9.0.1', '10.0.0.1', 80);
    expect(matchLayer(layer, p, 'out')).toBeUndefined();
    const r: VfpRule = { id: 'vip', priority: 1, direction: 'out', match: { dst: [parseCidr('10.0.0.1/32')!] }, action: { type: 'allow' } as unknown as VfpRule['action'], hns: '{}', source: 'test' };
    layer.rules.push(r);
    expect(matchLayer(layer, p, 'out')).toBe(r);
  });
});
