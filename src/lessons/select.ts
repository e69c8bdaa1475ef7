/**
 * Finds the step a lesson step shows, by a stable match on the trace (not by
 * index), so lessons survive small engine changes. Pure over a `Trace`.
 */
import type { Step, Trace } from '../engine/index';
import type { StepSelector } from './schema';

export interface FoundStep {
  part: 'request' | 'reply';
  /** Index within its part's `steps`. */
  index: number;
  /** Playback position: request steps first, then the reply's (as `state/playback` lists them). */
  position: number;
  step: Step;
}

const MATCH_FIELDS = ['node', 'component', 'layer', 'table', 'chain', 'action', 'key'] as const;

function fieldOf(step: Step, f: (typeof MATCH_FIELDS)[number]): string | undefined {
  if (f === 'node') return step.node;
  if (f === 'action') return step.action;
  if (f === 'key') return step.explain.key;
  return step.at[f];
}

/**
 * The step `selector` names in `trace`. No selector → the first step of the
 * trace. An error says what was looked for and how many steps matched.
 */
export function findStep(trace: Trace, selector: StepSelector | undefined): FoundStep | { error: string } {
  const part = selector?.in ?? 'request';
  const t = part === 'reply' ? trace.reply : trace;
  if (!t) return { error: 'the trace has no reply' };
  const offset = part === 'reply' ? trace.steps.length : 0;
  const at = (index: number): FoundStep => ({ part, index, position: offset + index, step: t.steps[index]! });
  if (!selector) return t.steps.length ? at(0) : { error: 'the trace has no steps' };
  if (selector.hop !== undefined) {
    const hops = t.steps.flatMap((s, i) => (s.level === 'hop' ? [i] : []));
    const i = hops[selector.hop - 1];
    return i === undefined ? { error: `hop ${selector.hop} asked for, the ${part} has ${hops.length} hop steps` } : at(i);
  }
  const wanted = MATCH_FIELDS.filter((f) => selector[f] !== undefined);
  const matches = t.steps.flatMap((s, i) => (wanted.every((f) => fieldOf(s, f) === selector[f]) ? [i] : []));
  const n = selector.nth ?? 1;
  const i = matches[n - 1];
  if (i === undefined) {
    const what = wanted.map((f) => `${f}=${selector[f]}`).join(' ');
    return { error: `no step ${what}${n > 1 ? ` (match ${n})` : ''} in the ${part}; ${matches.length} match` };
  }
  return at(i);
}
