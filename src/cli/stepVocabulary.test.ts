/**
 * The engine's step vocabulary (engine/model/stepVocabulary.ts) and the
 * explanation catalogues are one list: every explanation key and reason code
 * the engine may emit has an en and a ru sentence, and every sentence is one
 * the engine can emit. Lives here because only the CLI may import both the
 * engine and src/i18n (the engine imports nothing of i18n, not even types).
 */
import { describe, expect, it } from 'vitest';
import { explainEn } from '../i18n/explain.en';
import { explainRu } from '../i18n/explain.ru';
import { EXPLAIN_KEYS, REASON_CODES, type ExplainKey, type ReasonCode } from '../engine/index';

/** `{ a: { b: 'x' } }` → `['a.b']`. */
function leaves(v: unknown, prefix = ''): string[] {
  if (typeof v !== 'object' || v === null) return [prefix];
  return Object.entries(v).flatMap(([k, x]) => leaves(x, prefix ? `${prefix}.${k}` : k));
}

/** `policy.dir.*` are words the policy sentences nest (`$t(…)`), not step keys. */
const isStepKey = (k: string) => !k.startsWith('policy.dir.');

describe('step vocabulary', () => {
  for (const [lang, cat] of [['en', explainEn], ['ru', explainRu]] as const) {
    it(`${lang}: the explanation keys are exactly the engine's`, () => {
      expect(leaves(cat.explain).filter(isStepKey).sort()).toEqual([...EXPLAIN_KEYS].sort());
    });

    it(`${lang}: the reason codes are exactly the engine's`, () => {
      expect(Object.keys(cat.reason).sort()).toEqual([...REASON_CODES].sort());
    });
  }

  it('a reason code the engine adds without a sentence does not compile', () => {
    // Type-level: the catalogue must have a sentence per code (tsc -b fails here otherwise).
    const sentences: Record<ReasonCode, string> = explainEn.reason;
    const key: ExplainKey = 'linux.forward';
    expect(sentences['no-route']).toBeTruthy();
    expect(key).toBe('linux.forward');
  });
});
