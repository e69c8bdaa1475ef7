/**
 * Conntrack entries (Linux) and VFP unified-flow-cache entries (Windows) as
 * the trace creates and uses them: one row per conntrack/uft step up to the
 * current step, whatever the detail level; the current one marked.
 */
import { useTranslation } from 'react-i18next';
import { usePlayItems, usePlayback } from '../../state/hooks';

const COMPONENTS = ['conntrack', 'uft'];

export function StateTable() {
  const { t } = useTranslation();
  const items = usePlayItems();
  const position = usePlayback((s) => s.position);
  const rows = items.map((item, i) => ({ item, i })).filter(({ item, i }) => i <= position && COMPONENTS.includes(item.step.at.component));
  return (
    <div data-testid="state-table">
      <h3 className="mb-1 text-lg font-semibold">{t('stateTable.heading')}</h3>
      {rows.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{t('stateTable.empty')}</p>
      ) : (
        <table className="w-full text-left text-base">
          <thead>
            <tr className="border-b border-slate-300">
              <th className="pr-2">{t('trace.node')}</th>
              <th className="pr-2">{t('stateTable.table')}</th>
              <th className="pr-2">{t('trace.action')}</th>
              <th>{t('stateTable.entry')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ item, i }) => (
              <tr key={i} className={`border-b border-slate-200 align-top dark:border-slate-700 ${i === position ? 'bg-yellow-100 dark:bg-yellow-900' : ''}`} aria-current={i === position ? 'step' : undefined}>
                <td className="pr-2 font-mono whitespace-nowrap">{item.step.node}</td>
                <td className="pr-2">{t(`stateTable.${item.step.at.component}`)}</td>
                <td className="pr-2 font-mono">{item.step.action}</td>
                <td className="font-mono break-all">{item.step.rule?.text ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
