/**
 * "Trace every backend": a button where the datapath picked among several
 * backends at random, and the outcomes side by side, one row per backend:
 * verdict, where it was delivered, the source the receiver sees, the reply.
 */
import { useTranslation } from 'react-i18next';
import type { Branch } from '../../engine/index';
import { backendChoices } from '../../state/trace/branchStore';
import { useBranchActions, useBranches } from '../../state/hooks';

export function BranchOutcomes({ branches }: { branches: Branch[] }) {
  const { t } = useTranslation();
  const { status, outcomes } = useBranches((s) => s);
  const { traceEveryBackend } = useBranchActions();
  const choices = backendChoices(branches);
  if (choices.length < 2) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="branch-outcomes">
      <div>
        <button type="button" className="rounded border-2 border-teal-800 px-4 py-1 font-semibold text-teal-900 disabled:opacity-50 dark:border-teal-400 dark:text-teal-100" disabled={status === 'running'} onClick={() => void traceEveryBackend()} data-testid="trace-every-backend">
          {t('branches.traceAll', { count: choices.length })}
        </button>
        {status === 'running' && <span className="ml-3">{t('trace.running')}</span>}
      </div>
      {outcomes.length > 0 && (
        <table className="w-full text-left text-lg">
          <caption className="text-left font-semibold">{t('branches.heading')}</caption>
          <thead>
            <tr className="border-b border-slate-400">
              <th className="pr-4">{t('flow.backend')}</th>
              <th className="pr-4">{t('trace.verdict')}</th>
              <th className="pr-4">{t('branches.deliveredTo')}</th>
              <th className="pr-4">{t('branches.seenSource')}</th>
              <th>{t('trace.reply')}</th>
            </tr>
          </thead>
          <tbody>
            {outcomes.map(({ backend, trace, error }) => (
              <tr key={backend} className="border-b border-slate-200 dark:border-slate-700" data-testid="branch-outcome">
                <td className="pr-4 font-mono">{backend}</td>
                <td className="pr-4 font-semibold">{trace ? t(`verdict.${trace.verdict}`) : error}</td>
                <td className="pr-4 font-mono">{trace?.delivered ? `${trace.delivered.pod ?? trace.delivered.node} ${trace.delivered.ip}${trace.delivered.port ? `:${trace.delivered.port}` : ''}` : (trace?.reason?.code ?? '—')}</td>
                <td className="pr-4 font-mono">{trace?.delivered ? `${trace.delivered.seenSrcIp}${trace.delivered.seenSrcPort ? `:${trace.delivered.seenSrcPort}` : ''}` : '—'}</td>
                <td>{trace?.reply ? t(`verdict.${trace.reply.verdict}`) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
