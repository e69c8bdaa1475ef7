/** The workspace's top bar: title, scenario, the toolbar of drawers, theme and language. */
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './LanguageSwitch';
import { PresetSwitcher } from './PresetSwitcher';
import { ThemeSwitch } from './theme/ThemeSwitch';
import { Toolbar } from './workspace/Toolbar';

export function Header() {
  const { t } = useTranslation();
  return (
    <header className="border-b border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-1">
        <h1 className="font-mono text-xl font-bold text-teal-800 dark:text-teal-300" title={t('app.tagline')} translate="no">
          {t('app.title')}
        </h1>
        <PresetSwitcher />
        <Toolbar />
        <div className="ml-auto flex gap-2">
          <ThemeSwitch />
          <LanguageSwitch />
        </div>
      </div>
    </header>
  );
}
