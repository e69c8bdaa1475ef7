/**
 * The verdict of the trace (and its reply) over the topology. A verdict
 * other than delivered says what it means (the real system refuses, with the
 * limitation and its source; or the simulator does not model it; or the name
 * does not resolve), why, and the specific fix. Hidden while a quiz question
 * is open, since it would give the answer away.
 */
import { useTranslation } from 'react-i18next';
import type { Trace } from '../../engine/index';
import { useAnswerHidden } from '../lesson/useOpenQuestion';
import { limitationSource, verdictKind } from './verdictKinds';

export function VerdictBanner({ trace }: { trace: Trace }) {
  const { t } = useTranslation();
  const hidden = useAnswerHidden();
  if (hidden) {
    return (
      <div role="status" className="border-b-2 border-slate-400 bg-slate-100 px-3 py-1.5 text-lg dark:bg-slate-800" data-testid="verdict-hidden">
        {t('workspace.answerHidden')}
      </div>
    );
  }
  const kind = verdictKind(trace);
  const ok = kind === 'delivered';
  const reply = trace.reply;
  const reason = trace.reason;
  const source = limitationSource(reason?.code);
  const colour = ok ? 'border-emerald-700 bg-emerald-50 dark:bg-emerald-950' : kind === 'not-modelled' ? 'border-slate-600 bg-slate-100 dark:bg-slate-800' : 'border-red-700 bg-red-50 dark:bg-red-950';
  return (
    <div role="status" className={`max-h-[40%] shrink-0 overflow-y-auto border-b-2 px-3 py-1.5 ${colour}`} data-testid="verdict-banner" data-kind={kind}>
      <p className="text-lg" data-testid="verdict" data-verdict={trace.verdict} data-kind={kind}>
        {t('trace.verdict')}: <strong>{kind === 'delivered' || kind === 'fails' ? t(`verdict.${trace.verdict}`) : t(`verdictKind.${kind}`)}</strong>
        {trace.delivered && (
          <span className="ml-3 font-mono text-base">
            {t('flow.seen', { src: trace.delivered.seenSrcIp, dst: trace.delivered.ip + (trace.delivered.port ? `:${trace.delivered.port}` : '') })}
          </span>
        )}
        {reply && (
          <span className="ml-3 text-base" data-testid="reply-verdict" data-verdict={reply.verdict}>
            {t('trace.reply')}: <strong>{t(`verdict.${reply.verdict}`)}</strong>
          </span>
        )}
      </p>
      {reason && (
        <div className="text-base" data-testid="verdict-reason">
          <p>
            {t('trace.reason')}: {t(`reason.${reason.code}`, { ...reason.params, defaultValue: reason.code })} <code className="text-sm">({reason.code})</code>
          </p>
          {source && (
            <p data-testid="limitation-source">
              {t('limitSource.label')}: {t(`limitSource.${source}`)}
            </p>
          )}
          <p data-testid="verdict-advice">
            <strong>{t('flow.whatToDo')}:</strong> {t(`advice.${reason.code}`, { ...reason.params, defaultValue: t('advice.default') })}
          </p>
        </div>
      )}
      {trace.warnings?.map((w) => (
        <p key={w.code} className="mt-1 rounded border-l-8 border-amber-600 bg-amber-100 px-3 py-0.5 text-base text-amber-950" data-testid="trace-warning" data-code={w.code}>
          <strong>{t('trace.warning')}:</strong> {t(`reason.${w.code}`, { ...w.params, defaultValue: w.code })} <code className="text-sm">({w.code})</code>{' '}
          <span>{t(`advice.${w.code}`, { ...w.params, defaultValue: '' })}</span>
        </p>
      ))}
    </div>
  );
}
