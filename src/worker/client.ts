/**
 * The main thread's handle on the engine worker.
 *
 * - Wraps the worker with comlink; the main thread never runs engine code.
 * - Tags every scenario-dependent question with the scenario revision and
 *   answers `stale` when the revision changed before the answer arrived.
 * - Restarts a crashed worker (an `error` event: a failed module load or an
 *   uncaught error) and re-sends the current scenario to the new one. Questions
 *   that were pending on the crashed worker answer with an error. After
 *   `MAX_CONSECUTIVE_CRASHES` crashes without a good answer it stops restarting.
 */
import { wrap, type Endpoint, type Remote } from 'comlink';
import type { FlowRequest, LoadResult, NodeStateView, PresetInfo, Scenario, Trace } from '../engine/index';
import { errorMessage, type Answer } from './answer';
import type { CompileResult, EngineWorkerApi, ExplainCatalogue, Tagged, TraceResult, TraceTextFormat } from './api';
import type { Finding, ImportOptions, InputFile, ReadinessOptions } from '../engine/index';
import type { HnsComparison, ImportAnswer, IpamView, SetScenarioOptions } from './api';

export type { Answer } from './answer';

/** A Worker, or anything shaped like one (tests use a MessagePort). */
export type EngineWorker = Endpoint & { terminate(): void };

export interface EngineClient {
  listPresets(): Promise<Answer<readonly PresetInfo[]>>;
  loadPreset(name: string): Promise<Answer<LoadResult>>;
  /** Parses scenario text (YAML or a JSON List) in the worker. */
  loadText(text: string, name: string): Promise<Answer<LoadResult>>;
  /** Makes `scenario` the current one (a new revision) and compiles it in the worker. */
  setScenario(scenario: Scenario, options?: SetScenarioOptions): Promise<Answer<CompileResult>>;
  traceFlow(request: FlowRequest): Promise<Answer<TraceResult>>;
  nodeStateViews(node: string): Promise<Answer<NodeStateView[]>>;
  /** A trace as text or Markdown, as `npm run trace` prints it (formatted in the worker with the given sentence catalogue). */
  formatTrace(trace: Trace, format: TraceTextFormat, sentences: ExplainCatalogue, detail?: boolean): Promise<Answer<string>>;
  /** Windows readiness findings of the current scenario. */
  checkReadiness(options: ReadinessOptions): Promise<Answer<Finding[]>>;
  /** The IPAM of the current scenario as plain data. */
  ipamView(): Promise<Answer<IpamView>>;
  /** Parses input files (kubectl dumps, Calico objects, HNS dumps) in the worker. */
  importFiles(files: InputFile[], options?: ImportOptions): Promise<Answer<ImportAnswer>>;
  /** The last import's HNS dumps compared with the current scenario. */
  compareImportedHns(): Promise<Answer<HnsComparison[]>>;
  /** The current scenario revision (0 before the first `setScenario`). */
  readonly revision: number;
  dispose(): void;
}

export const MAX_CONSECUTIVE_CRASHES = 3;

interface Generation {
  worker: EngineWorker;
  remote: Remote<EngineWorkerApi>;
  /** Rejects when this worker crashes; every call races against it. */
  crashed: Promise<never>;
}

export function createEngineClient(spawn: () => EngineWorker): EngineClient {
  let revision = 0;
  let scenario: Scenario | undefined;
  let scenarioOptions: SetScenarioOptions | undefined;
  let crashes = 0;
  let fatal: string | undefined;
  let disposed = false;
  let generation = start();

  function start(): Generation {
    const worker = spawn();
    let reject: (reason: Error) => void = () => {};
    const crashed = new Promise<never>((_, r) => (reject = r));
    crashed.catch(() => {}); // observed through the races below
    const next: Generation = { worker, remote: wrap<EngineWorkerApi>(worker), crashed };
    worker.addEventListener('error', (event) => {
      const message = (event as ErrorEvent).message || 'the engine worker stopped';
      reject(new Error(`engine worker crashed: ${message}`));
      if (generation === next) restart();
    });
    return next;
  }

  function restart(): void {
    generation.worker.terminate();
    crashes += 1;
    if (disposed) return;
    if (crashes > MAX_CONSECUTIVE_CRASHES) {
      fatal = `engine worker crashed ${crashes} times in a row; reload the page`;
      return;
    }
    generation = start();
    // Re-send the scenario first: the worker answers messages in order.
    if (scenario) void call((remote) => remote.setScenario(revision, scenario!, scenarioOptions));
  }

  async function call<T>(ask: (remote: Remote<EngineWorkerApi>) => Promise<T>): Promise<Answer<T>> {
    if (fatal) return { kind: 'error', message: fatal };
    const { remote, crashed } = generation;
    try {
      const value = await Promise.race([ask(remote), crashed]);
      crashes = 0;
      return { kind: 'ok', value };
    } catch (error) {
      return { kind: 'error', message: errorMessage(error) };
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
    loadPreset: (name) => call((remote) => remote.loadPreset(name)),
    loadText: (text, name) => call((remote) => remote.loadText(text, name)),
    setScenario(next, options) {
      revision += 1;
      scenario = next;
      scenarioOptions = options;
      return tagged((remote, rev) => remote.setScenario(rev, next, options));
    },
    traceFlow: (request) => tagged((remote, rev) => remote.traceFlow(rev, request)),
    nodeStateViews: (node) => tagged((remote, rev) => remote.nodeStateViews(rev, node)),
    checkReadiness: (options) => tagged((remote, rev) => remote.checkReadiness(rev, options)),
    ipamView: () => tagged((remote, rev) => remote.ipamView(rev)),
    importFiles: (files, options = {}) => call((remote) => remote.importFiles(files, options)),
    compareImportedHns: () => tagged((remote, rev) => remote.compareImportedHns(rev)),
    formatTrace: (trace, format, sentences, detail = false) => call((remote) => remote.formatTrace(trace, format, sentences, detail)),
    dispose() {
      disposed = true;
      generation.worker.terminate();
    },
  };
}
