/**
 * The guided lessons shipped with the app: every `content/*.yaml`, bundled
 * as text by Vite and validated here. A broken lesson file is reported in
 * `LESSON_ERRORS` (and fails the lesson test), never thrown.
 */
import { loadLessons, type LessonError } from './load';
import type { Lesson } from './schema';

const files = import.meta.glob<string>('./content/*.yaml', { query: '?raw', import: 'default', eager: true });

/** Lesson files in order of their names (`01-…`, `02-…`). */
export const LESSON_FILES: readonly (readonly [string, string])[] = Object.entries(files)
  .map(([path, text]) => [path.replace(/^\.\/content\//, ''), text] as const)
  .sort(([a], [b]) => a.localeCompare(b));

const loaded = loadLessons(LESSON_FILES);

export const LESSONS: readonly Lesson[] = loaded.lessons;
export const LESSON_ERRORS: readonly LessonError[] = loaded.errors;

export function findLesson(id: string): Lesson | undefined {
  return LESSONS.find((l) => l.id === id);
}
