/**
 * Share links as actions over the stores: `snapshot()` reads the view
 * (scenario reference, flow, step, detail, side by side, language, theme)
 * as a `ShareState`; `open(state)` restores it — the scenario is loaded and
 * compiled in the worker, the flow traced there, then the player jumps to
 * the step. `openView` is the part lessons reuse.
 */
import type { FlowRequest, Trace } from '../../engine/index';
import { sameSource, type ScenarioSource } from '../../share/scenarioSource';
import type { ShareState } from '../../share/shareState';
import { draftKey } from '../whatIf/drafts';
import type { AppState } from '../appState';
import type { ClassroomStore } from './classroomStore';
import { visiblePositions, snapToVisible, type Detail } from '../trace/playback';

/** The viewer's settings the share state carries, read and set by the composition root (i18next, the theme store). */
export interface ViewerSettings {
  language(): 'en' | 'ru';
  setLanguage(language: 'en' | 'ru'): void;
  theme(): 'light' | 'dark' | 'auto';
  setTheme(theme: 'light' | 'dark' | 'auto'): void;
}

/** What to show: a scenario, a flow in it, and optionally a second scenario side by side. */
export type ViewRequest = Pick<ShareState, 'scenario' | 'flow' | 'compare'>;

export interface ShareActions {
  /** The current view as a share state; undefined before a flow is traced. */
  snapshot(): ShareState | undefined;
  /** Restores a shared view. Problems land in the classroom store's `notice`; false when the view could not be shown. */
  open(state: ShareState): Promise<boolean>;
  /** Loads the scenario (unless it is already the current one), sets side by side and traces the flow; the trace, or an error text. */
  openView(view: ViewRequest): Promise<{ trace: Trace } | { error: string; code: 'scenario' | 'trace' }>;
  /** Moves the player to `position` in `detail` view. */
  seek(position: number, detail: Detail): void;
  /** Tells the share links the main scenario now stands for `ref` (e.g. after an edit). */
  setScenarioRef(ref: ScenarioSource): void;
}

/**
 * @param lesson the lesson being followed (its id and step), so a link made during a lesson reopens it
 */
export function createShareActions(app: AppState, classroom: ClassroomStore, viewer: ViewerSettings, lesson: () => ShareState['lesson'] = () => undefined): ShareActions {
  const { scenario, trace, compare, playback } = app.stores;
  const compareRef = (): ScenarioSource | undefined => compare.getState().source;

  /** Opens the link's scenario (unless it is already the one shown); the user's draft of the scenario shown stays stored. */
  async function loadScenario(ref: ScenarioSource): Promise<string | undefined> {
    const s = scenario.getState();
    if (sameSource(classroom.getState().scenarioRef, ref) && s.status === 'ready') return undefined;
    const opened = await app.whatIf.openBase(ref);
    if (!opened.ok) return opened.error ?? scenario.getState().error ?? 'stale';
    classroom.setState({ scenarioRef: ref });
    return undefined;
  }

  async function setCompare(ref: ScenarioSource | undefined): Promise<void> {
    if (sameSource(compareRef(), ref)) return;
    if (!ref) return app.compare.close();
    return app.compare.open(ref);
  }

  async function openView(view: ViewRequest): Promise<{ trace: Trace } | { error: string; code: 'scenario' | 'trace' }> {
    const error = await loadScenario(view.scenario);
    if (error) return { error, code: 'scenario' };
    const current = trace.getState();
    if (!(current.status === 'done' && current.trace && JSON.stringify(current.request) === JSON.stringify(view.flow))) {
      await app.actions.runTrace(view.flow as FlowRequest);
    }
    void setCompare(view.compare);
    const t = trace.getState();
    if (!t.trace) return { error: t.error ?? (t.diagnostics.map((d) => d.message).join('; ') || 'no trace'), code: 'trace' };
    return { trace: t.trace };
  }

  function seek(position: number, detail: Detail): void {
    app.playback.setDetail(detail);
    const visible = visiblePositions(app.playback.items(), detail);
    app.playback.seek(visible.includes(position) ? position : snapToVisible(visible, position));
  }

  return {
    snapshot() {
      const t = trace.getState();
      if (!t.request || !t.trace) return undefined;
      const p = playback.getState();
      const c = compareRef();
      const following = lesson();
      return {
        scenario: classroom.getState().scenarioRef,
        flow: t.request,
        step: p.position,
        ...(p.detail === 'detailed' ? { detail: 'detailed' as const } : {}),
        ...(c ? { compare: c } : {}),
        language: viewer.language(),
        theme: viewer.theme(),
        embed: classroom.getState().mode === 'embed',
        ...(following ? { lesson: following } : {}),
      };
    },
    async open(state) {
      viewer.setLanguage(state.language);
      viewer.setTheme(state.theme);
      classroom.setState({ opening: true, notice: undefined, ...(state.embed ? { mode: 'embed' as const } : {}) });
      // The user's changes to the scenario shown stay in their draft; say so, with a way back.
      const work = app.stores.whatIf.getState();
      const kept = work.changes.length > 0 && !sameSource(app.whatIf.currentSource(), state.scenario) ? { key: await draftKey(work.base), name: scenario.getState().presetName, count: work.changes.length } : undefined;
      try {
        const shown = await openView(state);
        if ('error' in shown) {
          classroom.setState({ notice: { code: shown.code, message: shown.error } });
          return false;
        }
        seek(state.step, state.detail ?? 'summary');
        if (kept) app.stores.whatIf.setState({ keptDraft: kept });
        return true;
      } finally {
        classroom.setState({ opening: false });
      }
    },
    openView,
    seek,
    setScenarioRef: (ref) => classroom.setState({ scenarioRef: ref }),
  };
}
