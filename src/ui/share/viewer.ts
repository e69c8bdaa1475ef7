/**
 * The viewer's language and theme as the share actions read and set them.
 * A shared view's theme applies to this page only (not remembered); `auto`
 * follows `prefers-color-scheme` until the reader picks Light or Dark.
 */
import type { i18n as I18n } from 'i18next';
import type { ViewerSettings } from '../../state/classroom/shareActions';
import { themeStore } from '../theme/themeStore';

export function createViewerSettings(i18n: I18n): ViewerSettings {
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  let auto = false;
  let applying = false;
  const show = (theme: 'light' | 'dark') => {
    applying = true;
    themeStore.setState({ theme });
    document.documentElement.classList.toggle('dark', theme === 'dark');
    applying = false;
  };
  query.addEventListener('change', () => {
    if (auto) show(query.matches ? 'dark' : 'light');
  });
  themeStore.subscribe(() => {
    if (!applying) auto = false;
  });
  return {
    language: () => (i18n.resolvedLanguage === 'ru' ? 'ru' : 'en'),
    setLanguage: (language) => void i18n.changeLanguage(language),
    theme: () => (auto ? 'auto' : themeStore.getState().theme),
    setTheme(theme) {
      auto = theme === 'auto';
      show(theme === 'auto' ? (query.matches ? 'dark' : 'light') : theme);
    },
  };
}
