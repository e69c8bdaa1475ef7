/**
 * What-if work over the stores and the worker: which scenario is open (a
 * preset with its draft, a link's scenario, imported files), changes to it
 * (an edit becomes a text patch; the worker re-opens base + patches and the
 * current trace and node state are asked again), undo/redo, reset, and the
 * draft kept per scenario (`drafts.ts`). A change the engine refuses is not
 * taken: the scenario stays as it was and the error is shown.
 */
import type { Diagnostic } from '../../engine/index';
import { diffEdits, sameSource, withEdits, type ScenarioEdit, type ScenarioSource } from '../../share/scenarioSource';
import type { EditList, EditRowOf, EditRowQuery, HnsComparison, RowPage, ScenarioSummary } from '../../worker/api';
import type { EngineClient } from '../../worker/client';
import type { Actions } from '../scenario/scenarioActions';
import type { ScenarioStore } from '../scenario/scenarioStore';
import type { EditableModel } from '../../edit/editableModel';
import type { Edit } from '../../edit/edits';
import { LEGACY_STORAGE_KEY, draftKey, type Draft, type DraftStore } from './drafts';
import { HISTORY_LIMIT, historyOf, type WhatIfStore } from './whatIfStore';

export interface ImportProgress {
  /** Files read so far (in the main thread), of `total`; then `parsing` in the worker. */
  read: number;
  total: number;
  phase: 'reading' | 'parsing' | 'compiling' | 'done' | 'error';
  file?: string;
}

export interface ImportOutcome {
  ok: boolean;
  diagnostics: Diagnostic[];
  /** HNS dumps compared with the imported cluster. */
  hns: HnsComparison[];
  error?: string;
}

export interface WhatIfActions {
  /**
   * Opens `base` as the main scenario. `restoreDraft`: with the user's draft
   * of it, when there is one (the preset switcher, a reload); otherwise as
   * given (a share link, a lesson), the draft staying stored.
   */
  openBase(base: ScenarioSource, options?: { restoreDraft?: boolean }): Promise<{ ok: boolean; error?: string }>;
  /** Opens the last scenario worked on (with its draft), else the store's preset. */
  restore(): Promise<void>;
  /** Goes back to the draft a share link opened over. */
  returnToKeptDraft(): Promise<void>;
  /** The full source of the scenario shown (base and changes). */
  currentSource(): ScenarioSource;
  edit(edit: Edit): Promise<boolean>;
  /**
   * What the edit forms offer for the scenario shown (from the worker's
   * normalised scenario); undefined when it is not ready. Asked once per
   * opened scenario: every panel that calls it shares the answer (issue 18).
   */
  editableModel(): Promise<EditableModel | undefined>;
  /** A page of the forms' nodes, pods, Services or a Service's candidate endpoints (searched in the worker); undefined when not answered. */
  editRows<L extends EditList>(query: EditRowQuery & { list: L }): Promise<RowPage<EditRowOf<L>> | undefined>;
  /** A free address on each of `nodes` (its own IPAM block), computed in the worker. */
  freeAddresses(nodes: string[]): Promise<Record<string, string>>;
  /** The source of edit-history point `point` (0: the base; k: after the kth change; see `historyOf`). */
  pointSource(point: number): ScenarioSource;
  /** The scenario's text after its edits (the download), asked from the worker; undefined when it changed meanwhile or failed. */
  scenarioText(): Promise<string | undefined>;
  /** Shows history point `point` (several undos or redos at once); the history itself stays. */
  goTo(point: number): Promise<boolean>;
  undo(): Promise<void>;
  redo(): Promise<void>;
  /** Back to the base's text (undoable), or to the preset from an import or a link. */
  reset(): Promise<void>;
  /**
   * Reads files (`File.text()`, one at a time, progress after each), opens
   * them in the worker, and on success makes them the scenario. A file with
   * errors leaves the current scenario loaded.
   */
  importFiles(files: readonly { name: string; text(): Promise<string> }[], onProgress: (p: ImportProgress) => void, windowsNode?: string): Promise<ImportOutcome>;
}

interface Deps {
  client: EngineClient;
  scenario: ScenarioStore;
  whatIf: WhatIfStore;
  actions: Actions;
  drafts: DraftStore;
  /** localStorage, to carry over a draft saved by an older version. */
  legacy?: Pick<Storage, 'getItem' | 'removeItem'>;
}

/** Redo keeps the whole history: the folded patch of the oldest changes and HISTORY_LIMIT more (going back to the start lost the newest change when redo kept only HISTORY_LIMIT). */
const MAX_FUTURE = HISTORY_LIMIT + 1;

const fileNames = (s: ScenarioSource) => ('files' in s ? s.files.map((f) => f.name) : undefined);

export function createWhatIfActions({ client, scenario, whatIf, actions, drafts, legacy }: Deps): WhatIfActions {
  const currentSource = () => withEdits(whatIf.getState().base, whatIf.getState().changes.flat());
  let saving = Promise.resolve();
  /** The editable model of the scenario opened (its summary): one worker request, shared. */
  let model: { for: ScenarioSummary; answer: Promise<EditableModel | undefined> } | undefined;
  /** Counts `openBase` calls: a later one (the user picked another scenario) wins over an earlier one still reading its draft. */
  let opening = 0;

  /** Keeps the draft of the current base; a refused write is told, and the stored draft stays as it was. */
  function save(): Promise<void> {
    const s = whatIf.getState();
    const draft: Draft = { base: s.base, changes: s.changes, future: s.future.slice(-MAX_FUTURE), preset: s.preset };
    saving = saving.then(async () => {
      try {
        const key = await draftKey(draft.base);
        await drafts.put(key, draft);
        await drafts.setCurrent(key);
        if (whatIf.getState().saveError) whatIf.setState({ saveError: undefined });
      } catch (error) {
        whatIf.setState({ saveError: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
      }
    });
    return saving;
  }

  /** Folds the oldest changes into one patch so at most HISTORY_LIMIT can be undone (in the worker, which holds the base text). */
  async function bounded(changes: ScenarioEdit[][]): Promise<ScenarioEdit[][]> {
    if (changes.length <= HISTORY_LIMIT + 1) return changes;
    const fold = changes.length - HISTORY_LIMIT;
    const answer = await client.foldEdits(changes.slice(0, fold).flat());
    const patch = answer.kind === 'ok' ? answer.value : undefined;
    if (patch === undefined) return changes;
    return patch.length ? [patch, ...changes.slice(fold)] : changes.slice(fold);
  }

  const unedited = (opened: { unedited?: boolean }): boolean => opened.unedited !== false;

  /** Moves to `changes` on the same base; the history changes only when the engine takes the result. */
  async function moveTo(changes: ScenarioEdit[][], future: ScenarioEdit[][], lastEdit?: Edit): Promise<boolean> {
    const before = currentSource();
    const { base } = whatIf.getState();
    whatIf.setState({ status: 'applying', error: undefined, errorDiagnostics: undefined });
    const outcome = await actions.open(withEdits(base, changes.flat()), { keepView: true, refuseNewErrors: true });
    if (!sameSource(whatIf.getState().base, base)) return false;
    if (!outcome.ok) {
      if (outcome.stale) whatIf.setState({ status: 'idle' });
      else whatIf.setState({ status: 'error', error: outcome.error, errorDiagnostics: outcome.error ? undefined : outcome.diagnostics });
      return false;
    }
    whatIf.setState({ changes: await bounded(changes), future: future.slice(-MAX_FUTURE), unedited: unedited(outcome.opened), before, lastEdit, status: 'idle' });
    await save();
    return true;
  }

  async function openBase(base: ScenarioSource, { restoreDraft = false } = {}): Promise<{ ok: boolean; error?: string }> {
    const mine = ++opening;
    const draft = restoreDraft ? await drafts.get(await draftKey(base)).catch(() => undefined) : undefined;
    if (mine !== opening) return { ok: false };
    const preset = 'preset' in base ? base.preset : whatIf.getState().preset;
    whatIf.setState({ preset, base, changes: [], future: [], unedited: true, imported: fileNames(base), before: undefined, lastEdit: undefined, status: 'idle', error: undefined, errorDiagnostics: undefined }, false);
    if (draft && (draft.changes.length || draft.future.length)) {
      const outcome = await actions.open(withEdits(base, draft.changes.flat()));
      if (!sameSource(whatIf.getState().base, base)) return { ok: false };
      if (outcome.ok) {
        whatIf.setState({ changes: draft.changes, future: draft.future, unedited: unedited(outcome.opened) });
        await drafts.setCurrent(await draftKey(base)).catch(() => {});
        return { ok: true };
      }
      // The draft no longer applies (e.g. the preset changed): open the base; the draft stays stored until the next change.
    }
    const outcome = await actions.open(base);
    if (!sameSource(whatIf.getState().base, base)) return { ok: false };
    if (!outcome.ok) return { ok: false, error: outcome.error ?? outcome.diagnostics.map((d) => d.message).join('; ') };
    whatIf.setState({ unedited: true });
    // A plain preset becomes the page's starting point; a link or lesson does not replace the stored draft until the user changes it.
    if (restoreDraft) await drafts.setCurrent(await draftKey(base)).catch(() => {});
    return { ok: true };
  }

  /** The draft an older version kept in localStorage (whole texts), as a draft of patches. */
  async function migrateLegacy(): Promise<string | undefined> {
    let raw: string | null | undefined;
    try {
      raw = legacy?.getItem(LEGACY_STORAGE_KEY);
    } catch {
      return undefined;
    }
    if (!raw) return undefined;
    try {
      const old = JSON.parse(raw) as { preset?: unknown; text?: unknown; imported?: unknown };
      if (typeof old.preset !== 'string' || typeof old.text !== 'string') return undefined;
      const presetYaml = scenario.getState().presets.find((p) => p.name === old.preset)?.yaml;
      const patch = presetYaml !== undefined && !old.imported ? diffEdits(presetYaml, old.text) : [];
      const base: ScenarioSource = presetYaml !== undefined && !old.imported ? { preset: old.preset } : { yaml: old.text };
      const key = await draftKey(base);
      await drafts.put(key, { base, changes: patch.length ? [patch] : [], future: [], preset: old.preset });
      await drafts.setCurrent(key);
      legacy?.removeItem(LEGACY_STORAGE_KEY);
      return key;
    } catch {
      return undefined;
    }
  }

  return {
    openBase,
    currentSource,
    async restore() {
      const asked = opening;
      const key = (await migrateLegacy()) ?? (await drafts.getCurrent().catch(() => undefined));
      const draft = key ? await drafts.get(key).catch(() => undefined) : undefined;
      // The user opened something while the draft was read: that stays.
      if (opening !== asked) return;
      if (draft) {
        whatIf.setState({ preset: draft.preset });
        const opened = await openBase(draft.base, { restoreDraft: true });
        if (opened.ok) return;
      }
      await openBase({ preset: scenario.getState().presetName }, { restoreDraft: true });
    },
    async returnToKeptDraft() {
      const kept = whatIf.getState().keptDraft;
      if (!kept) return;
      const draft = await drafts.get(kept.key).catch(() => undefined);
      whatIf.setState({ keptDraft: undefined });
      if (draft) await openBase(draft.base, { restoreDraft: true });
    },
    async edit(e) {
      if (scenario.getState().textLength === undefined) return false;
      // The YAML is edited in the worker, which holds the text: a large scenario's text never costs the main thread (issue 18).
      const answer = await client.editText(e);
      if (answer.kind === 'stale') return false;
      const failed = answer.kind === 'error' ? answer.message : answer.kind === 'ok' && 'error' in answer.value ? answer.value.error : undefined;
      if (failed !== undefined || answer.kind !== 'ok' || 'error' in answer.value) {
        const diagnostics = answer.kind === 'ok' && 'error' in answer.value ? answer.value.diagnostics : undefined;
        whatIf.setState({ status: 'error', error: failed ?? 'the scenario changed meanwhile', errorDiagnostics: diagnostics });
        return false;
      }
      const patch = answer.value.patch;
      if (!patch.length) return true;
      return moveTo([...whatIf.getState().changes, patch], [], e);
    },
    editableModel() {
      const { status, summary } = scenario.getState();
      if (status !== 'ready' || !summary) return Promise.resolve(undefined);
      if (model?.for === summary) return model.answer;
      const asked = {
        for: summary,
        answer: client.editableModel().then((a) => {
          // A stale or failed answer is not kept: the next ask tries again.
          if (a.kind === 'ok') return a.value;
          if (model === asked) model = undefined;
          return undefined;
        }),
      };
      model = asked;
      return asked.answer;
    },
    async editRows(query) {
      const answer = await client.editRows(query);
      return answer.kind === 'ok' ? answer.value : undefined;
    },
    async freeAddresses(nodes) {
      const answer = await client.freeAddresses(nodes);
      return answer.kind === 'ok' ? answer.value : {};
    },
    async scenarioText() {
      const answer = await client.scenarioText();
      return answer.kind === 'ok' ? answer.value : undefined;
    },
    pointSource: (point) => withEdits(whatIf.getState().base, historyOf(whatIf.getState()).slice(0, point).flat()),
    async goTo(point) {
      const all = historyOf(whatIf.getState());
      if (point === whatIf.getState().changes.length || point < 0 || point > all.length) return true;
      return moveTo(all.slice(0, point), all.slice(point).reverse());
    },
    async undo() {
      const { changes, future } = whatIf.getState();
      const last = changes[changes.length - 1];
      if (last === undefined) return;
      await moveTo(changes.slice(0, -1), [...future, last]);
    },
    async redo() {
      const { changes, future } = whatIf.getState();
      const next = future[future.length - 1];
      if (next === undefined) return;
      await moveTo([...changes, next], future.slice(0, -1));
    },
    async reset() {
      const s = whatIf.getState();
      const plainPreset = 'preset' in s.base && !s.base.edits?.length;
      if (plainPreset) {
        const answer = await client.resetPatch();
        const patch = answer.kind === 'ok' ? answer.value : [];
        if (patch.length) await moveTo([...s.changes, patch], []);
        return;
      }
      // From an import or a link: back to the preset (its own draft stays stored).
      await save();
      await openBase({ preset: s.preset }, { restoreDraft: false });
      await save();
    },
    async importFiles(files, onProgress, windowsNode) {
      const inputs: { name: string; text: string }[] = [];
      for (const [i, f] of files.entries()) {
        onProgress({ read: i, total: files.length, phase: 'reading', file: f.name });
        inputs.push({ name: f.name, text: await f.text() });
      }
      onProgress({ read: files.length, total: files.length, phase: 'parsing' });
      const source: ScenarioSource = { files: inputs, ...(windowsNode ? { windowsNode } : {}) };
      const before = currentSource();
      const outcome = await actions.open(source, { keepView: true });
      if (!outcome.ok) {
        onProgress({ read: files.length, total: files.length, phase: 'error' });
        return { ok: false, diagnostics: outcome.opened?.diagnostics ?? outcome.diagnostics, hns: [], error: outcome.error };
      }
      onProgress({ read: files.length, total: files.length, phase: 'compiling' });
      whatIf.setState({ base: source, changes: [], future: [], unedited: true, imported: fileNames(source), before, lastEdit: undefined, status: 'idle', error: undefined, errorDiagnostics: undefined });
      await save();
      const hns = await client.compareImportedHns();
      onProgress({ read: files.length, total: files.length, phase: 'done' });
      return { ok: true, diagnostics: outcome.opened.diagnostics, hns: hns.kind === 'ok' ? hns.value : [] };
    },
  };
}
