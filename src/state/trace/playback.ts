/**
 * The steps a player walks through: the trace's steps, then its reply's,
 * each with the topology element it acts on. Pure functions over the trace;
 * the playback store keeps only a position into this list.
 */
import type { Step, Trace, TraceLocations } from '../../engine/index';
import { showsStep, type TraceDetail } from '../../traceViews/index';

export type Detail = TraceDetail;

export interface PlayItem {
  step: Step;
  /** `request` for the trace's own steps, `reply` for its reply's. */
  part: 'request' | 'reply';
  /** Index of the step within its part (its trace's `steps`). */
  index: number;
  /** The topology element the step acts on, or null. */
  location: string | null;
}

export function playItems(trace: Trace | undefined, locations?: TraceLocations): PlayItem[] {
  if (!trace) return [];
  const own = trace.steps.map((step, index): PlayItem => ({ step, part: 'request', index, location: locations?.steps[index] ?? null }));
  const reply = trace.reply?.steps.map((step, index): PlayItem => ({ step, part: 'reply', index, location: locations?.reply?.steps[index] ?? null })) ?? [];
  return [...own, ...reply];
}

/** Positions (into `items`) the view shows: every step in detail, `hop` steps in the summary. */
export function visiblePositions(items: PlayItem[], detail: Detail): number[] {
  return items.flatMap((item, i) => (showsStep(item.step, detail) ? [i] : []));
}

/** The visible position at or before `position` (the first visible one if none). */
export function snapToVisible(visible: number[], position: number): number {
  let best = visible[0] ?? 0;
  for (const p of visible) if (p <= position) best = p;
  return best;
}

export function nextPosition(visible: number[], position: number): number {
  return visible.find((p) => p > position) ?? position;
}

export function previousPosition(visible: number[], position: number): number {
  let prev = position;
  for (const p of visible) if (p < position) prev = p;
  return prev;
}
