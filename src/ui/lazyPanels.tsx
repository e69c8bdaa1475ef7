/**
 * Panels the first view does not show, each in a chunk of its own that the
 * page fetches when the panel first renders (issue 18: the first download
 * holds the topology, the trace form and the player, not the editor,
 * import, lessons, presentation or readiness).
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';

function panel<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}

export const WhatIfPanel = panel(() => import('./edit/WhatIfPanel'), 'WhatIfPanel');
export const ReadinessPanel = panel(() => import('./readiness/ReadinessPanel'), 'ReadinessPanel');
export const IpamPanel = panel(() => import('./ipam/IpamPanel'), 'IpamPanel');
export const LessonPanel = panel(() => import('./lesson/LessonPanel'), 'LessonPanel');
export const ImportPanel = panel(() => import('./import/ImportPanel'), 'ImportPanel');
export const PresentView = panel(() => import('./present/PresentView'), 'PresentView');
export const EmbedView = panel(() => import('./share/EmbedView'), 'EmbedView');
export const ComparePanel = panel(() => import('./compare/ComparePanel'), 'ComparePanel');

/**
 * The topology diagram (@xyflow/react and d3): a chunk fetched when the first
 * scenario has compiled in the worker, which takes longer than the fetch.
 */
export const TopologyView = lazy(async () => ({ default: (await import('./topology/TopologyView')).TopologyView }));

/** Renders a lazy panel; nothing while its chunk loads (a fraction of a second). */
export function Lazy({ of: Panel }: { of: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={null}>
      <Panel />
    </Suspense>
  );
}
