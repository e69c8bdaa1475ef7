/**
 * Share links as actions over the stores: `snapshot()` reads the view
 * (scenario reference, flow, step, detail, side by side, language, theme)
 * as a `ShareState`; `open(state)` restores it — the scenario is loaded and
 * compiled in the worker, the flow traced there, then the player jumps to
 * the step. `openView` is the part lessons reuse.
 */
import type { FlowRequest, Trace } from '../engine/index';
import { resolveScenarioRef, type ScenarioRef } from '../share/scenarioRef';
import type { ShareState } from '../share/shareState';
import type { EngineClient } from '../worker/client';
import type { AppState } from './appState';
import type { ClassroomStore } from './classroomStore';
import { EDITED } from './compareStore';
import { EMPTY_NODE_STATE } from './nodeStateStore';
import { visiblePositions, snapToVisible, type Detail } from './playback';
import { EMPTY_TRACE } from './traceStore';

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
  setScenarioRef(ref: ScenarioRef): void;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * @param lesson the lesson being followed (its id and step), so a link made during a lesson reopens it
 */
export function createShareActions(client: EngineClient, app: AppState, classroom: ClassroomStore, viewer: ViewerSettings, lesson: () => ShareState['lesson'] = () => undefined): ShareActions {
  const { scenario, trace, nodeState, compare, playback } = app.stores;
  let loadingOwn = false;

  // The preset switcher changes the scenario: the link then names that preset.
  scenario.subscribe((s, prev) => {
    if (!loadingOwn && s.presetName !== prev.presetName) classroom.setState({ scenarioRef: { preset: s.presetName } });
  });

  const presetYaml = (name: string) => scenario.getState().presets.find((p) => p.name === name)?.yaml;

  function compareRef(): ScenarioRef | undefined {
    const c = compare.getState();
    if (!c.presetName) return undefined;
    if (c.presetName === EDITED) return c.text ? { yaml: c.text } : undefined;
    return { preset: c.presetName };
  }

  /** Loads scenario text into the main worker, as `selectPreset` does for a preset. */
  async function loadText(yaml: string, name: string): Promise<string | undefined> {
    scenario.setState({ presetName: name, scenario: null, diagnostics: [], places: null, topology: null, status: 'loading', error: undefined });
    trace.setState(EMPTY_TRACE, true);
    nodeState.setState(EMPTY_NODE_STATE, true);
    const loaded = await client.loadText(yaml, name);
    if (loaded.kind === 'stale') return 'stale';
    if (loaded.kind === 'error') {
      scenario.setState({ status: 'error', error: loaded.message });
      return loaded.message;
    }
    const { scenario: loadedScenario, diagnostics } = loaded.value;
    if (!loadedScenario) {
      scenario.setState({ status: 'error', diagnostics });
      return diagnostics.map((d) => d.message).join('; ');
    }
    scenario.setState({ scenario: loadedScenario, diagnostics, status: 'compiling' });
    const compiled = await client.setScenario(loadedScenario);
    if (compiled.kind === 'stale') return 'stale';
    if (compiled.kind === 'error') {
      scenario.setState({ status: 'error', error: compiled.message });
      return compiled.message;
    }
    scenario.setState({ places: compiled.value.places, topology: compiled.value.topology, status: 'ready' });
    const first = loadedScenario.nodes[0]?.name;
    if (first) await app.actions.selectNode(first);
    return undefined;
  }

  async function loadScenario(ref: ScenarioRef): Promise<string | undefined> {
    const s = scenario.getState();
    if (same(classroom.getState().scenarioRef, ref) && s.status === 'ready') return undefined;
    loadingOwn = true;
    try {
      if ('preset' in ref && !ref.edits?.length) {
        if (!presetYaml(ref.preset)) return `unknown preset "${ref.preset}"`;
        await app.actions.selectPreset(ref.preset);
        const after = scenario.getState();
        if (after.status !== 'ready') return after.error ?? after.diagnostics.map((d) => d.message).join('; ');
      } else {
        const resolved = resolveScenarioRef(ref, presetYaml);
        if ('error' in resolved) return resolved.error.message;
        const error = await loadText(resolved.yaml, 'preset' in ref ? ref.preset : 'shared');
        if (error) return error;
      }
      classroom.setState({ scenarioRef: ref });
      return undefined;
    } finally {
      loadingOwn = false;
    }
  }

  async function setCompare(ref: ScenarioRef | undefined): Promise<void> {
    if (same(compareRef(), ref)) return;
    if (!ref) return app.compare.close();
    if ('preset' in ref && !ref.edits?.length) return app.compare.choose(ref.preset);
    const resolved = resolveScenarioRef(ref, presetYaml);
    if ('error' in resolved) return app.compare.close();
    return app.compare.chooseText(resolved.yaml);
  }

  async function openView(view: ViewRequest): Promise<{ trace: Trace } | { error: string; code: 'scenario' | 'trace' }> {
    const error = await loadScenario(view.scenario);
    if (error) return { error, code: 'scenario' };
    const current = trace.getState();
    if (!(current.status === 'done' && current.trace && same(current.request, view.flow))) {
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
      try {
        const shown = await openView(state);
        if ('error' in shown) {
          classroom.setState({ notice: { code: shown.code, message: shown.error } });
          return false;
        }
        seek(state.step, state.detail ?? 'summary');
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
