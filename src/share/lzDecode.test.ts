/**
 * The capped decoder reads what lz-string writes, refuses what lz-string
 * cannot read, and stops at its limit on a link that unpacks to far more.
 */
import fc from 'fast-check';
import lz from 'lz-string';
import { describe, expect, it } from 'vitest';
import { decodeShare } from './codec';
import { lzDecodeUriComponent } from './lzDecode';

describe('lzDecodeUriComponent', () => {
  it('reads back every string lz-string compresses', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.array(fc.constantFrom('a', 'b', 'ab', '{"v":1}'), { maxLength: 400 }).map((xs) => xs.join(''))), (s) => {
        expect(lzDecodeUriComponent(lz.compressToEncodedURIComponent(s), Infinity)).toEqual({ text: s });
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses a truncated or foreign text as corrupt', () => {
    const code = lz.compressToEncodedURIComponent(JSON.stringify({ v: 1, s: { sc: { p: 'k8s-lab' } } }));
    expect(lzDecodeUriComponent(code.slice(0, 10), Infinity)).toEqual({ error: 'corrupt' });
    expect(lzDecodeUriComponent('zzzz', Infinity)).toEqual({ error: 'corrupt' });
  });

  it('stops a link that unpacks past the limit (was: 500 M characters from a 74 k link)', () => {
    const limit = 100_000;
    const bomb = lz.compressToEncodedURIComponent('a'.repeat(2 * limit));
    expect(bomb.length).toBeLessThan(2_000);
    expect(lzDecodeUriComponent(bomb, limit)).toEqual({ error: 'too-large' });
    expect(lzDecodeUriComponent(bomb, 2 * limit)).toEqual({ text: 'a'.repeat(2 * limit) });
    const r = decodeShare(bomb, limit);
    expect('error' in r && r.error.code).toBe('corrupt');
    expect('error' in r && r.error.message).toMatch(/unpacks to more than/);
  });
});
