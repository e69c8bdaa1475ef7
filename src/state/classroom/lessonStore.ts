/** A guided lesson being followed, and the "predict the next step" quiz with its score. */
import { createStore } from 'zustand/vanilla';
import type { Lesson, LessonText, QuizKind } from '../../lessons/schema';

/** A lesson quiz waiting for the student: the question, the choices, the right one, and the step its answer reveals. */
export interface PendingQuiz {
  question: LessonText;
  /** What the question asks about, so the choices can be worded (a verdict, a component, a header field). */
  kind: QuizKind;
  choices: string[];
  answer: string;
  reveal: { position: number; detail: 'summary' | 'detailed' };
}

export interface LessonState {
  /** The lesson followed, or undefined. */
  id?: string;
  /** That lesson (the lesson catalogue is a chunk of its own, loaded when a lesson starts). */
  lesson?: Lesson;
  /** Its step (0-based). */
  step: number;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error?: string;
  /** Quiz mode: each step is predicted before it is revealed. */
  quiz: boolean;
  right: number;
  asked: number;
  /** A lesson step's quiz not answered yet (free flows derive theirs from the trace). */
  pending?: PendingQuiz;
  /** The last answer: right or not, and the right choice. */
  result?: { correct: boolean; answer: string; kind: QuizKind };
}

export const IDLE_LESSON: LessonState = { step: 0, status: 'idle', quiz: false, right: 0, asked: 0 };

export function createLessonStore() {
  return createStore<LessonState>()(() => IDLE_LESSON);
}

export type LessonStore = ReturnType<typeof createLessonStore>;
