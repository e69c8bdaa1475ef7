import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './LanguageSwitch';
import { PresetSwitcher } from './PresetSwitcher';

export function Header() {
  const { t } = useTranslation();
  return (
    <header className="border-b border-slate-300 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-6 px-6 py-4">
        <h1 className="font-mono text-3xl font-bold text-teal-800">{t('app.title')}</h1>
        <PresetSwitcher />
        <div className="ml-auto">
          <LanguageSwitch />
        </div>
      </div>
    </header>
  );
}
