/**
 * Where a rule comes from. The engine cites its sources in English (the
 * reference ids of docs/DATAPATH-FACTS.md, e.g. `M2/K6`, with a gloss); in
 * another language the ids and the seed's quotes are shown, and the English
 * gloss is one click away, marked as English.
 */
import { useTranslation } from 'react-i18next';

/** The reference ids (`K6`, `M2`, `C22`) and the seed's «quotes» of a source text. */
export function sourceRefs(source: string): { ids: string[]; quotes: string[] } {
  const ids = [...new Set(source.match(/\b[A-Z]{1,2}\d{1,2}\b/g) ?? [])];
  const quotes = source.match(/«[^»]*»/g) ?? [];
  return { ids, quotes };
}

export function RuleSource({ source }: { source: string }) {
  const { t, i18n } = useTranslation();
  const english = (i18n.resolvedLanguage ?? 'en') === 'en';
  if (english) {
    return (
      <p className="text-sm break-words text-slate-700 dark:text-slate-300" data-testid="rule-source">
        {t('inspector.source')}: {source}
      </p>
    );
  }
  const { ids, quotes } = sourceRefs(source);
  return (
    <div className="text-sm break-words text-slate-700 dark:text-slate-300" data-testid="rule-source">
      <p>
        {t('inspector.source')}: <span translate="no">{ids.join(', ') || '—'}</span>
        {quotes.length > 0 && <span> · {t('inspector.seedQuote')} {quotes.join(' ')}</span>}
      </p>
      <details>
        <summary className="cursor-pointer">{t('inspector.sourceOriginal')}</summary>
        <span lang="en" translate="no">
          {source}
        </span>
      </details>
    </div>
  );
}
