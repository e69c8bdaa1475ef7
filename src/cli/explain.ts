/**
 * English step sentences for the command line, from the same catalogue the
 * UI uses (i18next interpolation).
 */
import i18next from 'i18next';
import { explainEn } from '../i18n/explain.en';

const i18n = i18next.createInstance();
void i18n.init({ resources: { en: { translation: explainEn } }, lng: 'en', initAsync: false, interpolation: { escapeValue: false } });

/** `explain.linux.forward` + params → the English sentence. */
export function explainText(key: string, params: Record<string, string | number>): string {
  return i18n.t(key, params).replace(/\s+$/, '');
}
