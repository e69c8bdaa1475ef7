import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRows } from '../state/rows';
import { OwnerLink } from './inspector/OwnerLink';
import { RowSearch } from './RowSearch';
import { Section } from './Section';

/**
 * The scenario's pods: namespace/name (a toggle that selects the Pod and marks the rules it produced), node, pod IP
 * (or host network); the first rows matching the search (asked from the worker).
 */
export function PodTable() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const page = useRows('pods', query);
  const pods = page?.rows ?? [];
  return (
    <Section id="pods-heading" title={t('pods.heading')}>
      <RowSearch value={query} onChange={setQuery} shown={pods.length} total={page?.total} testId="pod-table-search" />
      <table className="w-full text-left" data-testid="pods">
        <thead>
          <tr className="border-b border-slate-300">
            <th className="py-1 pr-4">{t('pods.name')}</th>
            <th className="py-1 pr-4">{t('pods.node')}</th>
            <th className="py-1">{t('pods.ip')}</th>
          </tr>
        </thead>
        <tbody>
          {pods.map((pod) => (
            <tr key={`${pod.namespace}/${pod.name}`} className="border-b border-slate-100">
              <td className="py-1 pr-4 font-mono">
                <OwnerLink owner={{ kind: 'Pod', namespace: pod.namespace, name: pod.name }} bare />
              </td>
              <td className="py-1 pr-4 font-mono">{pod.node}</td>
              <td className="py-1 font-mono">
                {pod.ip ?? t('pods.noIp')}
                {pod.hostNetwork && <span className="ml-2 font-sans text-slate-700 dark:text-slate-300">({t('pods.hostNetwork')})</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}
