import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './LanguageSwitch';
import { PresetSwitcher } from './PresetSwitcher';
import { ThemeSwitch } from './theme/ThemeSwitch';

export function Header() {
  const { t } = useTranslation();
  return (
    <header className="border-b border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900">
      <div className="mx-auto flex max-w-[120rem] flex-wrap items-center gap-6 px-4 py-3">
        <div>
          <h1 className="font-mono text-3xl font-bold text-teal-800 dark:text-teal-300">{t('app.title')}</h1>
          <p className="text-base text-slate-700 dark:text-slate-300">{t('app.tagline')}</p>
        </div>
        <PresetSwitcher />
        <div className="ml-auto flex gap-4">
          <ThemeSwitch />
          <LanguageSwitch />
        </div>
      </div>
    </header>
  );
}
