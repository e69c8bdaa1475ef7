import { describe, expect, it } from 'vitest';
import { en } from './en';
import { pickLanguage } from './language';
import { ru } from './ru';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('catalogues', () => {
  it('en and ru have the same keys', () => {
    expect(keys(ru).sort()).toEqual(keys(en).sort());
  });

  it('no message is empty', () => {
    for (const catalogue of [en, ru]) {
      for (const key of keys(catalogue)) {
        const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], catalogue);
        expect(text, key).toMatch(/\S/);
      }
    }
  });
});

describe('pickLanguage', () => {
  it('prefers the stored choice, then the browser languages, else English', () => {
    expect(pickLanguage('ru', ['en-US'])).toBe('ru');
    expect(pickLanguage(null, ['de-DE', 'ru-RU'])).toBe('ru');
    expect(pickLanguage('xx', ['fr'])).toBe('en');
  });
});
