/**
 * The event list, like a packet tracer's: one row per visible step (node,
 * where, action, what happened); the current row marked and kept in view;
 * clicking a row goes there. Rows whose rule the selected object produced
 * are marked too. The reply's rows follow under their own heading.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlayItems, usePlayback, usePlaybackActions, useRelatedOwners } from '../../state/hooks';
import { isProducedBy } from '../../state/ownerRelation';
import { visiblePositions, type PlayItem } from '../../state/playback';
import { explainText, whereText } from '../stepText';

/** Keeps the row visible inside the list's own scroll box (below its sticky header), without scrolling the page. */
function scrollWithin(row: HTMLElement) {
  const box = row.closest<HTMLElement>('[data-scroll-box]');
  if (!box) return;
  const r = row.getBoundingClientRect();
  const b = box.getBoundingClientRect();
  const head = box.querySelector('thead')?.getBoundingClientRect().height ?? 0;
  if (r.top < b.top + head) box.scrollTop -= b.top + head - r.top;
  else if (r.bottom > b.bottom) box.scrollTop += r.bottom - b.bottom;
}

function Row({ item, position, current, related, onSelect }: { item: PlayItem; position: number; current: boolean; related: boolean; onSelect: (p: number) => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    if (current && ref.current) scrollWithin(ref.current);
  }, [current]);
  return (
    <tr
      ref={ref}
      aria-current={current ? 'step' : undefined}
      data-testid="event-row"
      data-related={related || undefined}
      className={`cursor-pointer border-b border-slate-200 align-top dark:border-slate-700 ${related ? 'border-l-8 border-l-teal-600' : ''} ${current ? 'bg-yellow-100 dark:bg-yellow-900' : related ? 'bg-teal-100 dark:bg-teal-900' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`}
      onClick={() => onSelect(position)}
    >
      <td className="px-2 py-1 text-slate-700 dark:text-slate-300">
        <button type="button" className="underline-offset-2 hover:underline" onClick={() => onSelect(position)} aria-label={t('events.goto', { index: position + 1 })}>
          {position + 1}
        </button>
      </td>
      <td className="px-2 py-1 font-mono whitespace-nowrap">{item.step.node ?? ''}</td>
      <td className="px-2 py-1 font-mono">{whereText(item.step)}</td>
      <td className="px-2 py-1 font-mono">{item.step.action}</td>
      <td className="px-2 py-1">{explainText(t, item.step)}</td>
    </tr>
  );
}

export function EventList() {
  const { t } = useTranslation();
  const items = usePlayItems();
  const position = usePlayback((s) => s.position);
  const detail = usePlayback((s) => s.detail);
  const related = useRelatedOwners();
  const { seek } = usePlaybackActions();
  if (items.length === 0) return null;
  const visible = visiblePositions(items, detail);
  const firstReply = visible.find((p) => items[p]!.part === 'reply');
  return (
    <div data-scroll-box className="max-h-[26rem] overflow-auto rounded border border-slate-300 dark:border-slate-600" tabIndex={0} aria-label={t('events.heading')}>
      <table className="w-full text-left" data-testid="event-list">
        <caption className="sr-only">{t('events.heading')}</caption>
        <thead className="sticky top-0 bg-slate-100 dark:bg-slate-800">
          <tr>
            <th className="px-2 py-1">#</th>
            <th className="px-2 py-1">{t('trace.node')}</th>
            <th className="px-2 py-1">{t('events.where')}</th>
            <th className="px-2 py-1">{t('trace.action')}</th>
            <th className="px-2 py-1">{t('trace.explain')}</th>
          </tr>
        </thead>
        <tbody>
          {visible.map((p) => (
            <RowWithHeading key={p} showReply={p === firstReply}>
              <Row item={items[p]!} position={p} current={p === position} related={isProducedBy(related, items[p]!.step.rule?.owner)} onSelect={seek} />
            </RowWithHeading>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RowWithHeading({ showReply, children }: { showReply: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {showReply && (
        <tr>
          <th colSpan={5} scope="rowgroup" className="bg-slate-200 px-2 py-1 text-left dark:bg-slate-700">
            {t('trace.reply')}
          </th>
        </tr>
      )}
      {children}
    </>
  );
}
