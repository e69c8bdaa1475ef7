import { useTranslation } from 'react-i18next';
import { setTheme, type Theme } from './themeStore';
import { useTheme } from './useTheme';

const THEMES: Theme[] = ['light', 'dark'];

/** Light/dark buttons. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <div role="group" aria-label={t('theme.label')} className="flex gap-1">
      {THEMES.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={theme === option}
          onClick={() => setTheme(option)}
          className="rounded border border-slate-400 px-3 py-1 aria-pressed:bg-teal-800 aria-pressed:text-white"
        >
          {t(`theme.${option}`)}
        </button>
      ))}
    </div>
  );
}
