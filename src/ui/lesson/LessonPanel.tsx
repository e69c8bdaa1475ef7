/**
 * Guided lessons, in the workspace's lessons drawer: pick a lesson and start
 * it; the quiz switch turns on "predict the next step" for lessons and free
 * flows alike. The lesson being followed is shown docked under the topology
 * (`LessonDock`).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LESSONS } from '../../lessons/index';
import { useClassroomApi, useLesson } from '../../state/hooks';
import { useDrawer } from '../workspace/drawerStore';
import { lessonButton } from './lessonButton';


export function LessonPanel() {
  const { t, i18n } = useTranslation();
  const { lessons } = useClassroomApi();
  const quiz = useLesson((s) => s.quiz);
  const closeDrawer = useDrawer((s) => s.close);
  const [choice, setChoice] = useState(LESSONS[0]?.id ?? '');
  const language = i18n.resolvedLanguage === 'ru' ? 'ru' : 'en';
  const start = () => {
    // The lesson gets the room: its sentence and quiz are docked under the topology.
    closeDrawer();
    void lessons.start(choice);
  };
  return (
    <section aria-labelledby="lesson-heading" className="flex flex-col gap-3" data-testid="lessons">
      <h2 id="lesson-heading" className="text-2xl font-semibold">
        {t('classroom.lesson.heading')}
      </h2>
      <label className="flex flex-col gap-1 text-lg">
        <span>{t('classroom.lesson.pick')}</span>
        <select value={choice} onChange={(e) => setChoice(e.target.value)} className="rounded border border-slate-500 bg-white px-2 py-1 dark:bg-slate-800" data-testid="lesson-pick">
          {LESSONS.map((l) => (
            <option key={l.id} value={l.id}>
              {l.title[language]}
            </option>
          ))}
        </select>
      </label>
      <p className="text-base text-slate-700 dark:text-slate-300">{LESSONS.find((l) => l.id === choice)?.summary[language]}</p>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={lessonButton} onClick={start} data-testid="lesson-start">
          {t('classroom.lesson.start')}
        </button>
        <label className="flex items-center gap-2 text-lg">
          <input type="checkbox" checked={quiz} onChange={(e) => lessons.setQuiz(e.target.checked)} data-testid="quiz-toggle" />
          {t('classroom.quiz.toggle')}
        </label>
      </div>
    </section>
  );
}
