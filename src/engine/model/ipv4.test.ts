/**
 * The address helpers are total (issue 20): bad text parses to undefined and
 * matches nothing; nothing throws, whatever reaches them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import ipaddr from 'ipaddr.js';
import { cidrContains, cidrCovers, hasHostBits, ipToInt, isIPv4, isIPv6, parseCidr, parseIPv4, prefixOf } from './ipv4';

describe('ipv4 helpers are total', () => {
  it('parseIPv4 reads dotted quads and refuses the rest', () => {
    expect(parseIPv4('192.168.10.20')).toBe(3232238100);
    for (const bad of ['', '172.21.211.0/26', '1.2.3', '256.1.1.1', ' 1.2.3.4', '01.02.03.04', '::1', 'x', '1.2.3.4\n', '1.2.3.4.', '.1.2.3.4', '1..2.3', '1.2.3.04', '1.2.3.2555', '1.2.3.-1', '１.2.3.4']) expect(parseIPv4(bad)).toBeUndefined();
  });

  it('isIPv4 accepts exactly what ipaddr.js isValidFourPartDecimal accepts (the one-pass parse replaced it)', () => {
    const octet = fc.oneof(fc.integer({ min: 0, max: 300 }).map(String), fc.constantFrom('00', '01', '007', '1e2', '0x1f', '', ' 1', '255 ', '-1', '1000'));
    const dotted = fc.array(octet, { minLength: 2, maxLength: 5 }).map((xs) => xs.join('.'));
    fc.assert(
      fc.property(fc.oneof(dotted, fc.string()), (s) => {
        expect(isIPv4(s)).toBe(ipaddr.IPv4.isValidFourPartDecimal(s));
        if (isIPv4(s)) expect(parseIPv4(s)).toBe(ipaddr.IPv4.parse(s).toByteArray().reduce((n, b) => n * 256 + b, 0));
      }),
      { numRuns: 3000 },
    );
  });

  it('a prefix that did not parse contains nothing, and a non-address is in no prefix (was: TypeError reading len / ipaddr throw)', () => {
    expect(cidrContains(parseCidr('garbage'), '10.0.0.1')).toBe(false);
    expect(cidrContains(parseCidr('0.0.0.0/0'), '172.21.41.2/26')).toBe(false);
    expect(cidrContains(parseCidr('0.0.0.0/0'), NaN)).toBe(false);
    expect(cidrCovers(parseCidr('10.0.0.0/8'), parseCidr('nope'))).toBe(false);
  });

  it('prefixOf never yields NaN', () => {
    expect(prefixOf('not an ip', 24).text).toBe('0.0.0.0/24');
    expect(prefixOf('10.1.2.3', 40).text).toBe('10.1.2.3/32');
  });

  it('never throws on any string', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer(), (s, n) => {
        parseIPv4(s);
        ipToInt(s);
        hasHostBits(s);
        cidrContains(parseCidr(s), s);
        prefixOf(s, n);
      }),
      { numRuns: 2000 },
    );
  });

  it('isIPv6 agrees with ipaddr.js after its cheap prefix check (place names are not parsed)', () => {
    for (const ok of ['::1', '::', 'fe80::1%eth0', '2001:db8::/64', '::ffff:10.0.0.1', 'DEAD:beef::1']) expect(isIPv6(ok)).toBe(true);
    for (const bad of ['svc:demo/hello', 'pod:demo/web', 'host:client', '10.0.0.1', '', 'fffff::1']) expect(isIPv6(bad)).toBe(false);
    const hexish = fc.stringMatching(/^[0-9a-fA-F:.%a-z/]{0,24}$/);
    fc.assert(
      fc.property(fc.oneof(hexish, fc.string()), (s) => {
        expect(isIPv6(s)).toBe(ipaddr.IPv6.isValid(s.split('/')[0] ?? ''));
      }),
      { numRuns: 3000 },
    );
  });
});
