import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowRequest } from '../../engine/index';
import { useFamilyFlows } from '../../state/rows';
import { FAMILIES, type FamilyFlows } from '../../state/scenario/scenarioStore';
import { useScenario } from '../../state/hooks';

/**
 * The four flow families, one click each, started from the chosen client pod (a Windows pod by default): fills the
 * picker and traces. The worker picks the flows and lists the first client pods (issue 18).
 */
export function FamilyButtons({ onPick }: { onPick: (request: FlowRequest) => void }) {
  const { t } = useTranslation();
  const ready = useScenario((s) => s.status === 'ready');
  const [chosen, setChosen] = useState('');
  const answer = useFamilyFlows(chosen);
  // A hundred translated options: built again only when the list changes, not on every trace (issue 18).
  const options = useMemo(() => (answer?.clients ?? []).map((p) => <ClientOption key={p.ref} pod={p} />), [answer]);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label className="flex max-w-full min-w-0 items-center gap-2">
        <span className="font-semibold">{t('flow.startFrom')}</span>
        <select data-testid="family-from" value={answer?.from ?? ''} onChange={(e) => setChosen(e.target.value)} className="min-w-0 max-w-full rounded border border-slate-500 bg-white px-2 py-1 font-mono dark:bg-slate-800">
          {options}
        </select>
      </label>
      <div role="group" aria-label={t('flow.families')} className="flex flex-wrap gap-2">
        {FAMILIES.map((family) => {
          const request = answer?.flows[family];
          return (
            <button
              key={family}
              type="button"
              data-testid={`family-${family}`}
              disabled={!ready || !request}
              onClick={(event) => {
                // Hand the keyboard back to the page, so Space plays the new trace instead of clicking this again.
                event.currentTarget.blur();
                if (request) onPick(request);
              }}
              title={request ? `${request.src} → ${request.dst}${request.dport ? `:${request.dport}` : ''}` : undefined}
              className="rounded-full border-2 border-teal-800 px-4 py-1 font-semibold text-teal-900 hover:bg-teal-50 disabled:opacity-50 dark:border-teal-400 dark:text-teal-100 dark:hover:bg-teal-950"
            >
              {t(`flow.family.${family}`)}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** One client pod of the list; a component of its own, so React can yield between the hundred options it draws. */
const ClientOption = memo(function ClientOption({ pod }: { pod: FamilyFlows['clients'][number] }) {
  const { t } = useTranslation();
  return <option value={pod.ref}>{t('flow.clientPod', { pod: pod.ref, node: pod.node, os: t(`os.${pod.os}`) })}</option>;
});
