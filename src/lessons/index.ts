/** Guided lessons as data: the format, the shipped lessons, and pure helpers over a Trace. */
export { LESSONS, LESSON_ERRORS, LESSON_FILES, findLesson } from './catalog';
export { parseLesson, loadLessons, formatLessonError, type LessonError } from './load';
export { lessonSchema, lessonStepSchema, quizSchema, selectorSchema, QUIZ_KINDS, type Lesson, type LessonStep, type LessonText, type Quiz, type QuizKind, type StepSelector } from './schema';
export { findStep, type FoundStep } from './select';
export { quizAnswer, headerField } from './quiz';
export { verifyLessonStep, addressesIn } from './verify';
export { lessonFlow, lessonView } from './view';
