import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActions, useLiveNodeState, useNodeState, useRelatedOwners, useScenario, useTrace } from '../state/hooks';
import { isProducedBy } from '../state/scenario/ownerRelation';
import type { NodeRow } from '../state/scenario/scenarioStore';
import { ErrorMessage } from './ErrorMessage';
import { markedRuns, usedCount, usedLines } from '../traceViews/viewMarks';
import type { NodeViewPage, ViewPart } from '../state/scenario/nodeStateStore';
import { RowSearch } from './RowSearch';
import { Section } from './Section';
import { ROWS_SHOWN, useRows } from '../state/rows';

const NO_NODES: NodeRow[] = [];

/** Above a page of nodes, the picker offers the nodes matching the search (asked from the worker), the node shown first. */
function NodeOptions({ query, node }: { query: string; node: string | undefined }) {
  const rows = useRows('nodes', query)?.rows ?? [];
  const names = node ? [node, ...rows.map((r) => r.name).filter((n) => n !== node)] : rows.map((r) => r.name);
  return names.map((name) => (
    <option key={name} value={name}>
      {name}
    </option>
  ));
}

/** A stretch of a view's lines: each used line marked, the unused ones between as one text. */
function MarkedLines({ part }: { part: Extract<ViewPart, { kind: 'lines' }> }) {
  return markedRuns(part.lines).map((run, i) =>
    run.used ? (
      <mark key={i} data-used data-produced={run.produced || undefined} className={`block bg-yellow-300 text-slate-950 ${run.produced ? 'border-l-8 border-teal-600 pl-1' : ''}`}>
        {run.text}
      </mark>
    ) : (
      // A run's last empty line would take no height: a space keeps it a line.
      <span key={i} className="block">
        {run.text === '' || run.text.endsWith('\n') ? `${run.text} ` : run.text}
      </span>
    ),
  );
}

/** Lines of a long view the worker did not send (issue 18): how many, and a button for the next page of them. */
function ViewGap({ view, gap, onShow }: { view: NodeViewPage; gap: Extract<ViewPart, { kind: 'gap' }>; onShow: () => void }) {
  const { t } = useTranslation();
  return (
    <span className="my-1 flex flex-wrap items-center gap-3 font-sans text-sm text-slate-300" data-testid="view-gap">
      <span>{t('nodeState.gap', { from: gap.from + 1, to: gap.from + gap.count, total: view.lineCount })}</span>
      <button type="button" onClick={onShow} className="rounded border border-slate-400 px-2 py-0.5 text-slate-50 hover:bg-slate-700">
        {t('nodeState.showMore')}
      </button>
    </span>
  );
}

/** A node picker and that node's state as the real tools print it (`ip route`, …), the lines the current trace used highlighted. */
export function NodeStatePanel() {
  const { t } = useTranslation();
  const nodes = useScenario((s) => s.summary?.nodes ?? NO_NODES);
  const { views, status, error } = useNodeState((s) => s);
  // The picker's value is live (a controlled select); the views follow in the background.
  const node = useLiveNodeState((s) => s.node);
  const trace = useTrace((s) => s.trace);
  const used = useMemo(() => usedLines(trace, node ?? ''), [trace, node]);
  const related = useRelatedOwners();
  const produced = useMemo(() => usedLines(trace, node ?? '', (step) => isProducedBy(related, step.rule?.owner)), [trace, node, related]);
  const { selectNode, showViewLines } = useActions();
  const many = nodes.length > ROWS_SHOWN;
  const [query, setQuery] = useState('');
  // The views as the worker marked them: drawn again when they change, not when the player steps (issue 18).
  const drawn = useMemo(
    () => (
      <div className="grid gap-4 2xl:grid-cols-2">
        {views.map((view) => (
          // Off screen (below the fold while a trace plays), a view's thousands of lines are not laid out: content-visibility skips them (issue 18).
          <div key={view.id} className="min-w-0 [contain-intrinsic-size:auto_32rem] [content-visibility:auto]" data-testid={`view-${view.id}`}>
            <h3 className="mb-1 font-mono text-lg font-semibold">{view.title}</h3>
            {view.notes?.map((n) => (
              <p key={n.key} className="mb-1 text-sm" data-testid="view-note">
                {t(n.key, n.params)}
              </p>
            ))}
            <pre tabIndex={0} className="max-h-[28rem] overflow-auto rounded bg-slate-900 p-3 text-base text-slate-50">
              {view.parts.map((part) => (part.kind === 'lines' ? <MarkedLines key={part.from} part={part} /> : <ViewGap key={part.from} view={view} gap={part} onShow={() => void showViewLines(view.id, part.from)} />))}
            </pre>
          </div>
        ))}
      </div>
    ),
    [views, showViewLines, t],
  );
  return (
    <Section id="node-state-heading" title={t('nodeState.heading')}>
      <div className="mb-3 flex flex-wrap items-center gap-4">
        <label className="flex items-center gap-2">
          <span>{t('nodeState.select')}</span>
          <select
            data-testid="node-select"
            value={node ?? ''}
            onChange={(event) => void selectNode(event.target.value)}
            className="rounded border border-slate-400 bg-white px-2 py-1 font-mono dark:bg-slate-800"
          >
            {many ? (
              <NodeOptions query={query} node={node} />
            ) : (
              nodes.map((n) => (
                <option key={n.name} value={n.name}>
                  {n.name}
                </option>
              ))
            )}
          </select>
        </label>
        {many && <RowSearch value={query} onChange={setQuery} shown={0} testId="node-select-search" />}
        {usedCount(used) > 0 && <span className="rounded bg-yellow-300 px-2 text-slate-950">{t('nodeState.usedLegend')}</span>}
        {usedCount(produced) > 0 && <span className="rounded border-l-8 border-teal-600 bg-teal-100 px-2 text-slate-950">{t('nodeState.producedLegend', { object: related.map((o) => `${o.kind} ${o.name}`).join(', ') })}</span>}
      </div>
      {status === 'loading' && <p>{t('nodeState.loading')}</p>}
      {status === 'error' && error && <ErrorMessage text={t('errors.engine', { message: error })} />}
      {status === 'ready' && views.length === 0 && <p>{t('nodeState.empty')}</p>}
      {drawn}
    </Section>
  );
}
