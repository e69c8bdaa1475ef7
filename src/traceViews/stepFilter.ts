/**
 * Every view of a trace is a filter of the one list of steps, as ovn-trace's
 * summary and detailed outputs are of one trace: the summary keeps the hops
 * (where the packet moves or is decided), the detailed view every chain jump.
 */
import type { Step, Trace } from '../engine/model/trace';

export type TraceDetail = 'summary' | 'detailed';

export function showsStep(step: Step, detail: TraceDetail): boolean {
  return detail === 'detailed' || step.level === 'hop';
}

export function visibleSteps(trace: Trace, detail: TraceDetail): Step[] {
  return trace.steps.filter((s) => showsStep(s, detail));
}
