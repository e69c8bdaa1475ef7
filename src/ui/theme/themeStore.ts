/**
 * Light or dark: the stored choice, else the system's. Applied as the `dark`
 * class on <html> (Tailwind's dark variant) and remembered in localStorage.
 */
import { createStore } from 'zustand/vanilla';

export type Theme = 'light' | 'dark';
const KEY = 'packetwalk.theme';

function initialTheme(): Theme {
  try {
    const stored = localStorage.getItem(KEY);
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    // storage unavailable: fall through to the system preference
  }
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function apply(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

export const themeStore = createStore<{ theme: Theme }>()(() => ({ theme: initialTheme() }));
apply(themeStore.getState().theme);

export function setTheme(theme: Theme): void {
  themeStore.setState({ theme });
  apply(theme);
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // the choice lasts for this page only
  }
}
