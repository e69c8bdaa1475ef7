/**
 * What the app shows for a lesson step, as a `ShareState`: the step's
 * scenario, flow and side-by-side scenario, the playback position of the
 * shown step (detailed view when it is a detail step) and the lesson
 * position. Pure: the caller traces `lessonFlow(...)` in the worker first.
 */
import type { Trace } from '../engine/index';
import type { ShareState } from '../share/shareState';
import type { Lesson } from './schema';
import { findStep } from './select';

/** The scenario, flow and compared scenario of a lesson step (what to send to the worker). */
export function lessonFlow(lesson: Lesson, step: number): Pick<ShareState, 'scenario' | 'flow' | 'compare'> | undefined {
  const s = lesson.steps[step];
  if (!s) return undefined;
  return { scenario: s.scenario, flow: s.flow, ...(s.compare ? { compare: s.compare } : {}) };
}

/**
 * The full view state of lesson step `step` (0-based), given its trace and
 * the viewer's language, theme and embed flag. An error when the step does
 * not exist or its selector finds nothing in `trace`.
 */
export function lessonView(lesson: Lesson, step: number, trace: Trace, viewer: Pick<ShareState, 'language' | 'theme' | 'embed'>): { state: ShareState } | { error: string } {
  const flow = lessonFlow(lesson, step);
  if (!flow) return { error: `lesson ${lesson.id} has no step ${step + 1}` };
  const found = findStep(trace, lesson.steps[step]!.show);
  if ('error' in found) return { error: `lesson ${lesson.id}, step ${step + 1}: ${found.error}` };
  return {
    state: {
      ...flow,
      step: found.position,
      detail: found.step.level === 'detail' ? 'detailed' : 'summary',
      ...viewer,
      lesson: { id: lesson.id, step },
    },
  };
}
