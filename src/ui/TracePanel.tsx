import { useTranslation } from 'react-i18next';
import { useTrace } from '../state/hooks';
import { DiagnosticList } from './DiagnosticList';
import { ErrorMessage } from './ErrorMessage';
import { BackendPin } from './flow/BackendPin';
import { BranchOutcomes } from './flow/BranchOutcomes';
import { useAnswerHidden } from './lesson/useOpenQuestion';
import { Section } from './Section';
import { TraceForm } from './TraceForm';

/** The flow picker (in the flow drawer) and what the worker answered beside the verdict: warnings, backend choices and every backend's outcome. */
export function TracePanel() {
  const { t } = useTranslation();
  const { status, trace, diagnostics, error } = useTrace((s) => s);
  const hidden = useAnswerHidden();
  return (
    <Section id="trace-heading" title={t('trace.heading')}>
      <TraceForm />
      <div className="mt-3 flex flex-col gap-2" aria-live="polite">
        {status === 'running' && <p>{t('trace.running')}</p>}
        {status === 'error' && error && <ErrorMessage text={t('errors.engine', { message: error })} />}
        <DiagnosticList diagnostics={diagnostics} />
        {trace?.branches && <BackendPin branches={trace.branches} />}
        {trace?.branches && !hidden && <BranchOutcomes branches={trace.branches} />}
      </div>
    </Section>
  );
}
