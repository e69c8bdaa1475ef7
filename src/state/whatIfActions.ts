/**
 * What-if editing over the stores and the worker: an edit changes the
 * scenario text (`scenarioEdits`), the worker parses and compiles it, and the
 * current trace and node state are asked again. A text the engine refuses
 * (load errors) is not taken: the scenario stays as it was and the error is
 * shown. Undo/redo, reset to the preset, and localStorage persistence.
 */
import type { Diagnostic, InputFile, Scenario } from '../engine/index';
import type { EngineClient } from '../worker/client';
import type { HnsComparison, SetScenarioOptions } from '../worker/api';
import type { Actions } from './actions';
import type { AppStores } from './appState';
import { EditError, applyEdit, type Edit } from './scenarioEdits';
import { HISTORY_LIMIT, readSaved, writeSaved, type WhatIfStore } from './whatIfStore';

export interface ImportProgress {
  /** Files read so far (in the main thread), of `total`; then `parsing` in the worker. */
  read: number;
  total: number;
  phase: 'reading' | 'parsing' | 'compiling' | 'done' | 'error';
  file?: string;
}

export interface WhatIfActions {
  /** The current scenario text (the preset's YAML when unedited). */
  currentText(): string | undefined;
  edit(edit: Edit): Promise<boolean>;
  undo(): Promise<void>;
  redo(): Promise<void>;
  /** Back to the preset's YAML (undoable). */
  reset(): Promise<void>;
  /**
   * Reads files (`File.text()`, one at a time, progress after each), parses
   * them in the worker, and on success makes them the scenario. A file with
   * errors leaves the current scenario loaded.
   */
  importFiles(files: readonly { name: string; text(): Promise<string> }[], onProgress: (p: ImportProgress) => void, windowsNode?: string): Promise<ImportOutcome>;
}

export interface ImportOutcome {
  ok: boolean;
  diagnostics: Diagnostic[];
  /** HNS dumps compared with the imported cluster. */
  hns: HnsComparison[];
  error?: string;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStorage(): StorageLike | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The preset a saved edit belongs to, so the app starts on it. */
export function savedPreset(storage: StorageLike | undefined = defaultStorage()): string | undefined {
  return readSaved(storage)?.preset;
}

export function createWhatIfActions(client: EngineClient, stores: AppStores & { whatIf: WhatIfStore }, actions: Actions, storage: StorageLike | undefined = defaultStorage()): WhatIfActions {
  const { whatIf, scenario } = stores;
  const presetYaml = (name: string) => scenario.getState().presets.find((p) => p.name === name)?.yaml;
  const currentText = () => whatIf.getState().text ?? presetYaml(whatIf.getState().preset);

  let pendingRestore = readSaved(storage);
  if (pendingRestore && pendingRestore.preset !== scenario.getState().presetName) pendingRestore = undefined;
  let loading = 0;

  function save(): void {
    const s = whatIf.getState();
    if (s.text === undefined) return writeSaved(storage, undefined);
    writeSaved(storage, { preset: s.preset, text: s.text, imported: s.imported, past: s.past.slice(-HISTORY_LIMIT), future: s.future.slice(-HISTORY_LIMIT) });
  }

  /** Loads text into the main worker; on success the scenario store, trace and node state follow. */
  async function load(text: string): Promise<{ ok: true } | { ok: false; error?: string; diagnostics: Diagnostic[] }> {
    const ticket = ++loading;
    const name = scenario.getState().presetName;
    const loaded = await client.loadText(text, name);
    if (ticket !== loading) return { ok: false, diagnostics: [] };
    if (loaded.kind !== 'ok') return { ok: false, error: loaded.kind === 'error' ? loaded.message : undefined, diagnostics: [] };
    const errors = loaded.value.diagnostics.filter((d) => d.severity === 'error');
    if (!loaded.value.scenario || errors.length > 0) return { ok: false, diagnostics: errors.length ? errors : loaded.value.diagnostics };
    return commitScenario(loaded.value.scenario, loaded.value.diagnostics, ticket);
  }

  async function commitScenario(next: Scenario, diagnostics: Diagnostic[], ticket: number, options?: SetScenarioOptions) {
    scenario.setState({ status: 'compiling', error: undefined });
    const compiled = await client.setScenario(next, options);
    if (ticket !== loading || compiled.kind === 'stale') return { ok: false as const, diagnostics: [] };
    if (compiled.kind === 'error') {
      scenario.setState({ status: 'error', error: compiled.message });
      return { ok: false as const, error: compiled.message, diagnostics: [] };
    }
    scenario.setState({ scenario: next, diagnostics, places: compiled.value.places, topology: compiled.value.topology, status: 'ready', error: undefined });
    const request = stores.trace.getState().request;
    const position = stores.playback.getState().position;
    const node = stores.nodeState.getState().node;
    const nodes = next.nodes.map((n) => n.name);
    await Promise.all([
      request ? actions.runTrace(request).then(() => stores.playback.setState({ position })) : Promise.resolve(),
      node && nodes.includes(node) ? actions.selectNode(node) : nodes[0] ? actions.selectNode(nodes[0]) : Promise.resolve(),
    ]);
    return { ok: true as const };
  }

  /** Moves to `text` as the result of `change`; the history is updated only when the engine takes it. */
  async function moveTo(text: string, history: { past: string[]; future: string[] }, lastEdit?: Edit): Promise<boolean> {
    const before = currentText();
    whatIf.setState({ status: 'applying', error: undefined, errorDiagnostics: undefined });
    const result = await load(text);
    if (!result.ok) {
      if (result.error || result.diagnostics.length) whatIf.setState({ status: 'error', error: result.error, errorDiagnostics: result.diagnostics });
      else whatIf.setState({ status: 'idle' });
      return false;
    }
    const unedited = text === presetYaml(whatIf.getState().preset) && !whatIf.getState().imported;
    whatIf.setState({ text: unedited ? undefined : text, past: history.past.slice(-HISTORY_LIMIT), future: history.future.slice(-HISTORY_LIMIT), before, lastEdit, status: 'idle' });
    save();
    return true;
  }

  // A preset picked in the header starts a fresh text and history.
  scenario.subscribe((s, prev) => {
    if (s.presetName !== prev.presetName) {
      loading += 1;
      whatIf.setState({ preset: s.presetName, text: undefined, imported: undefined, past: [], future: [], before: undefined, lastEdit: undefined, status: 'idle', error: undefined, errorDiagnostics: undefined }, true);
      save();
    }
    // After a reload: the saved edit of this preset, once the preset itself is up.
    if (pendingRestore && s.status === 'ready' && prev.status !== 'ready' && s.presetName === pendingRestore.preset) {
      const saved = pendingRestore;
      pendingRestore = undefined;
      whatIf.setState({ imported: saved.imported });
      void moveTo(saved.text, { past: saved.past, future: saved.future });
    }
  });

  return {
    currentText,
    async edit(e) {
      const text = currentText();
      if (text === undefined) return false;
      let next: string;
      try {
        next = applyEdit(text, e);
      } catch (error) {
        whatIf.setState({ status: 'error', error: error instanceof EditError ? error.message : String(error), errorDiagnostics: undefined });
        return false;
      }
      const { past } = whatIf.getState();
      return moveTo(next, { past: [...past, text], future: [] }, e);
    },
    async undo() {
      const { past, future } = whatIf.getState();
      const text = currentText();
      const prev = past[past.length - 1];
      if (prev === undefined || text === undefined) return;
      await moveTo(prev, { past: past.slice(0, -1), future: [...future, text] });
    },
    async redo() {
      const { past, future } = whatIf.getState();
      const text = currentText();
      const next = future[future.length - 1];
      if (next === undefined || text === undefined) return;
      await moveTo(next, { past: [...past, text], future: future.slice(0, -1) });
    },
    async reset() {
      const yaml = presetYaml(whatIf.getState().preset);
      const text = currentText();
      if (yaml === undefined || text === undefined || (text === yaml && !whatIf.getState().imported)) return;
      const imported = whatIf.getState().imported;
      whatIf.setState({ imported: undefined });
      const ok = await moveTo(yaml, { past: [...whatIf.getState().past, text], future: [] });
      if (!ok) whatIf.setState({ imported });
    },
    async importFiles(files, onProgress, windowsNode) {
      const inputs: InputFile[] = [];
      for (const [i, f] of files.entries()) {
        onProgress({ read: i, total: files.length, phase: 'reading', file: f.name });
        inputs.push({ name: f.name, text: await f.text() });
      }
      onProgress({ read: files.length, total: files.length, phase: 'parsing' });
      const answer = await client.importFiles(inputs, windowsNode ? { windowsNode } : {});
      if (answer.kind !== 'ok') {
        onProgress({ read: files.length, total: files.length, phase: 'error' });
        return { ok: false, diagnostics: [], hns: [], error: answer.kind === 'error' ? answer.message : undefined };
      }
      const { result } = answer.value;
      // A dump that cannot be attached to a node is reported, but the cluster objects still load.
      const hnsFiles = new Set(answer.value.hnsFiles);
      const errors = result.diagnostics.filter((d) => d.severity === 'error' && !(d.file && d.file.split(', ').every((f) => hnsFiles.has(f))));
      if (!result.scenario || errors.length > 0) {
        onProgress({ read: files.length, total: files.length, phase: 'error' });
        return { ok: false, diagnostics: result.diagnostics, hns: [] };
      }
      onProgress({ read: files.length, total: files.length, phase: 'compiling' });
      const text = inputs
        .filter((f) => !hnsFiles.has(f.name))
        .map((f) => `# ${f.name}\n${f.text.trim()}\n`)
        .join('---\n');
      const before = currentText();
      const ticket = ++loading;
      // The Windows node the HNS dumps come from is built from them, not derived.
      const committed = await commitScenario(result.scenario, result.diagnostics, ticket, { importedHns: result.hns.length > 0 });
      if (!committed.ok) {
        onProgress({ read: files.length, total: files.length, phase: 'error' });
        return { ok: false, diagnostics: committed.diagnostics, hns: [], error: committed.error };
      }
      const { past } = whatIf.getState();
      whatIf.setState({ text, imported: inputs.map((f) => f.name), past: before !== undefined ? [...past, before].slice(-HISTORY_LIMIT) : past, future: [], before, lastEdit: undefined, status: 'idle', error: undefined, errorDiagnostics: undefined });
      save();
      const hns = await client.compareImportedHns();
      onProgress({ read: files.length, total: files.length, phase: 'done' });
      return { ok: true, diagnostics: result.diagnostics, hns: hns.kind === 'ok' ? hns.value : [] };
    },
  };
}
