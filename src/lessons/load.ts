/**
 * Parses and validates lesson files. Errors name the file, the lesson id,
 * the step (1-based, as a teacher counts) and the field.
 */
import { parse } from 'yaml';
import { lessonSchema, type Lesson } from './schema';

export interface LessonError {
  file: string;
  lesson?: string;
  /** 1-based step number, when the problem is inside a step. */
  step?: number;
  /** Field path inside the lesson or step, e.g. `quiz.answer`. */
  field?: string;
  message: string;
}

export function formatLessonError(e: LessonError): string {
  const where = [e.file, e.lesson ? `lesson ${e.lesson}` : '', e.step ? `step ${e.step}` : '', e.field ?? ''].filter(Boolean).join(', ');
  return `${where}: ${e.message}`;
}

/** Parses one lesson file (YAML text). Never throws. */
export function parseLesson(text: string, file: string): { lesson: Lesson } | { errors: LessonError[] } {
  let data: unknown;
  try {
    data = parse(text);
  } catch (e) {
    return { errors: [{ file, message: `not valid YAML: ${(e as Error).message.split('\n')[0]}` }] };
  }
  const id = typeof data === 'object' && data !== null && typeof (data as { id?: unknown }).id === 'string' ? (data as { id: string }).id : undefined;
  const parsed = lessonSchema.safeParse(data);
  if (parsed.success) return { lesson: parsed.data };
  return {
    errors: parsed.error.issues.map((issue) => {
      const path = [...issue.path];
      let step: number | undefined;
      if (path[0] === 'steps' && typeof path[1] === 'number') {
        step = path[1] + 1;
        path.splice(0, 2);
      }
      return { file, ...(id ? { lesson: id } : {}), ...(step ? { step } : {}), ...(path.length ? { field: path.join('.') } : {}), message: issue.message };
    }),
  };
}

/** Parses every file; ids must be unique. Files are `[name, text]` pairs. */
export function loadLessons(files: readonly (readonly [string, string])[]): { lessons: Lesson[]; errors: LessonError[] } {
  const lessons: Lesson[] = [];
  const errors: LessonError[] = [];
  for (const [file, text] of files) {
    const r = parseLesson(text, file);
    if ('errors' in r) errors.push(...r.errors);
    else if (lessons.some((l) => l.id === r.lesson.id)) errors.push({ file, lesson: r.lesson.id, field: 'id', message: 'another lesson has this id' });
    else lessons.push(r.lesson);
  }
  return { lessons, errors };
}
