/**
 * "Trace before and after this step" (issue 17): applies the step's change as
 * what-if edits (edit/runbookEdits.ts), then opens side by side with the scenario
 * as it was before them, so the current flow shows what the step changes for a
 * packet, beside the `ip route` lines. Undo takes the scenario back.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunbookStep } from '../../engine/index';
import { EDITABLE_TEXT_LIMIT } from '../../edit/editableModel';
import { runbookEdits } from '../../edit/runbookEdits';
import { BEFORE_EDIT } from '../../state/compare/compareStore';
import { useCompareActions, useEditableModel, useScenario, useTrace, useWhatIf, useWhatIfActions } from '../../state/hooks';
import { secondaryButton } from '../edit/controls';

export function RunbookTraceLink({ step }: { step: RunbookStep }) {
  const { t } = useTranslation();
  const textLength = useScenario((s) => s.textLength);
  const ready = useScenario((s) => s.status === 'ready');
  const request = useTrace((s) => s.request);
  const applying = useWhatIf((s) => s.status === 'applying');
  const whatIf = useWhatIfActions();
  const compare = useCompareActions();
  const [failed, setFailed] = useState(false);
  const model = useEditableModel(textLength !== undefined && textLength > EDITABLE_TEXT_LIMIT);
  const edits = useMemo(() => (model ? runbookEdits(step, model) : []), [step, model]);
  if (edits.length === 0) return null;

  const run = async () => {
    const from = whatIf.currentSource();
    for (const e of edits) {
      if (!(await whatIf.edit(e))) {
        setFailed(true);
        return;
      }
    }
    setFailed(false);
    await compare.open(from, BEFORE_EDIT);
  };
  return (
    <div className="flex flex-col gap-1">
      <button type="button" className={`${secondaryButton} self-start`} disabled={!request || !ready || applying} onClick={() => void run()} data-testid="runbook-trace" aria-describedby={`runbook-trace-${step.id}`}>
        {t('runbook.trace.button')}
      </button>
      <p id={`runbook-trace-${step.id}`} className="text-sm">
        {request ? t('runbook.trace.hint') : t('runbook.trace.needFlow')}
      </p>
      {failed && <p role="alert">{t('runbook.trace.failed')}</p>}
    </div>
  );
}
