/**
 * The lesson being followed and the quiz, at the top of the side panel: under
 * the topology they took half of a 1366×768 screen and left the topology a
 * thumbnail (issue 15). Nothing when no lesson or quiz is on.
 */
import { useLesson } from '../../state/hooks';
import { LessonDock } from '../lesson/LessonDock';
import { QuizPanel } from '../lesson/QuizPanel';

export function LessonSide() {
  const on = useLesson((s) => s.id !== undefined || s.quiz);
  if (!on) return null;
  return (
    <div className="flex flex-col gap-2 border-b border-slate-300 pb-3 dark:border-slate-700" data-testid="lesson-side">
      <LessonDock />
      <QuizPanel />
    </div>
  );
}
