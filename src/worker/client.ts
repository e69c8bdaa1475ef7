/**
 * The main thread's handle on the engine worker.
 *
 * - Wraps the worker with comlink; the main thread never runs engine code.
 * - Tags every scenario-dependent question with the scenario revision and
 *   answers `stale` when the revision changed before the answer arrived.
 * - Restarts the worker when it crashes (an `error` event: a failed module
 *   load or an uncaught error) or when a call takes longer than `timeoutMs`
 *   (an engine loop), and re-opens the last scenario that opened well in the
 *   new one. The call that was pending answers with an error; `onRestart`
 *   listeners hear why, so the page can tell the user. After
 *   `MAX_CONSECUTIVE_CRASHES` restarts without a good answer it stops.
 */
import { proxy, wrap, type Endpoint, type Remote } from 'comlink';
import type { CompileProgress, FlowRequest, PresetInfo } from '../engine/index';
import type { MarkedLine } from '../traceViews/viewMarks';
import type { DecodeResult } from '../share/codec';
import type { ScenarioEdit, ScenarioSource } from '../share/scenarioSource';
import { errorMessage, type Answer } from './answer';
import type { EditableModel } from '../edit/editableModel';
import type { Edit } from '../edit/edits';
import type { EditAnswer, EditList, EditRowOf, EditRowQuery, EngineWorkerApi, FamilyFlows, NodeParts, NodeViewPage, OpenedScenario, OpenScenarioOptions, RowList, RowOf, RowPage, RowQuery, Tagged, TraceResult, ViewMarks } from './api';
import type { Finding, ReadinessOptions } from '../engine/index';
import type { HnsComparison, IpamPage, PageRunbook } from './api';

export type { Answer } from './answer';

/** A Worker, or anything shaped like one (tests use a MessagePort). */
export type EngineWorker = Endpoint & { terminate(): void };

/** Why the worker was restarted. */
export interface RestartEvent {
  reason: 'crash' | 'timeout';
  message: string;
  /** False after too many restarts in a row: the engine is off until the page reloads. */
  restarted: boolean;
}

export interface EngineClient {
  listPresets(): Promise<Answer<readonly PresetInfo[]>>;
  /** Opens a scenario (a new revision): parsed and compiled in the worker, `onProgress` hearing each compile stage; see `EngineWorkerApi.openScenario`. */
  openScenario(source: ScenarioSource, options?: OpenScenarioOptions, onProgress?: (progress: CompileProgress) => void): Promise<Answer<OpenedScenario>>;
  traceFlow(request: FlowRequest): Promise<Answer<TraceResult>>;
  /** A node's state views, long ones windowed around the marked lines; see `EngineWorkerApi.nodeStateViews`. */
  nodeStateViews(node: string, marks: ViewMarks): Promise<Answer<NodeViewPage[]>>;
  /** Up to a page of one view's lines from line `from`. */
  nodeStateLines(node: string, viewId: string, from: number, count: number, marks: ViewMarks): Promise<Answer<MarkedLine[]>>;
  /** A page of a long list, searched in the worker; see `EngineWorkerApi.findRows`. */
  findRows<L extends RowList>(query: RowQuery & { list: L }): Promise<Answer<RowPage<RowOf<L>>>>;
  /** The flow families' one-click flows from a client pod. */
  familyFlows(from?: string): Promise<Answer<FamilyFlows>>;
  /** A node's parts for a collapsed topology. */
  nodeParts(node: string): Promise<Answer<NodeParts | undefined>>;
  /** A trace as text or Markdown, as `npm run trace` prints it (formatted in the worker with the given sentence catalogue). */
  /** Windows readiness findings of the current scenario. */
  checkReadiness(options: ReadinessOptions): Promise<Answer<Finding[]>>;
  /** The article's migration runbook for the current scenario, as the page shows it or `whole` (see `EngineWorkerApi.runbook`). */
  runbook(whole?: boolean): Promise<Answer<PageRunbook>>;
  /** The IPAM of the current scenario as plain data. */
  ipamPage(query: { text: string; limit: number }): Promise<Answer<IpamPage>>;
  /** The current scenario's HNS dumps (a files source) compared with its cluster objects. */
  compareImportedHns(): Promise<Answer<HnsComparison[]>>;
  /** Applies a what-if edit to the scenario's text in the worker; see `EngineWorkerApi.editText`. */
  editText(edit: Edit): Promise<Answer<EditAnswer>>;
  /** Folds the oldest what-if changes into one patch; see `EngineWorkerApi.foldEdits`. */
  foldEdits(edits: ScenarioEdit[]): Promise<Answer<ScenarioEdit[] | undefined>>;
  /** The patch back to the source's base text; see `EngineWorkerApi.resetPatch`. */
  resetPatch(): Promise<Answer<ScenarioEdit[]>>;
  /** The scenario's text after its edits (the what-if download). */
  scenarioText(): Promise<Answer<string>>;
  /** The edit forms' model of the current scenario. */
  editableModel(): Promise<Answer<EditableModel>>;
  /** A page of the what-if forms' lists; see `EngineWorkerApi.editRows`. */
  editRows<L extends EditList>(query: EditRowQuery & { list: L }): Promise<Answer<RowPage<EditRowOf<L>>>>;
  /** A free address on each node (its own IPAM block); see `EngineWorkerApi.freeAddresses`. */
  freeAddresses(nodes: string[]): Promise<Answer<Record<string, string>>>;
  /** The share state in a page address, decoded in the worker (undefined when the address has none). */
  decodeShareUrl(href: string): Promise<Answer<DecodeResult | undefined>>;
  /** Calls `listener` whenever the worker is restarted; returns the unsubscribe. */
  onRestart(listener: (event: RestartEvent) => void): () => void;
  /** The current scenario revision (0 before the first `openScenario`). */
  readonly revision: number;
  dispose(): void;
}

export const MAX_CONSECUTIVE_CRASHES = 3;

/** A source's files or YAML when they are large enough to be worth sending once (identity: the same array or string). */
const LARGE_SOURCE = 64 * 1024;
function largeBase(source: ScenarioSource): unknown {
  if ('files' in source) return source.files.reduce((n, f) => n + f.text.length, 0) >= LARGE_SOURCE ? source.files : undefined;
  return 'yaml' in source && source.yaml.length >= LARGE_SOURCE ? source.yaml : undefined;
}

/** How long one engine call may take before the worker is restarted (ms). */
export const DEFAULT_TIMEOUT_MS = 20_000;

interface Generation {
  worker: EngineWorker;
  remote: Remote<EngineWorkerApi>;
  /** Rejects when this worker crashes; every call races against it. */
  crashed: Promise<never>;
  /** The large files or YAML of the source last sent to this worker (`openEdits` then sends only the edits). */
  sentBase?: unknown;
  fail(reason: Error): void;
}

export interface EngineClientOptions {
  timeoutMs?: number;
}

export function createEngineClient(spawn: () => EngineWorker, { timeoutMs = DEFAULT_TIMEOUT_MS }: EngineClientOptions = {}): EngineClient {
  let revision = 0;
  /** The last source that opened (compiled) well: what a restarted worker gets. */
  let lastGood: ScenarioSource | undefined;
  let crashes = 0;
  let fatal: string | undefined;
  let disposed = false;
  const listeners = new Set<(event: RestartEvent) => void>();
  let generation = start();

  function start(): Generation {
    const worker = spawn();
    let reject: (reason: Error) => void = () => {};
    const crashed = new Promise<never>((_, r) => (reject = r));
    crashed.catch(() => {}); // observed through the races below
    const next: Generation = { worker, remote: wrap<EngineWorkerApi>(worker), crashed, fail: (reason) => reject(reason) };
    worker.addEventListener('error', (event) => {
      const message = (event as ErrorEvent).message || 'the engine worker stopped';
      next.fail(new Error(`engine worker crashed: ${message}`));
      if (generation === next) restart('crash', message);
    });
    return next;
  }

  function restart(reason: RestartEvent['reason'], message: string): void {
    generation.worker.terminate();
    crashes += 1;
    if (disposed) return;
    if (crashes > MAX_CONSECUTIVE_CRASHES) {
      fatal = `engine worker stopped ${crashes} times in a row; reload the page`;
      for (const l of listeners) l({ reason, message, restarted: false });
      return;
    }
    generation = start();
    // Re-open the scenario first (under the current revision): the worker answers messages in order.
    if (lastGood) {
      const source = lastGood;
      const asked = revision;
      generation.sentBase = largeBase(source);
      void call((remote) => remote.openScenario(asked, source));
    }
    for (const l of listeners) l({ reason, message, restarted: true });
  }

  async function call<T>(ask: (remote: Remote<EngineWorkerApi>) => Promise<T>): Promise<Answer<T>> {
    if (fatal) return { kind: 'error', message: fatal };
    const current = generation;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new Error(`the engine did not answer within ${Math.round(timeoutMs / 1000)} s and was restarted`);
        current.fail(error);
        reject(error);
        if (generation === current) restart('timeout', error.message);
      }, timeoutMs);
    });
    timedOut.catch(() => {});
    try {
      const value = await Promise.race([ask(current.remote), current.crashed, timedOut]);
      crashes = 0;
      return { kind: 'ok', value };
    } catch (error) {
      return { kind: 'error', message: errorMessage(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  async function tagged<T>(ask: (remote: Remote<EngineWorkerApi>, rev: number) => Promise<Tagged<T>>): Promise<Answer<T>> {
    const asked = revision;
    const answer = await call((remote) => ask(remote, asked));
    if (revision !== asked) return { kind: 'stale' };
    if (answer.kind !== 'ok') return answer;
    return answer.value.revision === asked ? { kind: 'ok', value: answer.value.value } : { kind: 'stale' };
  }

  return {
    get revision() {
      return revision;
    },
    listPresets: () => call((remote) => remote.listPresets()),
    async openScenario(source, options, onProgress) {
      revision += 1;
      // Progress comes through its own comlink port, so a report can arrive after the answer: once answered, it is dropped.
      let answered = false;
      const heard = onProgress && proxy((progress: CompileProgress) => void (answered || onProgress(progress)));
      // The same large files or YAML as last sent, with other edits (a what-if change, undo): only the edits go.
      const base = largeBase(source);
      const sameBase = base !== undefined && generation.sentBase === base;
      generation.sentBase = base;
      const answer = await tagged((remote, rev) => (sameBase ? remote.openEdits(rev, source.edits ?? [], options, heard) : remote.openScenario(rev, source, options, heard))).finally(() => (answered = true));
      if (answer.kind === 'ok' && answer.value.compiled) lastGood = source;
      return answer;
    },
    traceFlow: (request) => tagged((remote, rev) => remote.traceFlow(rev, request)),
    nodeStateViews: (node, marks) => tagged((remote, rev) => remote.nodeStateViews(rev, node, marks)),
    nodeStateLines: (node, viewId, from, count, marks) => tagged((remote, rev) => remote.nodeStateLines(rev, node, viewId, from, count, marks)),
    findRows: <L extends RowList>(query: RowQuery & { list: L }) => tagged<RowPage<RowOf<L>>>((remote, rev) => remote.findRows(rev, query) as Promise<Tagged<RowPage<RowOf<L>>>>),
    familyFlows: (from) => tagged((remote, rev) => remote.familyFlows(rev, from)),
    nodeParts: (node) => tagged<NodeParts | undefined>((remote, rev) => remote.nodeParts(rev, node)),
    checkReadiness: (options) => tagged((remote, rev) => remote.checkReadiness(rev, options)),
    runbook: (whole) => tagged((remote, rev) => remote.runbook(rev, whole)),
    ipamPage: (query) => tagged((remote, rev) => remote.ipamPage(rev, query)),
    compareImportedHns: () => tagged((remote, rev) => remote.compareImportedHns(rev)),
    editText: (edit) => tagged<EditAnswer>((remote, rev) => remote.editText(rev, edit)),
    foldEdits: (edits) => tagged((remote, rev) => remote.foldEdits(rev, edits)),
    resetPatch: () => tagged((remote, rev) => remote.resetPatch(rev)),
    scenarioText: () => tagged((remote, rev) => remote.scenarioText(rev)),
    editableModel: () => tagged((remote, rev) => remote.editableModel(rev)),
    editRows: <L extends EditList>(query: EditRowQuery & { list: L }) => tagged<RowPage<EditRowOf<L>>>((remote, rev) => remote.editRows(rev, query) as Promise<Tagged<RowPage<EditRowOf<L>>>>),
    freeAddresses: (nodes) => tagged((remote, rev) => remote.freeAddresses(rev, nodes)),
    decodeShareUrl: (href) => call<DecodeResult | undefined>((remote) => remote.decodeShareUrl(href)),
    onRestart(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      disposed = true;
      generation.worker.terminate();
    },
  };
}
