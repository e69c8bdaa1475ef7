/**
 * "Predict the next step" on any flow: a question about the next visible
 * step, with choices taken from the trace itself. Pure over the play items.
 *
 * - `component`: which part acts next — the VFP layer on Windows, else the
 *   component (`routing`, `netfilter`, `vxlan`, …); the wrong choices are
 *   other parts this trace passes through.
 * - `changed`: which header field the next step changes (or `NOTHING`); the
 *   wrong choices are fields other steps of the trace change.
 * The kind alternates with the step's place in the list, so a class gets both.
 */
import type { Step } from '../../engine/index';
import { nextPosition, visiblePositions, type Detail, type PlayItem } from '../trace/playback';

/** The choice that stands for "no header changes". */
export const NOTHING = '—';

export interface NextStepQuiz {
  kind: 'component' | 'changed';
  /** The position the answer reveals. */
  reveal: number;
  choices: string[];
  answer: string;
}

const FILLERS = ['routing', 'netfilter', 'vfp', 'vxlan', 'link', 'conntrack'];
const MAX_CHOICES = 4;

/** The part a step's "who acts" question names: a VFP layer, else the component. */
export function actingPart(step: Step): string {
  return step.at.component === 'vfp' && step.at.layer ? step.at.layer : step.at.component;
}

function pick(answer: string, pool: readonly string[]): string[] {
  const others = [...new Set(pool)].filter((c) => c !== answer).slice(0, MAX_CHOICES - 1);
  return [answer, ...others].sort((a, b) => a.localeCompare(b));
}

/** The question for the step after `position`; undefined at the last visible step. */
export function nextStepQuiz(items: readonly PlayItem[], detail: Detail, position: number): NextStepQuiz | undefined {
  const visible = visiblePositions(items as PlayItem[], detail);
  const reveal = nextPosition(visible, position);
  if (reveal === position || !items[reveal]) return undefined;
  const step = items[reveal].step;
  const steps = visible.map((p) => items[p]!.step);
  const fields = steps.flatMap((s) => s.changed);
  const askChanged = visible.indexOf(reveal) % 2 === 1 && fields.length > 0;
  if (askChanged) {
    const answer = step.changed[0] ?? NOTHING;
    const pool = [...fields.filter((f) => !step.changed.includes(f)), NOTHING];
    return { kind: 'changed', reveal, answer, choices: pick(answer, pool) };
  }
  const answer = actingPart(step);
  const parts = steps.map(actingPart);
  // The parts nearest the step first, so the wrong choices are plausible.
  const byDistance = parts.map((p, i) => ({ p, d: Math.abs(i - visible.indexOf(reveal)) })).sort((a, b) => a.d - b.d).map((x) => x.p);
  return { kind: 'component', reveal, answer, choices: pick(answer, [...byDistance, ...FILLERS]) };
}
