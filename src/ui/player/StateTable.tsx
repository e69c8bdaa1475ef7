/**
 * Conntrack entries (Linux) and VFP unified-flow-cache entries (Windows) as
 * the trace creates and uses them: one row per conntrack/uft step up to the
 * current step, whatever the detail level (the entry on a line of its
 * own); the current one marked.
 */
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlayItems, usePlayback } from '../../state/hooks';
import { actionLabel } from '../../traceViews/stepText';

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
              <th>{t('trace.action')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ item, i }) => {
              const mark = i === position ? 'bg-yellow-100 dark:bg-yellow-900' : '';
              return (
                <Fragment key={i}>
                  <tr className={`align-top ${mark}`} aria-current={i === position ? 'step' : undefined}>
                    <td className="pr-2 font-mono whitespace-nowrap">{item.step.node}</td>
                    <td className="pr-2">{t(`stateTable.${item.step.at.component}`)}</td>
                    <td className="font-mono">{actionLabel(t, item.step)}</td>
                  </tr>
                  {/* The entry gets a row of its own: a flow or conntrack line is too long for a column. */}
                  <tr className={`border-b border-slate-200 dark:border-slate-700 ${mark}`}>
                    <td colSpan={3} className="pb-1 font-mono break-words" translate="no">
                      {item.step.rule?.text ?? ''}
                    </td>
                  </tr>
                </Fragment>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
