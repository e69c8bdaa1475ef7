import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../i18n/language';
import { storeLanguage } from './languageStorage';

/** en/ru buttons; each label is written in its own language. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const choose = (language: Language) => {
    storeLanguage(language);
    void i18n.changeLanguage(language);
  };
  return (
    <div role="group" aria-label={t('language.label')} className="flex gap-1">
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={i18n.resolvedLanguage === language}
          onClick={() => choose(language)}
          className="rounded border border-slate-400 px-2 py-1 aria-pressed:bg-teal-800 aria-pressed:text-white"
        >
          {t(`language.${language}`)}
        </button>
      ))}
    </div>
  );
}
