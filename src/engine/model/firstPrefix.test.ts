import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FirstPrefixIndex } from './firstPrefix';
import { cidrContains, intToIp, parseCidr } from './ipv4';

describe('FirstPrefixIndex', () => {
  it('answers what a scan in list order answers', () => {
    const octet = fc.integer({ min: 0, max: 3 });
    const ip = fc.tuple(fc.constantFrom(10, 172), octet, octet, octet).map(([a, b, c, d]) => `${a}.${b}.${c}.${d * 64 + 1}`);
    const cidr = fc.oneof(fc.tuple(ip, fc.constantFrom(0, 8, 16, 24, 26, 32)).map(([a, l]) => `${a}/${l}`), fc.constantFrom('bad', '10.0.0.0/33', ''));
    fc.assert(
      fc.property(fc.array(fc.option(cidr, { nil: undefined }), { maxLength: 12 }), fc.array(ip, { maxLength: 8 }), (prefixes, ips) => {
        const index = new FirstPrefixIndex(prefixes);
        for (const a of [...ips, 'not-an-ip']) {
          const scan = prefixes.findIndex((p) => p !== undefined && cidrContains(parseCidr(p), a));
          expect(index.first(a)).toBe(scan < 0 ? undefined : scan);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the earlier of two entries that both hold the address', () => {
    const index = new FirstPrefixIndex(['10.0.0.0/8', '10.1.0.0/16', '10.1.0.0/16']);
    expect(index.first('10.1.2.3')).toBe(0);
    expect(new FirstPrefixIndex(['10.1.0.0/16', '10.0.0.0/8']).first(intToIp(0x0a010203))).toBe(0);
  });
});
