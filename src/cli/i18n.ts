/**
 * The command line's words in English or Russian (`--lang`), from the page's
 * catalogues: step sentences and reasons (`explain.*`, `reason.*`),
 * readiness texts, the trace text's frame (`format.*`) and `check`'s words.
 */
import i18next from 'i18next';
import { explainEn } from '../i18n/explain.en';
import { explainRu } from '../i18n/explain.ru';
import { formatEn } from '../i18n/format.en';
import { formatRu } from '../i18n/format.ru';
import { runbookEn } from '../i18n/runbook.en';
import { runbookRu } from '../i18n/runbook.ru';
import { i18nTranslate } from '../traceViews/index';

export const LANGS = ['en', 'ru'] as const;
export type Lang = (typeof LANGS)[number];

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** A translate function for `lang`; a key the catalogue lacks prints as the key and its parameters. */
export function translator(lang: Lang): Translate {
  const i18n = i18next.createInstance();
  void i18n.init({
    resources: { en: { translation: { ...explainEn, ...formatEn, ...runbookEn } }, ru: { translation: { ...explainRu, ...formatRu, ...runbookRu } } },
    lng: lang,
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  const translate = i18nTranslate(i18n, lang);
  return (key, params = {}) => translate(key, params);
}
