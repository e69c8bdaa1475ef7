import { useTranslation } from 'react-i18next';
import type { Diagnostic } from '../engine/index';

function objectName(d: Diagnostic): string {
  if (!d.object) return '';
  const ns = d.object.namespace ? `${d.object.namespace}/` : '';
  return `${d.object.kind} ${ns}${d.object.name}`;
}

/** Engine diagnostics: severity and code translated, object/field and the engine's message as given. */
export function DiagnosticList({ diagnostics }: { diagnostics: Diagnostic[] }) {
  const { t } = useTranslation();
  if (diagnostics.length === 0) return null;
  return (
    <details className="rounded border border-slate-300 bg-white p-3 dark:border-slate-600 dark:bg-slate-900">
      <summary className="cursor-pointer font-semibold">
        {t('diag.heading')} ({diagnostics.length})
      </summary>
      <ul className="mt-2 space-y-1">
        {diagnostics.map((d, i) => (
          <li key={i}>
            <span className="font-semibold">{t(`severity.${d.severity}`)}</span> · {t(`diag.${d.code}`)}{' '}
            <span className="font-mono">
              {objectName(d)} {d.field ?? ''}
            </span>{' '}
            — {d.message}
          </li>
        ))}
      </ul>
    </details>
  );
}
