import { useTranslation } from 'react-i18next';
import { setTheme, type Theme } from './themeStore';
import { useTheme } from './useTheme';

const THEMES: Theme[] = ['light', 'dark'];
const ICON: Record<Theme, string> = { light: '☀', dark: '☾' };

/** Light/dark buttons: a sun and a moon, named by aria-label (words made the ru toolbar wrap at 1366 px). */
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
          aria-label={t(`theme.${option}`)}
          title={t(`theme.${option}`)}
          className="rounded border border-slate-400 px-2.5 py-1 aria-pressed:bg-teal-800 aria-pressed:text-white"
        >
          <span aria-hidden="true">{ICON[option]}</span>
        </button>
      ))}
    </div>
  );
}
