/** The trace as text (the format of `npm run trace`, formatted in the worker), visually hidden: the text alternative of the diagram. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClassroomApi, useTrace } from '../../state/hooks';
import { sentenceCatalogue } from './sentences';

export function TraceTextAlternative() {
  const { t, i18n } = useTranslation();
  const { formatTrace } = useClassroomApi();
  const trace = useTrace((s) => s.trace);
  const language = i18n.resolvedLanguage === 'ru' ? 'ru' : 'en';
  const [text, setText] = useState('');
  useEffect(() => {
    let live = true;
    if (trace) void formatTrace(trace, 'text', sentenceCatalogue(i18n, language)).then((a) => live && setText(a.kind === 'ok' ? a.value : ''));
    return () => {
      live = false;
    };
  }, [formatTrace, trace, language, i18n]);
  return (
    <section className="sr-only" aria-label={t('classroom.share.textAlternative')} data-testid="trace-text">
      <pre>{trace ? text : ''}</pre>
    </section>
  );
}
