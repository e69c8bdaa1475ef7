import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRows } from '../state/rows';
import { RowSearch } from './RowSearch';
import { Section } from './Section';

/** The scenario's nodes: name, OS, InternalIP; the first rows matching the search (asked from the worker). */
export function NodeTable() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const page = useRows('nodes', query);
  const nodes = page?.rows ?? [];
  return (
    <Section id="nodes-heading" title={t('nodes.heading')}>
      <RowSearch value={query} onChange={setQuery} shown={nodes.length} total={page?.total} testId="node-table-search" />
      <table className="w-full text-left" data-testid="nodes">
        <thead>
          <tr className="border-b border-slate-300">
            <th className="py-1 pr-4">{t('nodes.name')}</th>
            <th className="py-1 pr-4">{t('nodes.os')}</th>
            <th className="py-1 pr-4">{t('nodes.ip')}</th>
            <th className="py-1">{t('nodes.image')}</th>
          </tr>
        </thead>
        <tbody>
          {nodes.map((node) => (
            <tr key={node.name} className="border-b border-slate-100">
              <td className="py-1 pr-4 font-mono whitespace-nowrap">{node.name}</td>
              <td className="py-1 pr-4">{t(`os.${node.os}`)}</td>
              <td className="py-1 pr-4 font-mono whitespace-nowrap">{node.internalIP}</td>
              <td className="py-1 text-slate-700 dark:text-slate-300">{node.osImage ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}
