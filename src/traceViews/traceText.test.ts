import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { compileScenario, loadPreset, traceFlow } from '../engine/index';
import { explainEn } from '../i18n/explain.en';
import { explainRu } from '../i18n/explain.ru';
import { formatEn } from '../i18n/format.en';
import { formatRu } from '../i18n/format.ru';
import { formatTrace, i18nTranslate } from './traceText';

function pageI18n() {
  const i18n = i18next.createInstance();
  void i18n.init({ resources: { en: { translation: { ...explainEn, ...formatEn } }, ru: { translation: { ...explainRu, ...formatRu } } }, lng: 'en', initAsync: false, interpolation: { escapeValue: false } });
  return i18n;
}

describe('i18nTranslate', () => {
  it('fills {{params}} in the language asked, whatever the instance shows', () => {
    const i18n = pageI18n();
    expect(i18nTranslate(i18n, 'en')('explain.linux.receive', { dev: 'ens18' })).toBe('The frame arrives on ens18.');
    expect(i18nTranslate(i18n, 'ru')('explain.linux.receive', { dev: 'ens18' })).toMatch(/ens18/);
    expect(i18nTranslate(i18n, 'ru')('explain.linux.receive', { dev: 'ens18' })).toMatch(/[а-я]/);
  });

  it('prints an unknown key with its parameters', () => {
    expect(i18nTranslate(pageI18n(), 'en')('explain.nope', { a: 1 })).toBe('explain.nope a=1');
  });
});

describe('formatTrace', () => {
  it('prints the page language on the main thread, every step only in the detailed view', () => {
    const cluster = compileScenario(loadPreset('k8s-lab').scenario!);
    const { trace } = traceFlow(cluster, { src: 'pod:demo/web', dst: 'svc:demo/hello', proto: 'tcp' });
    const t = i18nTranslate(pageI18n(), 'ru');
    const summary = formatTrace(trace!, 'text', { t });
    const detail = formatTrace(trace!, 'text', { t, detail: true });
    expect(summary).toMatch(/[а-я]/);
    expect(detail.split('\n').length).toBeGreaterThan(summary.split('\n').length);
    expect(formatTrace(trace!, 'mermaid', { t })).toMatch(/^```mermaid/);
  });
});
