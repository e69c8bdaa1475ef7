/**
 * "Predict the next step": before the next step is revealed the student picks
 * from the choices; the app reveals it, says whether the choice was right and
 * keeps score. In a lesson the step's own quiz asks; on a free flow the
 * question comes from the trace (which part acts next, which header changes).
 * Choices and answers are worded in the page's language (`choiceLabel`).
 */
import { useTranslation } from 'react-i18next';
import { useClassroomApi, useLesson, usePlayItems } from '../../state/hooks';
import { choiceLabel } from './choiceLabel';
import { useOpenQuestion } from './useOpenQuestion';

export function QuizPanel({ large = false }: { large?: boolean }) {
  const { t, i18n } = useTranslation();
  const { lessons } = useClassroomApi();
  const { quiz, result, right, asked, id } = useLesson((s) => s);
  const items = usePlayItems();
  const open = useOpenQuestion();
  if (!quiz) return null;
  const language = i18n.resolvedLanguage === 'ru' ? 'ru' : 'en';
  const question = open && (open.text ? open.text[language] : t(`classroom.quiz.${open.kind}`));
  const text = large ? 'text-2xl' : 'text-lg';
  return (
    <section aria-labelledby="quiz-heading" className={`rounded-lg border-2 border-teal-700 bg-white px-3 py-2 dark:bg-slate-900 ${text}`} data-testid="quiz">
      <h3 id="quiz-heading" className="font-semibold">
        {t('classroom.quiz.heading')} · <span data-testid="quiz-score">{t('classroom.quiz.score', { right, asked })}</span>
      </h3>
      {result && (
        <p role="status" className={result.correct ? 'text-green-800 dark:text-green-300' : 'text-red-800 dark:text-red-300'} data-testid="quiz-result" data-correct={result.correct}>
          {t(result.correct ? 'classroom.quiz.correct' : 'classroom.quiz.wrong', { answer: choiceLabel(t, result.kind, result.answer) })}
        </p>
      )}
      {open && question && (
        <div role="group" aria-labelledby="quiz-question" className="mt-1 flex flex-col gap-2">
          <p id="quiz-question" data-testid="quiz-question">
            {question}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            {open.choices.map((c) => (
              <button key={c} type="button" onClick={() => lessons.answer(c)} className="rounded border border-slate-500 px-3 py-1 hover:bg-teal-100 dark:hover:bg-teal-900" data-testid="quiz-choice" data-choice={c}>
                {choiceLabel(t, open.kind, c)}
              </button>
            ))}
            <button type="button" onClick={lessons.reveal} className="ml-2 text-base underline">
              {t('classroom.quiz.reveal')}
            </button>
          </div>
        </div>
      )}
      {!open && !id && items.length > 0 && <p>{t('classroom.quiz.end')}</p>}
    </section>
  );
}
