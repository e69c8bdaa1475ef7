/**
 * A trace as text in one of `npm run trace`'s formats, with the words of an
 * i18next instance: what the page's exports, its text alternative and the CLI
 * all print. Runs where it is called (the page formats on the main thread;
 * the catalogues never travel to the worker).
 */
import type { i18n as I18n } from 'i18next';
import type { Trace } from '../engine/model/trace';
import { formatTraceMarkdown, formatTraceText, type FormatOptions, type TranslateFn } from './format';
import { formatTraceMermaid } from './mermaid';

/** The text formats of `npm run trace` (besides JSON, the Trace itself). */
export type TraceTextFormat = 'text' | 'markdown' | 'mermaid';

export function formatTrace(trace: Trace, format: TraceTextFormat, options: FormatOptions): string {
  return format === 'markdown' ? formatTraceMarkdown(trace, options) : format === 'mermaid' ? formatTraceMermaid(trace, options) : formatTraceText(trace, options);
}

/** The words of `i18n` in `language` as the formats take them; a key the catalogue lacks prints as the key and its parameters. */
export function i18nTranslate(i18n: Pick<I18n, 'exists' | 'getFixedT'>, language: string): TranslateFn {
  const t = i18n.getFixedT(language);
  return (key, params) => {
    if (!i18n.exists(key, { lng: language })) return `${key} ${Object.entries(params).map(([k, v]) => `${k}=${v}`).join(' ')}`.trim();
    return t(key, params).replace(/\s+$/, '');
  };
}
