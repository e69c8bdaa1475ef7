/** Share links: exact round trips, clear errors for tampered and foreign links, and a short link for a typical view. */
import fc from 'fast-check';
import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { decodeShare, decodeShareUrl, encodeShare, shareUrl } from './codec';
import { applyScenarioEdits } from './scenarioSource';
import type { ShareState } from './shareState';

const TYPICAL: ShareState = {
  scenario: { preset: 'k8s-lab' },
  flow: { src: 'pod:demo/web', dst: 'svc:demo/hello', proto: 'tcp' },
  step: 6,
  language: 'ru',
  theme: 'dark',
  embed: false,
};

const str = (max: number) => fc.string({ maxLength: max, unit: 'grapheme' });
const nonEmpty = (max: number) => fc.string({ minLength: 1, maxLength: max, unit: 'grapheme' });
const edit = fc.oneof(fc.record({ find: nonEmpty(40), replace: str(40) }), fc.record({ append: nonEmpty(80) }));
const scenario = fc.oneof(
  fc.record({ preset: nonEmpty(30), edits: fc.array(edit, { maxLength: 3 }) }, { requiredKeys: ['preset'] }),
  fc.record({ yaml: nonEmpty(300) }),
);
const port = fc.integer({ min: 1, max: 65535 });
const flow = fc.record(
  {
    src: nonEmpty(40),
    dst: nonEmpty(40),
    proto: fc.constantFrom('tcp' as const, 'udp' as const, 'icmp' as const),
    dport: port,
    sport: port,
    size: fc.integer({ min: 28, max: 65535 }),
    df: fc.boolean(),
    fromNode: nonEmpty(30),
    packet: fc.constantFrom('first' as const, 'next' as const),
    backend: nonEmpty(21),
  },
  { requiredKeys: ['src', 'dst'] },
);
const state: fc.Arbitrary<ShareState> = fc.record(
  {
    scenario,
    flow,
    step: fc.integer({ min: 0, max: 500 }),
    detail: fc.constantFrom('summary' as const, 'detailed' as const),
    compare: scenario,
    language: fc.constantFrom('en' as const, 'ru' as const),
    theme: fc.constantFrom('light' as const, 'dark' as const, 'auto' as const),
    embed: fc.boolean(),
    lesson: fc.record({ id: nonEmpty(20), step: fc.integer({ min: 0, max: 20 }) }),
  },
  { requiredKeys: ['scenario', 'flow', 'step', 'language', 'theme', 'embed'] },
);

describe('share links', () => {
  it('round-trip any valid state exactly, in URL-safe characters', () => {
    fc.assert(
      fc.property(state, (s) => {
        const text = encodeShare(s);
        expect(text).toMatch(/^[A-Za-z0-9+\-$]*$/);
        expect(decodeShare(text)).toEqual({ state: s });
      }),
      { numRuns: 300 },
    );
  });

  it('round-trip through a URL, with embed in the query', () => {
    fc.assert(
      fc.property(state, (s) => {
        const url = shareUrl('https://example.github.io/packetwalk/?x=1', s);
        expect(url.startsWith('https://example.github.io/packetwalk/?x=1')).toBe(true);
        expect(url.includes('embed=1')).toBe(s.embed);
        expect(decodeShareUrl(url)).toEqual({ state: s });
      }),
      { numRuns: 100 },
    );
    expect(decodeShareUrl('https://example.github.io/packetwalk/')).toBeUndefined();
  });

  it('never throw on any input, and say what is wrong', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (junk) => {
        const r = decodeShare(junk);
        if ('error' in r) expect(['corrupt', 'unsupported-version', 'invalid']).toContain(r.error.code);
      }),
      { numRuns: 500 },
    );
  });

  it('tampered links decode to an error (or, rarely, to a still-valid state), never a throw', () => {
    const text = encodeShare(TYPICAL);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: text.length - 1 }), fc.constantFrom(...'ABCxyz019+-$'), (at, ch) => {
        const tampered = text.slice(0, at) + ch + text.slice(at + 1);
        const r = decodeShare(tampered);
        if ('state' in r) expect(shareStateFieldsValid(r.state)).toBe(true);
        else expect(['corrupt', 'invalid', 'unsupported-version']).toContain(r.error.code);
      }),
      { numRuns: 300 },
    );
    expect(decodeShare(text.slice(0, Math.floor(text.length / 2)))).toMatchObject({ error: { code: 'corrupt' } });
    expect(decodeShare('not a link!')).toMatchObject({ error: { code: 'corrupt' } });
    expect(decodeShare('')).toMatchObject({ error: { code: 'corrupt' } });
  });

  it('links of another version say so', () => {
    const v2 = compressToEncodedURIComponent(JSON.stringify({ v: 2, s: TYPICAL }));
    expect(decodeShare(v2)).toEqual({ error: { code: 'unsupported-version', message: expect.stringContaining('version 2') } });
    const v0 = compressToEncodedURIComponent(JSON.stringify({ preset: 'k8s-lab' }));
    expect(decodeShare(v0)).toMatchObject({ error: { code: 'unsupported-version' } });
  });

  it('well-formed links with bad fields are invalid and name the field', () => {
    const bad = compressToEncodedURIComponent(JSON.stringify({ v: 1, s: { sc: { p: 'k8s-lab' }, fl: { s: 'pod:demo/web', d: 'svc:demo/hello', dp: 70000 }, i: 0, l: 'en', t: 'auto', em: false } }));
    expect(decodeShare(bad)).toEqual({ error: { code: 'invalid', message: expect.stringContaining('flow.dport') } });
    const extra = compressToEncodedURIComponent(JSON.stringify({ v: 1, s: { sc: { p: 'k8s-lab' }, fl: { s: 'a', d: 'b' }, i: 0, l: 'en', t: 'auto', em: false, script: '<x>' } }));
    expect(decodeShare(extra)).toMatchObject({ error: { code: 'invalid' } });
    expect(() => encodeShare({ ...TYPICAL, language: 'de' as 'en' })).toThrow();
  });

  it('a typical link (lab preset + flow + step) stays short', () => {
    const text = encodeShare(TYPICAL);
    console.info(`typical share text: ${text.length} characters; with side by side and a lesson: ${encodeShare({ ...TYPICAL, compare: { preset: 'k8s-lab-bgp' }, lesson: { id: 'unified-flow', step: 2 } }).length}`);
    expect(text.length).toBeLessThanOrEqual(150);
  });
});

describe('scenario edits', () => {
  const yaml = 'a: 1\nenableDSR: true\nb: 2\n';
  it('replace one occurrence and append documents', () => {
    expect(applyScenarioEdits(yaml, [{ find: 'enableDSR: true', replace: 'enableDSR: false' }, { append: 'kind: Pod\n' }])).toEqual({ yaml: 'a: 1\nenableDSR: false\nb: 2\n---\nkind: Pod\n' });
  });
  it('refuse a find that is missing or ambiguous, naming the edit', () => {
    expect(applyScenarioEdits(yaml, [{ find: 'nope', replace: '' }])).toMatchObject({ error: { edit: 0, message: expect.stringContaining('does not occur') } });
    expect(applyScenarioEdits(yaml, [{ find: 'a: 1', replace: 'a: 2' }, { find: ': ', replace: '' }])).toMatchObject({ error: { edit: 1, message: expect.stringContaining('more than once') } });
  });
});

function shareStateFieldsValid(s: ShareState): boolean {
  return typeof s.flow.src === 'string' && ['en', 'ru'].includes(s.language);
}
