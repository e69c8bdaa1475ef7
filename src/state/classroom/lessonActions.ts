/**
 * Following a guided lesson: each step loads its scenario and flow in the
 * worker (through the share actions), then the player stands on the step the
 * lesson shows. In quiz mode a step with a quiz first stands one step before
 * and waits for the student's choice; a free flow asks about the next step
 * (`nextStepQuiz`). The score counts answered questions.
 */
import type { QuizKind } from '../../lessons/schema';
import type { AppState } from '../appState';
import { IDLE_LESSON, type LessonStore } from './lessonStore';
import { nextStepQuiz } from './nextStepQuiz';
import { previousPosition, visiblePositions } from '../trace/playback';
import type { ShareActions, ViewerSettings } from './shareActions';

export interface LessonActions {
  start(id: string): Promise<void>;
  /** Marks lesson `id` at `step` as followed, its view being already shown (a share link made during a lesson). */
  resume(id: string, step: number): Promise<void>;
  go(step: number): Promise<void>;
  next(): Promise<void>;
  previous(): Promise<void>;
  close(): void;
  setQuiz(on: boolean): void;
  /** The student's choice for the pending question (a lesson's, else the free flow's next step). */
  answer(choice: string): void;
  /** Shows the next step without scoring. */
  reveal(): void;
}

/** The lesson catalogue and its helpers (YAML and zod): a chunk fetched when a lesson is first followed, not in the first download (issue 18). */
const catalogue = () => import('../../lessons/index');

export function createLessonActions(app: AppState, share: ShareActions, lessons: LessonStore, viewer: ViewerSettings): LessonActions {
  async function go(step: number): Promise<void> {
    const { id, lesson } = lessons.getState();
    const { findStep, lessonFlow, lessonView, quizAnswer } = await catalogue();
    const view = lesson ? lessonFlow(lesson, step) : undefined;
    if (!lesson || !view) return;
    lessons.setState({ step, status: 'loading', error: undefined, pending: undefined, result: undefined });
    const shown = await share.openView(view);
    if (lessons.getState().id !== id || lessons.getState().step !== step) return;
    if ('error' in shown) return lessons.setState({ status: 'error', error: shown.error });
    const state = lessonView(lesson, step, shown.trace, { language: viewer.language(), theme: viewer.theme(), embed: false });
    if ('error' in state) return lessons.setState({ status: 'error', error: state.error });
    const detail = state.state.detail ?? 'summary';
    const quiz = lesson.steps[step]!.quiz;
    const found = findStep(shown.trace, lesson.steps[step]!.show);
    const answer = quiz && lessons.getState().quiz && !('error' in found) ? quizAnswer(quiz, shown.trace, found) : undefined;
    if (quiz && answer && 'answer' in answer) {
      const visible = visiblePositions(app.playback.items(), detail);
      share.seek(previousPosition(visible, state.state.step), detail);
      lessons.setState({ status: 'ready', pending: { question: quiz.question, kind: quiz.kind, choices: quiz.choices, answer: answer.answer, reveal: { position: state.state.step, detail } } });
      return;
    }
    share.seek(state.state.step, detail);
    lessons.setState({ status: 'ready' });
  }

  function score(choice: string | undefined, answer: string, kind: QuizKind): void {
    const s = lessons.getState();
    const scored = choice !== undefined;
    const correct = choice === answer;
    lessons.setState({ pending: undefined, result: { correct, answer, kind }, right: s.right + (scored && correct ? 1 : 0), asked: s.asked + (scored ? 1 : 0) });
  }

  function settle(choice: string | undefined): void {
    const { pending } = lessons.getState();
    if (pending) {
      share.seek(pending.reveal.position, pending.reveal.detail);
      return score(choice, pending.answer, pending.kind);
    }
    const { detail, position } = app.stores.playback.getState();
    const q = nextStepQuiz(app.playback.items(), detail, position);
    if (!q) return;
    app.playback.seek(q.reveal);
    score(choice, q.answer, q.kind);
  }

  return {
    async start(id) {
      const lesson = (await catalogue()).findLesson(id);
      if (!lesson) return;
      lessons.setState({ ...IDLE_LESSON, quiz: lessons.getState().quiz, id, lesson });
      await go(0);
    },
    async resume(id, step) {
      const lesson = (await catalogue()).findLesson(id);
      if (lesson && step < lesson.steps.length) lessons.setState({ ...IDLE_LESSON, quiz: lessons.getState().quiz, id, lesson, step, status: 'ready' });
    },
    go,
    next: () => go(lessons.getState().step + 1),
    previous: () => go(Math.max(0, lessons.getState().step - 1)),
    close: () => lessons.setState({ ...IDLE_LESSON, quiz: lessons.getState().quiz }),
    setQuiz: (on) => lessons.setState({ quiz: on, right: 0, asked: 0, pending: undefined, result: undefined }),
    answer: (choice) => settle(choice),
    reveal: () => settle(undefined),
  };
}
