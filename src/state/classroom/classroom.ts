/** Share links, embed/presentation modes and guided lessons, over the app state. */
import type { AppState } from '../appState';
import { createClassroomStore, type ClassroomStore } from './classroomStore';
import { createLessonActions, type LessonActions } from './lessonActions';
import { createLessonStore, type LessonStore } from './lessonStore';
import { createShareActions, type ShareActions, type ViewerSettings } from './shareActions';

export interface Classroom {
  stores: { classroom: ClassroomStore; lesson: LessonStore };
  share: ShareActions;
  lessons: LessonActions;
  viewer: ViewerSettings;
}

export function createClassroom(app: AppState, viewer: ViewerSettings): Classroom {
  const classroom = createClassroomStore(app.stores.scenario.getState().presetName);
  const lesson = createLessonStore();
  const share = createShareActions(app, classroom, viewer, () => {
    const { id, step } = lesson.getState();
    return id ? { id, step } : undefined;
  });
  return {
    stores: { classroom, lesson },
    share,
    lessons: createLessonActions(app, share, lesson, viewer),
    viewer,
  };
}
