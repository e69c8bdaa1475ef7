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
  const restart = useScenario((s) => s.engineRestart);
  const progress = useScenario((s) => s.progress);
  if (status === 'ready' && diagnostics.length === 0 && !restart) return null;
  return (
    <div className="flex flex-col gap-2" aria-live="polite">
      {restart && (
        <p role="alert" className="rounded border border-amber-700 bg-amber-50 p-2 text-amber-950 dark:bg-amber-950 dark:text-amber-50" data-testid="engine-restarted">
          {t(restart.restarted ? 'errors.engineRestarted' : 'errors.engineStopped', { message: restart.message })}
        </p>
      )}
      {status === 'loading' && <p>{t('status.loading')}</p>}
      {status === 'compiling' && (
        <p data-testid="compile-progress">{progress ? t('status.compileStage', { stage: t(`status.stage.${progress.stage}`), step: progress.done + 1, total: progress.total }) : t('status.compiling')}</p>
      )}
      {status === 'error' && <ErrorMessage text={error ? t('errors.engine', { message: error }) : t('errors.noScenario')} />}
      <DiagnosticList diagnostics={diagnostics} />
    </div>
  );
}
