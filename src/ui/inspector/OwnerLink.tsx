/** The Kubernetes/Calico object behind a rule, as a toggle that selects it (the topology and the event list then mark what it produced). */
import { useTranslation } from 'react-i18next';
import type { ObjectRef } from '../../engine/index';
import { useSelection, useSelectionStore } from '../../state/hooks';
import { sameObject } from '../../state/scenario/selectionStore';

export function objectName(o: ObjectRef): string {
  return `${o.kind} ${o.namespace ? `${o.namespace}/` : ''}${o.name}`;
}

/** `steps`: how many steps of the trace the object's rules made (shown when given); `bare`: without the "Object:" label (in a list of objects). */
export function OwnerLink({ owner, steps, bare }: { owner: ObjectRef; steps?: number; bare?: boolean }) {
  const { t } = useTranslation();
  const selected = useSelection((s) => sameObject(s.owner, owner));
  const store = useSelectionStore();
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={() => store.setState(selected ? {} : { owner }, true)}
      className="rounded border border-teal-700 px-2 py-0.5 font-mono text-teal-900 underline aria-pressed:bg-teal-800 aria-pressed:text-white dark:text-teal-200"
      data-testid="owner-link"
      title={t('inspector.ownerHint')}
    >
      {!bare && `${t('inspector.owner')}: `}
      {/* Kind and name are an identifier (as kubectl prints them), not prose to translate. */}
      <span translate="no">{objectName(owner)}</span>
      {steps !== undefined && <span className="ml-2 font-sans no-underline">({t('objects.steps', { count: steps })})</span>}
    </button>
  );
}
