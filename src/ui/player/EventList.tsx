/**
 * The event list, like a packet tracer's: one row per visible step (node,
 * where, action, then what happened), numbered as the player counts them;
 * the current row marked and kept in view; clicking a row goes there. Rows
 * whose rule the selected object produced are marked too. The reply's rows
 * follow under their own heading. While a quiz question is open the rows
 * after the current step are not shown: they would give the answer away.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlayItems, usePlayback, usePlaybackActions, useRelatedOwners } from '../../state/hooks';
import { isProducedBy } from '../../state/scenario/ownerRelation';
import { visiblePositions, type PlayItem } from '../../state/trace/playback';
import { useAnswerHidden } from '../lesson/useOpenQuestion';
import { actionLabel, explainText, whereLabel } from '../../traceViews/stepText';

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

function Row({ item, position, number, current, related, onSelect }: { item: PlayItem; position: number; number: number; current: boolean; related: boolean; onSelect: (p: number) => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    if (!current) return;
    // In the next frame, with the layout it does anyway: measured here, it forced a layout of the page inside the task
    // that drew a new trace (issue 18).
    const frame = requestAnimationFrame(() => ref.current && scrollWithin(ref.current));
    return () => cancelAnimationFrame(frame);
  }, [current]);
  return (
    <tr
      ref={ref}
      aria-current={current ? 'step' : undefined}
      data-testid="event-row"
      data-position={position}
      data-related={related || undefined}
      className={`cursor-pointer border-b border-slate-200 align-top dark:border-slate-700 ${related ? 'border-l-8 border-l-teal-600' : ''} ${current ? 'bg-yellow-100 dark:bg-yellow-900' : related ? 'bg-teal-100 dark:bg-teal-900' : 'hover:bg-slate-100 dark:hover:bg-slate-800'} ${item.part === 'reply' ? 'text-violet-950 dark:text-violet-100' : ''}`}
      onClick={() => onSelect(position)}
    >
      <td className="px-2 py-1 text-slate-700 dark:text-slate-300">
        <button type="button" className="underline-offset-2 hover:underline" onClick={() => onSelect(position)} aria-label={t('events.goto', { index: number })}>
          {number}
        </button>
      </td>
      <td className="px-2 py-1">
        <span className="block font-mono break-words">
          <strong translate="no">{item.step.node ?? ''}</strong> · {whereLabel(t, item.step)} · {actionLabel(t, item.step)}
        </span>
        <span className="block">{explainText(t, item.step)}</span>
      </td>
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
  const hideAhead = useAnswerHidden();
  if (items.length === 0) return null;
  const all = visiblePositions(items, detail);
  const visible = hideAhead ? all.filter((p) => p <= position) : all;
  const firstReply = visible.find((p) => items[p]!.part === 'reply');
  return (
    <div data-scroll-box className="h-[38%] shrink-0 overflow-auto border-t-2 border-slate-300 dark:border-slate-600" tabIndex={0} aria-label={t('events.heading')}>
      <table className="w-full text-left" data-testid="event-list">
        <caption className="sr-only">{t('events.heading')}</caption>
        <thead className="sticky top-0 bg-slate-100 dark:bg-slate-800">
          <tr>
            <th className="px-2 py-1">#</th>
            <th className="px-2 py-1">
              {t('trace.node')} · {t('events.where')} · {t('trace.action')} — {t('trace.explain')}
            </th>
          </tr>
        </thead>
        <tbody>
          {visible.map((p) => (
            <RowWithHeading key={p} showReply={p === firstReply}>
              <Row item={items[p]!} position={p} number={all.indexOf(p) + 1} current={p === position} related={isProducedBy(related, items[p]!.step.rule?.owner)} onSelect={seek} />
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
          <th colSpan={2} scope="rowgroup" className="bg-slate-200 px-2 py-1 text-left dark:bg-slate-700">
            {t('trace.reply')}
          </th>
        </tr>
      )}
      {children}
    </>
  );
}
