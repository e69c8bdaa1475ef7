/**
 * i18next set up with the en and ru catalogues, bundled (tests, the CLI's
 * catalogue checks, the bench). The page loads only the active language's
 * catalogue (`lazy.ts`). Every user-visible string goes through `t()`;
 * engine output (rule text, node names) is shown as is.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { translation as en } from './catalogue.en';
import { translation as ru } from './catalogue.ru';
import type { Language } from './language';
import { I18N_OPTIONS } from './options';

export { LANGUAGES, isLanguage, pickLanguage, type Language } from './language';

/** UI messages plus the trace step sentences and reasons (`explain.*`, `reason.*`) and the trace text's words (`format.*`), shared with the CLI. */
export const resources = {
  en: { translation: en },
  ru: { translation: ru },
} as const;

/** Creates an initialised i18next instance (synchronous: the catalogues are bundled). */
export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({ ...I18N_OPTIONS, resources, lng: language, fallbackLng: 'en', initAsync: false });
  return instance;
}
