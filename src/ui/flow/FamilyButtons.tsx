import { useTranslation } from 'react-i18next';
import type { FlowRequest } from '../../engine/index';
import { useScenario } from '../../state/hooks';
import { FAMILIES, familyFlow } from './families';

/** The four flow families, one click each: fills the picker and traces. */
export function FamilyButtons({ onPick }: { onPick: (request: FlowRequest) => void }) {
  const { t } = useTranslation();
  const places = useScenario((s) => s.places);
  const ready = useScenario((s) => s.status === 'ready');
  return (
    <div role="group" aria-label={t('flow.families')} className="flex flex-wrap gap-2">
      {FAMILIES.map((family) => {
        const request = places ? familyFlow(places, family) : undefined;
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
            title={request ? `${request.src} → ${request.dst}` : undefined}
            className="rounded-full border-2 border-teal-800 px-4 py-1 font-semibold text-teal-900 hover:bg-teal-50 disabled:opacity-50 dark:border-teal-400 dark:text-teal-100 dark:hover:bg-teal-950"
          >
            {t(`flow.family.${family}`)}
          </button>
        );
      })}
    </div>
  );
}
