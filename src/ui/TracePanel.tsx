import { useTranslation } from 'react-i18next';
import { useTrace } from '../state/hooks';
import { DiagnosticList } from './DiagnosticList';
import { ErrorMessage } from './ErrorMessage';
import { Section } from './Section';
import { TraceForm } from './TraceForm';
import { TraceResult } from './TraceResult';

/** The trace form and what the worker answered. */
export function TracePanel() {
  const { t } = useTranslation();
  const { status, trace, diagnostics, error } = useTrace((s) => s);
  return (
    <Section id="trace-heading" title={t('trace.heading')}>
      <TraceForm />
      <div className="mt-4 flex flex-col gap-3" aria-live="polite">
        {status === 'running' && <p>{t('trace.running')}</p>}
        {status === 'error' && error && <ErrorMessage text={t('errors.engine', { message: error })} />}
        <DiagnosticList diagnostics={diagnostics} />
        {trace && <TraceResult trace={trace} />}
      </div>
    </Section>
  );
}
