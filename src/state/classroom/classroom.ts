/** Share links, embed/presentation modes and guided lessons, wired to the app state and the main engine client. */
import type { EngineClient } from '../../worker/client';
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
  /** A trace as text or Markdown (`npm run trace`'s formats), formatted in the worker with the given step sentences. */
  formatTrace: EngineClient['formatTrace'];
  /** The readiness runbook as Markdown, formatted in the worker with the given catalogue. */
  runbookMarkdown: EngineClient['runbookMarkdown'];
}

export function createClassroom(client: EngineClient, app: AppState, viewer: ViewerSettings): Classroom {
  const classroom = createClassroomStore(app.stores.scenario.getState().presetName);
  const lesson = createLessonStore();
  const share = createShareActions(app, classroom, viewer, () => {
    const { id, step } = lesson.getState();
    return id ? { id, step } : undefined;
  });
  // Whatever opened the scenario (the preset switcher, an edit, an import, a link): share links carry its source.
  app.stores.whatIf.subscribe((s, prev) => {
    if (s.base !== prev.base || s.changes !== prev.changes) share.setScenarioRef(app.whatIf.currentSource());
  });
  // A new trace from the flow picker ends a free-flow quiz question; the score stays.
  app.stores.trace.subscribe((s, prev) => {
    if (s.trace !== prev.trace && !lesson.getState().id) lesson.setState({ result: undefined });
  });
  return {
    stores: { classroom, lesson },
    share,
    lessons: createLessonActions(app, share, lesson, viewer),
    viewer,
    formatTrace: (...args) => client.formatTrace(...args),
    runbookMarkdown: (...args) => client.runbookMarkdown(...args),
  };
}
