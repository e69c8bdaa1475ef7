/**
 * Indexed set and map lookups return what the first-match scan returns:
 * exact keys by hash, prefixes and non-canonical addresses in order, and
 * an earlier prefix element still wins over a later exact one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cidrContains, parseCidr } from '../../model/ipv4';
import { lookupElement, setContains } from './match';
import type { NftMap, NftSet, NftTable } from './ruleset';

const addr = fc.constantFrom('10.0.0.1', '10.0.0.2', '10.0.1.7', '10.96.0.10', '192.168.0.2', '10.0.0.0/24', '10.0.0.0/8', '0.0.0.0/0', '010.0.0.1', 'x');
const proto = fc.constantFrom('tcp', 'udp');
const port = fc.constantFrom('53', '80', '443');

/** The scan the index replaced. */
function scan(m: NftMap, values: string[]): NftMap['elements'][number] | undefined {
  const part = (i: number, k: string, v: string) => (m.type[i] === 'ipv4_addr' ? parseCidr(k) !== undefined && parseCidr(v) !== undefined && cidrContains(parseCidr(k), v) : k === v);
  return m.elements.find((e) => e.key.length === values.length && e.key.every((k, i) => part(i, k, values[i]!)));
}

describe('nft lookup index', () => {
  it('a verdict map lookup returns the first matching element', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(addr, proto, port), { maxLength: 30 }), fc.tuple(addr, proto, port), (keys, probe) => {
        const m: NftMap = { kind: 'vmap', name: 'service-ips', type: ['ipv4_addr', 'inet_proto', 'inet_service'], source: 't', elements: keys.map((key, i) => ({ key: [...key], verdict: { kind: 'goto', chain: `c${i}` } })) };
        expect(lookupElement(m, [...probe])).toBe(scan(m, [...probe]));
      }),
      { numRuns: 2000 },
    );
  });

  it('a set holds an address when an element (address or prefix) holds it', () => {
    fc.assert(
      fc.property(fc.array(addr, { maxLength: 20 }), addr, (elements, probe) => {
        const s: NftSet = { kind: 'set', name: 'cluster-ips', type: ['ipv4_addr'], flags: ['interval'], source: 't', elements: elements.map((a) => ({ key: [a] })) };
        const t: NftTable = { family: 'ip', name: 'kube-proxy', source: 't', sets: [s], chains: [] };
        const want = elements.some((e) => parseCidr(e) !== undefined && parseCidr(probe) !== undefined && cidrContains(parseCidr(e), probe));
        expect(setContains(t, 'cluster-ips', probe, { isLocalAddress: () => false, pick: () => 0, affinity: new Map() })).toBe(want);
      }),
      { numRuns: 2000 },
    );
  });

  it('an element added after the first lookup is found (the index follows the element count)', () => {
    const m: NftMap = { kind: 'vmap', name: 'm', type: ['ipv4_addr'], source: 't', elements: [{ key: ['10.0.0.1'], verdict: { kind: 'accept' } }] };
    expect(lookupElement(m, ['10.0.0.2'])).toBeUndefined();
    m.elements.push({ key: ['10.0.0.2'], verdict: { kind: 'drop' } });
    expect(lookupElement(m, ['10.0.0.2'])?.verdict).toEqual({ kind: 'drop' });
  });
});
