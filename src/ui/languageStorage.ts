/** Remembers the chosen UI language in localStorage (ignored where storage is unavailable). */
const KEY = 'packetwalk.language';

export function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function storeLanguage(language: string): void {
  try {
    localStorage.setItem(KEY, language);
  } catch {
    // private mode or storage disabled: the choice lasts for this page only
  }
}
