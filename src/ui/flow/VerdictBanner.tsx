/** The verdict of the trace (and its reply); a verdict other than delivered says why and what to do about it. */
import { useTranslation } from 'react-i18next';
import type { Trace } from '../../engine/index';

function reasonText(t: ReturnType<typeof useTranslation>['t'], trace: Trace): string | undefined {
  if (!trace.reason) return undefined;
  return t(`reason.${trace.reason.code}`, { ...trace.reason.params, defaultValue: trace.reason.code });
}

export function VerdictBanner({ trace }: { trace: Trace }) {
  const { t } = useTranslation();
  const ok = trace.verdict === 'delivered';
  const reply = trace.reply;
  return (
    <div role="status" className={`rounded-lg border-2 px-4 py-2 ${ok ? 'border-emerald-700 bg-emerald-50 dark:bg-emerald-950' : 'border-red-700 bg-red-50 dark:bg-red-950'}`}>
      <p className="text-xl" data-testid="verdict" data-verdict={trace.verdict}>
        {t('trace.verdict')}: <strong>{t(`verdict.${trace.verdict}`)}</strong>
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
      {trace.reason && (
        <div className="mt-1 text-lg" data-testid="verdict-reason">
          <p>
            {t('trace.reason')}: {reasonText(t, trace)} <code className="text-base">({trace.reason.code})</code>
          </p>
          <p>
            <strong>{t('flow.whatToDo')}:</strong> {t(`advice.${trace.reason.code}`, { ...trace.reason.params, defaultValue: t('advice.default') })}
          </p>
        </div>
      )}
      {trace.warnings?.map((w) => (
        <p key={w.code} className="mt-2 rounded border-l-8 border-amber-600 bg-amber-100 px-3 py-1 text-lg text-amber-950" data-testid="trace-warning" data-code={w.code}>
          <strong>{t('trace.warning')}:</strong> {t(`reason.${w.code}`, { ...w.params, defaultValue: w.code })} <code className="text-base">({w.code})</code>
        </p>
      ))}
    </div>
  );
}
