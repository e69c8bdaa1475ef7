/** The i18next options the bundled (`index.ts`) and the lazily loading (`lazy.ts`) instances share. */
import type { InitOptions } from 'i18next';

export const I18N_OPTIONS = {
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
} satisfies InitOptions;
