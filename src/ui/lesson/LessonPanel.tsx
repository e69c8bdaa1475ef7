/**
 * Guided lessons: pick a lesson, then step through it; each step loads its
 * scenario and flow in the worker, stands on the step it explains, and shows
 * the step's sentence in the current language. The quiz switch turns on
 * "predict the next step" for lessons and free flows alike.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LESSONS, findLesson } from '../../lessons/index';
import { useClassroomApi, useLesson } from '../../state/classroomHooks';
import { QuizPanel } from './QuizPanel';

const button = 'rounded border border-slate-500 bg-white px-3 py-1 text-lg font-semibold hover:bg-slate-100 disabled:opacity-50 dark:bg-slate-800 dark:hover:bg-slate-700';

export function LessonPanel() {
  const { t, i18n } = useTranslation();
  const { lessons } = useClassroomApi();
  const { id, step, status, error, quiz, pending } = useLesson((s) => s);
  const [choice, setChoice] = useState(LESSONS[0]?.id ?? '');
  const language = i18n.resolvedLanguage === 'ru' ? 'ru' : 'en';
  const lesson = id ? findLesson(id) : undefined;
  const current = lesson?.steps[step];
  const last = lesson ? step >= lesson.steps.length - 1 : true;
  return (
    <section aria-labelledby="lesson-heading" className="rounded-lg border border-slate-300 bg-white p-3 shadow-sm dark:border-slate-600 dark:bg-slate-900" data-testid="lessons">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="lesson-heading" className="text-2xl font-semibold">
          {t('classroom.lesson.heading')}
        </h2>
        <label className="flex items-center gap-2 text-lg">
          <span>{t('classroom.lesson.pick')}</span>
          <select value={choice} onChange={(e) => setChoice(e.target.value)} className="rounded border border-slate-500 bg-white px-2 py-1 dark:bg-slate-800" data-testid="lesson-pick">
            {LESSONS.map((l) => (
              <option key={l.id} value={l.id}>
                {l.title[language]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className={button} onClick={() => void lessons.start(choice)} data-testid="lesson-start">
          {t('classroom.lesson.start')}
        </button>
        <label className="flex items-center gap-2 text-lg">
          <input type="checkbox" checked={quiz} onChange={(e) => lessons.setQuiz(e.target.checked)} data-testid="quiz-toggle" />
          {t('classroom.quiz.toggle')}
        </label>
      </div>
      {lesson && current && (
        <div className="mt-3 flex flex-col gap-2" data-testid="lesson" data-lesson={lesson.id} data-step={step}>
          <h3 className="text-xl font-semibold">{lesson.title[language]}</h3>
          {lesson.section && <p className="text-base text-slate-700 dark:text-slate-300">{t('classroom.lesson.section', { section: lesson.section })}</p>}
          <p className="text-base text-slate-700 dark:text-slate-300">{lesson.summary[language]}</p>
          <div className="flex flex-wrap items-center gap-2">
            <button type="button" className={button} disabled={step === 0 || status === 'loading'} onClick={() => void lessons.previous()} data-testid="lesson-previous">
              ◀ {t('classroom.lesson.previous')}
            </button>
            <button type="button" className={button} disabled={last || status === 'loading'} onClick={() => void lessons.next()} data-testid="lesson-next">
              {t('classroom.lesson.next')} ▶
            </button>
            <span className="text-lg" data-testid="lesson-position">
              {t('classroom.lesson.position', { index: step + 1, count: lesson.steps.length })}
            </span>
            <button type="button" className={`${button} ml-auto`} onClick={lessons.close}>
              {t('classroom.lesson.close')}
            </button>
          </div>
          <p className="text-2xl leading-snug" aria-live="polite" data-testid="lesson-text" lang={language}>
            {status === 'loading' ? t('classroom.lesson.loading') : pending ? `${t('classroom.quiz.heading')}…` : current.text[language]}
          </p>
          {status === 'error' && (
            <p role="alert" className="text-lg text-red-800 dark:text-red-300">
              {t('classroom.lesson.error', { message: error })}
            </p>
          )}
          {last && status === 'ready' && <p className="text-lg font-semibold" data-testid="lesson-finished">{t('classroom.lesson.finished')}</p>}
        </div>
      )}
      <div className="mt-3">
        <QuizPanel />
      </div>
    </section>
  );
}
