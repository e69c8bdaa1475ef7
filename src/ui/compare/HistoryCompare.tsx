/**
 * Compare any two points of the what-if history (issue 15 point 7): the
 * scenario shown moves to the "to" point (several undos or redos at once) and
 * side by side opens the "from" point, so the step differences below list
 * what changed between them, not only what the last change did.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BEFORE_EDIT } from '../../state/compare/compareStore';
import { useCompareActions, useTrace, useWhatIf, useWhatIfActions } from '../../state/hooks';
import { historyOf } from '../../state/whatIf/whatIfStore';
import { Field, inputClass, secondaryButton } from '../edit/controls';

export function HistoryCompare({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  const points = useWhatIf((s) => historyOf(s).length);
  const current = useWhatIf((s) => s.changes.length);
  const request = useTrace((s) => s.request);
  const whatIf = useWhatIfActions();
  const compare = useCompareActions();
  const [from, setFrom] = useState<number>();
  const [to, setTo] = useState<number>();
  if (points === 0) return null;
  const fromPoint = Math.min(from ?? Math.max(0, current - 1), points);
  const toPoint = Math.min(to ?? current, points);
  const label = (p: number) => (p === 0 ? t('whatIf.history.base') : t('whatIf.history.point', { n: p })) + (p === current ? ` ${t('whatIf.history.shown')}` : '');
  const select = (value: number, onChange: (v: number) => void, testId: string, text: string) => (
    <Field label={text}>
      <select className={inputClass} value={value} onChange={(e) => onChange(Number(e.target.value))} data-testid={testId}>
        {Array.from({ length: points + 1 }, (_, p) => (
          <option key={p} value={p}>
            {label(p)}
          </option>
        ))}
      </select>
    </Field>
  );
  const run = async () => {
    if (!(await whatIf.goTo(toPoint))) return;
    await compare.open(whatIf.pointSource(fromPoint), BEFORE_EDIT);
  };
  return (
    <div className="flex flex-wrap items-end gap-2" role="group" aria-label={t('whatIf.history.heading')} data-testid="history-compare">
      {select(fromPoint, setFrom, 'history-from', t('whatIf.history.from'))}
      {select(toPoint, setTo, 'history-to', t('whatIf.history.to'))}
      <button type="button" className={secondaryButton} disabled={!request || busy || fromPoint === toPoint} onClick={() => void run()} data-testid="history-compare-run">
        {t('whatIf.history.compare')}
      </button>
    </div>
  );
}
