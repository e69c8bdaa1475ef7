import { describe, expect, it } from 'vitest';
import { explainEn } from '../i18n/explain.en';
import { explainRu } from '../i18n/explain.ru';
import { catalogueExplainer } from './catalogue';

describe('catalogueExplainer', () => {
  it('fills {{params}} like i18next, in either language', () => {
    expect(catalogueExplainer(explainEn)('explain.linux.receive', { dev: 'ens18' })).toBe('The frame arrives on ens18.');
    expect(catalogueExplainer(explainRu)('explain.linux.receive', { dev: 'ens18' })).toMatch(/ens18/);
    expect(catalogueExplainer(explainRu)('explain.linux.receive', { dev: 'ens18' })).toMatch(/[а-я]/);
  });

  it('prints an unknown key with its parameters', () => {
    expect(catalogueExplainer(explainEn)('explain.nope', { a: 1 })).toBe('explain.nope a=1');
  });
});
