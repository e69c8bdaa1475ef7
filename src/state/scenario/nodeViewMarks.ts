/**
 * The marks a node's state views are asked with (worker/api.ts `ViewMarks`):
 * the lines the trace used on the node, and those the selected object (with
 * its related EndpointSlice or Service) produced. The worker windows a long
 * view around them, so they are asked again when the trace or the selection
 * changes (`marksKey` tells whether they did).
 */
import type { ObjectRef, Trace } from '../../engine/index';
import { usedLines } from '../../traceViews/viewMarks';
import type { ScenarioSummary, ViewMarks } from '../../worker/api';
import { isProducedBy, relatedOwners } from './ownerRelation';

export function viewMarksOf(trace: Trace | undefined, node: string, summary: Pick<ScenarioSummary, 'endpointSlices'> | null, owner: ObjectRef | undefined): ViewMarks {
  const related = relatedOwners(summary, owner);
  return { used: usedLines(trace, node), produced: usedLines(trace, node, (step) => isProducedBy(related, step.rule?.owner)) };
}

/** Equal for marks that mark the same lines. */
export function marksKey({ used, produced }: ViewMarks): string {
  const sorted = (set: ReadonlySet<string>) => [...set].sort();
  return JSON.stringify([sorted(used.ids), sorted(used.texts), sorted(produced.ids), sorted(produced.texts)]);
}
