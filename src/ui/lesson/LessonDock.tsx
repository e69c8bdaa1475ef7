/** The lesson being followed (in the side panel, LessonSide): its title, position, back/next, and the step's sentence. */
import { useTranslation } from 'react-i18next';
import { useClassroomApi, useLesson } from '../../state/hooks';
import { lessonButton } from './lessonButton';

export function LessonDock() {
  const { t, i18n } = useTranslation();
  const { lessons } = useClassroomApi();
  const { lesson, step, status, error, pending } = useLesson((s) => s);
  const language = i18n.resolvedLanguage === 'ru' ? 'ru' : 'en';
  const current = lesson?.steps[step];
  if (!lesson || !current) return null;
  const last = step >= lesson.steps.length - 1;
  return (
    <div className="flex flex-col gap-1" data-testid="lesson" data-lesson={lesson.id} data-step={step}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-lg font-semibold">
          {lesson.title[language]}
          {lesson.section && <span className="ml-2 text-base font-normal text-slate-700 dark:text-slate-300">{t('classroom.lesson.section', { section: lesson.section })}</span>}
        </h3>
        <span className="ml-auto text-lg" data-testid="lesson-position">
          {t('classroom.lesson.position', { index: step + 1, count: lesson.steps.length })}
        </span>
        <button type="button" className={lessonButton} disabled={step === 0 || status === 'loading'} onClick={() => void lessons.previous()} data-testid="lesson-previous">
          ◀ {t('classroom.lesson.previous')}
        </button>
        <button type="button" className={lessonButton} disabled={last || status === 'loading'} onClick={() => void lessons.next()} data-testid="lesson-next">
          {t('classroom.lesson.next')} ▶
        </button>
        <button type="button" className={lessonButton} onClick={lessons.close}>
          {t('classroom.lesson.close')}
        </button>
      </div>
      <p className="text-xl leading-snug" aria-live="polite" data-testid="lesson-text" lang={language}>
        {status === 'loading' ? t('classroom.lesson.loading') : pending ? `${t('classroom.quiz.heading')}…` : current.text[language]}
      </p>
      {status === 'error' && (
        <p role="alert" className="text-lg text-red-800 dark:text-red-300">
          {t('classroom.lesson.error', { message: error })}
        </p>
      )}
      {last && status === 'ready' && (
        <p className="text-lg font-semibold" data-testid="lesson-finished">
          {t('classroom.lesson.finished')}
        </p>
      )}
    </div>
  );
}
