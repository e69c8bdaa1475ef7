/**
 * The composition of the app's state: the feature stores and actions
 * (`createAppState`), the classroom over them, and every subscription that
 * makes one feature follow another. Cross-store subscriptions live here and
 * nowhere else, so what reacts to what can be read in one place.
 */
import type { EngineClient } from '../worker/client';
import { createAppState, type AppState, type AppStateOptions } from './appState';
import { createClassroom, type Classroom } from './classroom/classroom';
import type { ViewerSettings } from './classroom/shareActions';

/** Everything the page holds: the app state and the classroom (share, lessons, embed) over it. */
export interface App {
  state: AppState;
  classroom: Classroom;
}

function wire({ state, classroom }: App): void {
  const { stores } = state;
  // A new trace starts the player over; a new flow forgets the per-backend outcomes and is traced side by side too.
  stores.trace.subscribe((s, prev) => {
    if (s.trace !== prev.trace) state.playback.reset();
    if (s.request !== prev.request) state.branches.clear();
    if (s.request && s.request !== prev.request) void state.compare.traceThere(s.request);
  });
  // A long node state view is windowed around the lines the trace used and the selected object produced: ask it again when
  // they change. Not while a new trace is on its way (the old one cleared): its answer asks once, with its marks.
  stores.trace.subscribe((s, prev) => {
    if (s.status !== 'running' && (s.trace !== prev.trace || prev.status === 'running')) void state.actions.refreshNodeMarks();
  });
  stores.selection.subscribe((s, prev) => {
    if (s.owner !== prev.owner) void state.actions.refreshNodeMarks();
  });
  // Readiness, the runbook and IPAM are asked again when a scenario is compiled (a preset, an edit, an undo, an import), if shown.
  stores.scenario.subscribe((s, prev) => {
    if (s.status === 'ready' && (prev.status !== 'ready' || s.summary !== prev.summary)) state.insight.scenarioCompiled();
    if (s.status !== 'ready' && prev.status === 'ready') state.insight.waitForScenario();
  });
  // Another scenario: the selected object belonged to the old one.
  stores.scenario.subscribe((s, prev) => {
    if (s.presetName !== prev.presetName) stores.selection.setState({}, true);
  });
  // Whatever opened the scenario (the preset switcher, an edit, an import, a link): share links carry its source.
  stores.whatIf.subscribe((s, prev) => {
    if (s.base !== prev.base || s.changes !== prev.changes) classroom.share.setScenarioRef(state.whatIf.currentSource());
  });
  // A new trace from the flow picker ends a free-flow quiz question; the score stays.
  stores.trace.subscribe((s, prev) => {
    const lesson = classroom.stores.lesson;
    if (s.trace !== prev.trace && !lesson.getState().id) lesson.setState({ result: undefined });
  });
}

/** @param client the engine worker of the main scenario */
export function createApp(client: EngineClient, viewer: ViewerSettings, options: AppStateOptions = {}): App {
  const state = createAppState(client, options);
  const app = { state, classroom: createClassroom(state, viewer) };
  wire(app);
  return app;
}
