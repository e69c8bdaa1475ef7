/** Where kube-proxy (or a VFP load balancer) picked a backend at random: which one was taken, and a choice to pin another. */
import { useTranslation } from 'react-i18next';
import type { Branch } from '../../engine/index';
import { useActions, useLiveTrace } from '../../state/hooks';

export function BackendPin({ branches }: { branches: Branch[] }) {
  const { t } = useTranslation();
  const request = useLiveTrace((s) => s.request);
  const { runTrace } = useActions();
  if (branches.length === 0 || !request) return null;
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="branches">
      {branches.map((b) => (
        <label key={b.at} className="flex max-w-full min-w-0 items-center gap-2">
          <span>{t('flow.backend')}</span>
          <select
            className="min-w-0 max-w-full rounded border border-slate-500 bg-white px-2 py-1 font-mono dark:bg-slate-800"
            value={request.backend ?? ''}
            disabled={b.choices.length < 2}
            onChange={(e) => void runTrace({ ...request, backend: e.target.value || undefined })}
            data-testid="backend-pin"
          >
            <option value="">{t('flow.backendRandom', { taken: b.choices[b.taken] })}</option>
            {b.choices.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          <span className="text-base text-slate-700 dark:text-slate-300">{t('flow.branchCount', { count: b.choices.length })}</span>
        </label>
      ))}
    </div>
  );
}
