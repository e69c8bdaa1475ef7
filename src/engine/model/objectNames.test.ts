/** The one-pass subdomain check accepts exactly the dot-joined DNS-1123 labels (IsDNS1123Subdomain). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDns1123Label, isDns1123Subdomain } from './objectNames';

describe('isDns1123Subdomain', () => {
  it('is "every dot-separated part is a DNS-1123 label", up to 253 characters', () => {
    for (const ok of ['a', 'a.b', 'kube-dns', 'a-1.b-2.c', '0.0']) expect(isDns1123Subdomain(ok)).toBe(true);
    for (const bad of ['', '.', 'a.', '.a', 'a..b', '-a', 'a-', 'a.-b', 'A', 'a_b', 'a b', `${'a'.repeat(254)}`]) expect(isDns1123Subdomain(bad)).toBe(false);
    const text = fc.array(fc.constantFrom('a', 'z', '0', '9', '-', '.', 'A', '_', ' '), { maxLength: 12 }).map((xs) => xs.join(''));
    fc.assert(
      fc.property(text, (s) => {
        expect(isDns1123Subdomain(s)).toBe(s.split('.').every(isDns1123Label));
      }),
      { numRuns: 5000 },
    );
  });
});
