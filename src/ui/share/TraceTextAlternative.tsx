/** The trace as text (the format of `npm run trace`), visually hidden: the text alternative of the diagram. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrace } from '../../state/hooks';
import { formatTrace, i18nTranslate } from '../../traceViews/index';

export function TraceTextAlternative() {
  const { t, i18n } = useTranslation();
  const trace = useTrace((s) => s.trace);
  const language = i18n.resolvedLanguage === 'ru' ? 'ru' : 'en';
  const text = useMemo(() => (trace ? formatTrace(trace, 'text', { t: i18nTranslate(i18n, language) }) : ''), [trace, i18n, language]);
  return (
    <section className="sr-only" aria-label={t('classroom.share.textAlternative')} data-testid="trace-text">
      <pre>{trace ? text : ''}</pre>
    </section>
  );
}
