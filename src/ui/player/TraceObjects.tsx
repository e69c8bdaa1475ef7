/**
 * The Kubernetes and Calico objects behind this trace's rules (Pods,
 * Services, EndpointSlices, IP pools), one toggle each: selecting one marks
 * the steps it produced in the event list, on the topology and in the node
 * state; selecting it again clears the selection.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrace } from '../../state/hooks';
import { traceOwners } from '../../state/scenario/ownerRelation';
import { OwnerLink, objectName } from '../inspector/OwnerLink';

export function TraceObjects() {
  const { t } = useTranslation();
  const trace = useTrace((s) => s.trace);
  const owners = useMemo(() => traceOwners(trace), [trace]);
  if (owners.length === 0) return null;
  return (
    <div role="group" aria-label={t('objects.heading')} className="flex flex-wrap items-center gap-2" data-testid="trace-objects">
      <span className="font-semibold">{t('objects.heading')}:</span>
      {owners.map(({ owner, steps }) => (
        <OwnerLink key={objectName(owner)} owner={owner} steps={steps} bare />
      ))}
    </div>
  );
}
