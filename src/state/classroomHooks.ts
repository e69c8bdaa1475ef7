/** React bindings for the classroom stores (share, embed, presentation, lessons). */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { Classroom } from './classroom/classroom';
import type { ClassroomState } from './classroom/classroomStore';
import type { LessonState } from './classroom/lessonStore';

export const ClassroomContext = createContext<Classroom | null>(null);

export function useClassroomApi(): Classroom {
  const c = useContext(ClassroomContext);
  if (!c) throw new Error('ClassroomContext is not provided');
  return c;
}

export function useClassroom<T>(selector: (state: ClassroomState) => T): T {
  return useStore(useClassroomApi().stores.classroom, selector);
}

export function useLesson<T>(selector: (state: LessonState) => T): T {
  return useStore(useClassroomApi().stores.lesson, selector);
}
