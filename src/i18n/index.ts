/**
 * i18next set up with the en and ru catalogues. Every user-visible string goes
 * through `t()`; engine output (rule text, node names) is shown as is.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { explainEn } from './explain.en';
import { explainRu } from './explain.ru';
import { formatEn } from './format.en';
import { formatRu } from './format.ru';
import type { Language } from './language';
import { ru } from './ru';
import { runbookEn } from './runbook.en';
import { runbookRu } from './runbook.ru';

export { LANGUAGES, isLanguage, pickLanguage, type Language } from './language';

/** UI messages plus the trace step sentences and reasons (`explain.*`, `reason.*`) and the trace text's words (`format.*`), shared with the CLI. */
export const resources = {
  en: { translation: { ...en, ...explainEn, ...formatEn, ...runbookEn } },
  ru: { translation: { ...ru, ...explainRu, ...formatRu, ...runbookRu } },
} as const;

/** Creates an initialised i18next instance (synchronous: the catalogues are bundled). */
export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return instance;
}
