/**
 * A large cluster's topology (over COLLAPSE_ABOVE_NODES nodes), drawn without
 * the diagram library: the nodes the flow passes and the nodes the user
 * opened as cards with their parts (the acting part marked as in the
 * diagram), the other nodes as small tiles narrowed by a search, and the
 * networks, gateway and hosts in a row. Everything drawn is bounded: parts
 * of a few nodes, at most MAX_TILES tiles (issue 18).
 */
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TopoElement, Topology } from '../../../engine/index';
import { useActions, useCurrentItem, useScenario, useTrace } from '../../../state/hooks';
import { machineClasses } from '../elementStyle';
import { NodeCard } from './NodeCard';
import { nodeTiles } from './tiles';

export function CollapsedTopology({ topology }: { topology: Topology }) {
  const { t } = useTranslation();
  const { openNode } = useActions();
  const traced = useTrace((s) => s.parts);
  const opened = useScenario((s) => s.opened);
  const active = useCurrentItem()?.location ?? null;
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);

  const cards = useMemo(() => {
    const seen = new Set<string>();
    return [...(traced ?? []), ...opened].filter((p) => !seen.has(p.node) && seen.add(p.node));
  }, [traced, opened]);
  const nodes = useMemo(() => topology.elements.filter((e) => e.role === 'node'), [topology]);
  const machines = useMemo(() => topology.elements.filter((e) => e.role === 'network' || e.role === 'gateway' || e.role === 'host'), [topology]);
  const byName = useMemo(() => new Map(nodes.map((n) => [n.machine, n])), [nodes]);
  const tiles = useMemo(() => nodeTiles(nodes, new Set(cards.map((c) => c.node)), deferred), [nodes, cards, deferred]);

  // The tiles do not follow the player: built again when the tiles change, not on every step (issue 18).
  const tileList = useMemo(
    () => (
      <ul className="flex flex-wrap gap-1" data-testid="node-tiles">
        {tiles.shown.map((n) => (
          <NodeTile key={n.id} node={n} open={openNode} />
        ))}
      </ul>
    ),
    [tiles, openNode],
  );

  return (
    <div className="flex h-full w-full flex-col gap-2 overflow-y-auto p-3" data-testid="topology" data-collapsed="true" role="figure" aria-label={t('topology.collapsed.label')}>
      <p className="text-base">{t('topology.collapsed.summary', { nodes: nodes.length })}</p>
      <section aria-label={t('topology.collapsed.onPath')} className="flex flex-wrap gap-3">
        {cards.length === 0 && <p className="text-base text-slate-700 dark:text-slate-300">{t('topology.collapsed.none')}</p>}
        {cards.map((c) => (
          <NodeCard key={c.node} node={byName.get(c.node)} parts={c} active={active} />
        ))}
      </section>
      <div className="flex flex-wrap gap-2" aria-label={t('topology.collapsed.machines')} role="group">
        {machines.map((m) => (
          <span key={m.id} data-element={m.id} data-active={active === m.id || undefined} className={`rounded-md border-2 px-2 py-1 font-mono text-base ${machineClasses({ element: m, active: active === m.id, visited: false, selected: false })}`} translate="no">
            {m.label} {m.detail && <span className="text-slate-700 dark:text-slate-300">{m.detail}</span>}
          </span>
        ))}
      </div>
      <section aria-labelledby="collapsed-others" className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h3 id="collapsed-others" className="text-lg font-semibold">
            {t('topology.collapsed.others')}
          </h3>
          <input
            type="search"
            className="rounded border border-slate-400 px-2 py-1 dark:bg-slate-800"
            placeholder={t('topology.collapsed.search')}
            aria-label={t('topology.collapsed.search')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            data-testid="node-search"
          />
          <span className="text-base text-slate-700 dark:text-slate-300">{t('topology.collapsed.shown', { shown: tiles.shown.length, count: tiles.matching })}</span>
        </div>
        {tileList}
        {tiles.matching > tiles.shown.length && <p className="text-base">{t('topology.collapsed.more', { count: tiles.matching - tiles.shown.length })}</p>}
      </section>
    </div>
  );
}

/** One node's tile; a component of its own, so React can yield between tiles while it draws a hundred of them. */
const NodeTile = memo(function NodeTile({ node, open }: { node: TopoElement; open: (machine: string) => Promise<void> }) {
  const { t } = useTranslation();
  return (
    <li>
      <button
        type="button"
        data-element={node.id}
        onClick={() => void open(node.machine)}
        aria-label={t('topology.collapsed.open', { name: node.label })}
        title={node.detail}
        className={`rounded border-2 px-1.5 font-mono text-sm ${machineClasses({ element: node, active: false, visited: false, selected: false })}`}
        translate="no"
      >
        {node.label}
      </button>
    </li>
  );
});
