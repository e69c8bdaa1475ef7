/**
 * The "predict the next step" question open right now, if any: a lesson
 * step's pending quiz, or on a free flow the question about the next step.
 * While it is open the views that would give the answer away (verdict,
 * future event rows, every backend's outcome, side by side's verdicts) hide it.
 */
import { useLesson, usePlayback, usePlayItems } from '../../state/hooks';
import { nextStepQuiz } from '../../state/classroom/nextStepQuiz';
import type { QuizKind } from '../../lessons/schema';

export interface OpenQuestion {
  /** The lesson's question text, or undefined for a free flow's (which the catalogue words by `kind`). */
  text?: { en: string; ru: string };
  kind: QuizKind;
  choices: string[];
}

export function useOpenQuestion(): OpenQuestion | undefined {
  const quiz = useLesson((s) => s.quiz);
  const pending = useLesson((s) => s.pending);
  const lessonId = useLesson((s) => s.id);
  const items = usePlayItems();
  const detail = usePlayback((s) => s.detail);
  const position = usePlayback((s) => s.position);
  if (!quiz) return undefined;
  if (pending) return { text: pending.question, kind: pending.kind, choices: pending.choices };
  if (lessonId || items.length === 0) return undefined;
  const free = nextStepQuiz(items, detail, position);
  return free && { kind: free.kind, choices: free.choices };
}

/** True while a question is open: views hide what would answer it. */
export function useAnswerHidden(): boolean {
  return useOpenQuestion() !== undefined;
}
