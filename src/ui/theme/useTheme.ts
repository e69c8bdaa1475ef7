import { useStore } from 'zustand';
import { themeStore, type Theme } from './themeStore';

export function useTheme(): Theme {
  return useStore(themeStore, (s) => s.theme);
}
