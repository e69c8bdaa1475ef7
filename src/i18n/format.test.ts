import { describe, expect, it } from 'vitest';
import { formatEn } from './format.en';
import { formatRu } from './format.ru';

function entries(value: unknown, prefix = ''): [string, string][] {
  if (typeof value !== 'object' || value === null) return [[prefix, String(value)]];
  return Object.entries(value).flatMap(([k, v]) => entries(v, prefix ? `${prefix}.${k}` : k));
}

describe('trace text and check catalogues', () => {
  it('en and ru have the same keys and the same {{params}} in each', () => {
    const en = new Map(entries(formatEn));
    const ru = new Map(entries(formatRu));
    expect([...ru.keys()].sort()).toEqual([...en.keys()].sort());
    const params = (s: string): string[] => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
    for (const [k, text] of en) expect(params(ru.get(k)!), k).toEqual(params(text));
  });

  it('Russian has no English words beyond the identifiers', () => {
    for (const [k, text] of entries(formatRu)) {
      const words = text.replace(/\{\{\w+\}\}/g, '').match(/[A-Za-z]{2,}/g) ?? [];
      expect(words.filter((w) => !['TTL'].includes(w)), k).toEqual([]);
    }
  });
});
