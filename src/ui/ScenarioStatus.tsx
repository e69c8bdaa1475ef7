import { useTranslation } from 'react-i18next';
import { useScenario } from '../state/hooks';
import { DiagnosticList } from './DiagnosticList';
import { ErrorMessage } from './ErrorMessage';

/** Loading/compiling progress, load errors and the scenario's diagnostics. */
export function ScenarioStatus() {
  const { t } = useTranslation();
  const status = useScenario((s) => s.status);
  const error = useScenario((s) => s.error);
  const diagnostics = useScenario((s) => s.diagnostics);
  if (status === 'ready' && diagnostics.length === 0) return null;
  return (
    <div className="flex flex-col gap-2" aria-live="polite">
      {status === 'loading' && <p>{t('status.loading')}</p>}
      {status === 'compiling' && <p>{t('status.compiling')}</p>}
      {status === 'error' && <ErrorMessage text={error ? t('errors.engine', { message: error }) : t('errors.noScenario')} />}
      <DiagnosticList diagnostics={diagnostics} />
    </div>
  );
}
