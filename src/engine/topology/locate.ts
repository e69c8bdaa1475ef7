/**
 * Which topology element a trace step acts on: a lookup of the part id the
 * evaluator put on the step when it recorded it (`Step.part`; linux/parts.ts,
 * windows/parts.ts, the Fabric's stations), kept only where the topology
 * draws that part. No guessing from addresses or from earlier steps.
 */
import type { Step, Trace } from '../model/trace';
import type { Topology, TraceLocations } from './model';

/** The ids the topology draws, built once per trace. */
export type DrawnIds = ReadonlySet<string>;

function drawnIds(t: Topology): DrawnIds {
  return new Set(t.elements.map((e) => e.id));
}

/** The element a step acts on, or null when the step has no part or the topology does not draw it. */
export function locateStep(t: Topology, step: Step, drawn: DrawnIds = drawnIds(t)): string | null {
  return step.part !== undefined && drawn.has(step.part) ? step.part : null;
}

/** Locates every step of a trace and of its reply. */
export function locateTrace(t: Topology, trace: Trace, drawn: DrawnIds = drawnIds(t)): TraceLocations {
  const steps = trace.steps.map((s) => locateStep(t, s, drawn));
  return trace.reply ? { steps, reply: locateTrace(t, trace.reply, drawn) } : { steps };
}
