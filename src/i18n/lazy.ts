/**
 * The page's i18next instance: only the active language's catalogue is
 * downloaded (a chunk per language, `catalogue.<lang>.ts`), and switching
 * language downloads the other one then (issue 18: first download). Both
 * catalogues have the same keys (catalogues.test.ts), so no fallback
 * language is loaded alongside.
 */
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, type Language } from './language';
import { I18N_OPTIONS } from './options';

const CATALOGUES: Record<Language, () => Promise<{ translation: Record<string, unknown> }>> = {
  en: () => import('./catalogue.en'),
  ru: () => import('./catalogue.ru'),
};

/** An i18next backend that imports a language's catalogue chunk. */
const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (!isLanguage(language)) return callback(null, {});
    CATALOGUES[language]().then(
      (m) => callback(null, m.translation),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export { LANGUAGES, isLanguage, pickLanguage, type Language } from './language';

/** Creates the page's instance; resolves once the language's catalogue arrived. */
export async function createLazyI18n(language: Language): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(catalogueBackend).use(initReactI18next).init({ ...I18N_OPTIONS, lng: language, fallbackLng: false, supportedLngs: [...Object.keys(CATALOGUES)], load: 'currentOnly' });
  return instance;
}
