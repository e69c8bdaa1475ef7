/** Share links, embed/presentation modes and guided lessons, wired to the app state and the main engine client. */
import type { EngineClient } from '../worker/client';
import type { AppState } from './appState';
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
  /** Loads the preset list (before a share link is opened instead of the default preset). */
  loadPresets(): Promise<void>;
}

export function createClassroom(client: EngineClient, app: AppState, viewer: ViewerSettings): Classroom {
  const classroom = createClassroomStore(app.stores.scenario.getState().presetName);
  const lesson = createLessonStore();
  const share = createShareActions(client, app, classroom, viewer, () => {
    const { id, step } = lesson.getState();
    return id ? { id, step } : undefined;
  });
  // A what-if edit or an import changes the scenario: share links carry the edited text, else the preset.
  app.stores.whatIf.subscribe((s, prev) => {
    if (s.text !== prev.text) share.setScenarioRef(s.text !== undefined ? { yaml: s.text } : { preset: s.preset });
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
    async loadPresets() {
      const presets = await client.listPresets();
      if (presets.kind === 'ok') app.stores.scenario.setState({ presets: presets.value });
    },
  };
}
