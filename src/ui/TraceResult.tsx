import { useTranslation } from 'react-i18next';
import type { Trace } from '../engine/index';
import { TraceStepList } from './TraceStepList';

/** A trace's verdict, reason and steps; the reply trace below it, the same way. */
export function TraceResult({ trace, isReply = false }: { trace: Trace; isReply?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={isReply ? 'border-l-4 border-slate-300 pl-4' : ''}>
      {isReply && <h3 className="text-xl font-semibold">{t('trace.reply')}</h3>}
      <p className="text-xl" data-testid={isReply ? 'reply-verdict' : 'verdict'} data-verdict={trace.verdict}>
        {t('trace.verdict')}: <strong>{t(`verdict.${trace.verdict}`)}</strong>
        {trace.reason && (
          <span className="ml-4 text-base">
            {t('trace.reason')}: {t(`reason.${trace.reason.code}`, { ...trace.reason.params, defaultValue: trace.reason.code })}{' '}
            <code className="text-slate-700">({trace.reason.code})</code>
          </span>
        )}
      </p>
      <TraceStepList steps={trace.steps} />
      {trace.reply && <TraceResult trace={trace.reply} isReply />}
    </div>
  );
}
