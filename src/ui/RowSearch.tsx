import { useTranslation } from 'react-i18next';

/** The search field above a paged list, and how many of the matching rows are shown (issue 18: a list shows a page, never everything). `label`: what is searched, when a form has several. */
export function RowSearch({ value, onChange, shown, total, testId, label }: { value: string; onChange: (text: string) => void; shown: number; total?: number; testId: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="mb-2 flex flex-wrap items-center gap-3">
      <input type="search" className="rounded border border-slate-400 px-2 py-1 dark:bg-slate-800" placeholder={label ?? t('rows.search')} aria-label={label ?? t('rows.search')} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId} />
      {total !== undefined && <span className="text-slate-700 dark:text-slate-300">{t('rows.shown', { shown, count: total })}</span>}
    </div>
  );
}
