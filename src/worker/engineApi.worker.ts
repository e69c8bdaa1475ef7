/**
 * The engine worker's API as plain functions (`createEngineApi`): what
 * `engine.worker.ts` exposes through comlink, and what tests run in-process
 * (`testing/inProcess.worker.ts`). Each instance keeps the compiled cluster of
 * its latest scenario, so a scenario is compiled once and then answers traces
 * and node-state views.
 *
 * Total: an exception thrown by the engine never leaves a call. Opening a
 * scenario and tracing answer it as an `engine-error` diagnostic; the other
 * calls as an error the client shows.
 */
import {
  PRESETS,
  compileScenario,
  importFiles,
  listPlaces,
  loadScenarioText,
  looksLikeHnsDump,
  traceFlow,
  type CompiledCluster,
  type CompileProgress,
  type Diagnostic,
  type DiagnosticCode,
  type HnsAttachment,
  type LoadResult,
  type Trace,
} from '../engine/index';
import { decodeShareUrl } from '../share/codec';
import { applyScenarioEdits, baseOf, diffEdits, importedText, resolveSourceText, sourceName, withEdits, type ScenarioEdit, type ScenarioSource } from '../share/scenarioSource';
import type { EngineWorkerApi, OpenedScenario, OpenScenarioOptions, Places, RowList, RowOf, RowPage, RowQuery, ViewMarks } from './api';
import { editPatch } from './edits.worker';
import { editRowSource, type EditRowSource } from './editRows.worker';
import { familyFlows } from './families.worker';
import { nodeViewPager, type NodeViewPager } from './nodeViews.worker';
import { rowSource, summarize } from './rows.worker';
import { pageRunbook } from './runbookPage.worker';
import { ipamPage } from './ipamPage.worker';
import { topologyFeed, type TopologyFeed } from './topologyFeed.worker';
import { compareImported, ipamViewOf, readinessOf, runbookOf } from './whatIf.worker';
import { editableModel, firstLinuxPod } from '../edit/editableModel';

/** An engine exception as a diagnostic (the engine is meant to be total; this names what it failed on). */
export function engineErrorDiagnostic(during: string, error: unknown): Diagnostic {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { severity: 'error', code: 'engine-error', message: `the engine failed while ${during}: ${message}`, params: { during, message } };
}

interface Loaded extends LoadResult {
  /** The text the source's edits applied to, after them (what what-if edits change next). */
  text: string;
  /** The text before the edits (when there are edits). */
  baseText?: string;
  hns: HnsAttachment[];
}

/** Resolves a source to a scenario: the preset's or given YAML (plus edits) parsed, or the files imported. */
function load(source: ScenarioSource): Loaded | { error: Diagnostic } {
  const edits = source.edits ?? [];
  const fail = (message: string): { error: Diagnostic } => ({ error: { severity: 'error', code: 'missing-reference', message } });
  if ('files' in source) {
    const imported = importFiles(source.files, source.windowsNode ? { windowsNode: source.windowsNode } : {});
    const base = importedText(source.files, looksLikeHnsDump);
    if (edits.length === 0) return { ...imported, text: base };
    const edited = applyScenarioEdits(base, edits);
    if ('error' in edited) return fail(edited.error.message);
    // The dumps' diagnostics stay; the scenario objects come from the edited text.
    const loadedText = loadScenarioText(edited.yaml, 'imported');
    return { ...loadedText, text: edited.yaml, baseText: base, hns: imported.hns, diagnostics: [...loadedText.diagnostics, ...imported.diagnostics.filter((d) => d.file && source.files.some((f) => f.name === d.file && looksLikeHnsDump(f.text)))] };
  }
  const edited = resolveSourceText(source, (name) => PRESETS.find((p) => p.name === name)?.yaml);
  if ('error' in edited) return fail(edited.error.message);
  return { ...loadScenarioText(edited.yaml, sourceName(source)), text: edited.yaml, ...(edits.length ? { baseText: edited.base } : {}), hns: [] };
}

/** `edits` applied to `baseText` as one patch from it; undefined without a base text or when they do not apply. */
function foldedPatch(baseText: string | undefined, edits: ScenarioEdit[]): ScenarioEdit[] | undefined {
  if (baseText === undefined) return undefined;
  const folded = applyScenarioEdits(baseText, edits);
  return 'error' in folded ? undefined : diffEdits(baseText, folded.yaml);
}

/** Nothing marked: a scenario's first node before any trace. */
const NO_MARKS: ViewMarks = { used: { ids: new Set(), texts: new Set() }, produced: { ids: new Set(), texts: new Set() } };

/** Errors about the input as a whole (not one object): the scenario is not opened. */
const WHOLE_INPUT_ERRORS: ReadonlySet<DiagnosticCode> = new Set<DiagnosticCode>(['yaml-syntax', 'too-large', 'engine-error']);

const errorKey = (d: Diagnostic): string => JSON.stringify([d.code, d.object, d.field, d.message, d.file]);

/** The first cluster node the packet meets (not an outside host). */
function firstClusterNode(cluster: CompiledCluster, trace: Trace): string | undefined {
  const isNode = (name: string) => cluster.scenario.nodes.some((n) => n.name === name);
  return trace.steps.find((s) => s.node && isNode(s.node))?.node;
}

export function createEngineApi(): EngineWorkerApi {
  /** `text`: the scenario's text after its edits (the policy editor shows each policy's text from it). */
  let current:
    | {
        revision: number;
        cluster: CompiledCluster;
        feed: TopologyFeed;
        places: Places;
        rows: <L extends RowList>(query: RowQuery & { list: L }) => RowPage<RowOf<L>>;
        views: NodeViewPager;
        editRows: EditRowSource;
        hns: HnsAttachment[];
        errors: ReadonlySet<string>;
        text: string;
        /** The text before the source's edits (when it has edits): what undo folds and reset go back to. */
        baseText?: string;
      }
    | undefined;

  /** The last source `openScenario` was sent, without its edits (what `openEdits` edits). */
  let sent: ScenarioSource | undefined;

  function currentFor(revision: number): NonNullable<typeof current> {
    if (!current || current.revision !== revision) throw new Error(`scenario revision ${revision} is not loaded in the engine worker`);
    return current;
  }
  const clusterFor = (revision: number): CompiledCluster => currentFor(revision).cluster;

  function open(revision: number, source: ScenarioSource, options: OpenScenarioOptions = {}, onProgress?: (progress: CompileProgress) => void): OpenedScenario {
    // A source that does not load leaves the previous cluster current (the page keeps showing it), under the new revision.
    if (current) current = { ...current, revision };
    let loaded: ReturnType<typeof load>;
    try {
      loaded = load(source);
    } catch (error) {
      return { summary: null, diagnostics: [engineErrorDiagnostic('loading the scenario', error)] };
    }
    if ('error' in loaded) return { summary: null, diagnostics: [loaded.error] };
    const { scenario, diagnostics, text, baseText } = loaded;
    // An object a real component would reject is skipped with its error and the rest compiles, as kube-proxy serves the
    // other Services (issue 11 item 6). Text that does not parse, or is too large, stops the load, as `kubectl apply`
    // refuses the file: compiling what is left would silently change the cluster (e.g. defaults for a lost Installation).
    const fatal = diagnostics.filter((d) => d.severity === 'error' && WHOLE_INPUT_ERRORS.has(d.code) && !('files' in source && d.file && source.files.some((f) => f.name === d.file && looksLikeHnsDump(f.text))));
    const textOf = { textLength: text.length, unedited: baseText === undefined || text === baseText };
    if (!scenario || fatal.length > 0) return { summary: null, diagnostics, ...textOf };
    const errors = new Set(diagnostics.filter((d) => d.severity === 'error').map(errorKey));
    const before = current?.errors;
    if (options.refuseNewErrors && before && [...errors].some((e) => !before.has(e))) return { summary: null, diagnostics: diagnostics.filter((d) => d.severity !== 'error' || !before.has(errorKey(d))), ...textOf };
    try {
      const cluster = compileScenario(scenario, { ...(loaded.hns.length ? { hns: loaded.hns } : {}), ...(onProgress ? { onProgress } : {}) });
      const feed = topologyFeed(cluster);
      const firstNode = scenario.nodes[0]?.name;
      const pager = nodeViewPager(cluster);
      const views = firstNode ? { node: firstNode, views: pager.pages(firstNode, NO_MARKS) } : undefined;
      const places = listPlaces(cluster);
      current = { revision, cluster, feed, places, rows: rowSource(cluster, places), views: pager, editRows: editRowSource(cluster), hns: loaded.hns, errors, text, ...(baseText !== undefined ? { baseText } : {}) };
      const summary = summarize(cluster);
      const compiled = { summary, topology: feed.topology, ...(feed.collapsed ? { collapsed: true } : {}), firstNode: views };
      return { summary, diagnostics, ...textOf, compiled, hns: loaded.hns.map((a) => ({ node: a.node, files: a.files })) };
    } catch (error) {
      return { summary: null, diagnostics: [...diagnostics, engineErrorDiagnostic('compiling the scenario', error)], ...textOf };
    }
  }

  return {
    listPresets: () => PRESETS,
    openScenario(revision, source, options, onProgress) {
      sent = baseOf(source);
      return { revision, value: open(revision, source, options, onProgress) };
    },
    openEdits(revision, edits, options, onProgress) {
      if (!sent) return { revision, value: { summary: null, diagnostics: [engineErrorDiagnostic('opening edits', new Error('no scenario was sent to this worker'))] } };
      return { revision, value: open(revision, withEdits(sent, edits), options, onProgress) };
    },
    traceFlow(revision, request) {
      const { cluster, feed } = currentFor(revision);
      try {
        const result = traceFlow(cluster, request);
        const firstNode = result.trace && firstClusterNode(cluster, result.trace);
        return { revision, value: result.trace ? { ...result, ...feed.locate(result.trace), ...(firstNode ? { firstNode } : {}) } : result };
      } catch (error) {
        return { revision, value: { diagnostics: [engineErrorDiagnostic(`tracing ${request.src} → ${request.dst}`, error)] } };
      }
    },
    nodeStateViews: (revision, node, marks) => ({ revision, value: currentFor(revision).views.pages(node, marks) }),
    nodeStateLines: (revision, node, viewId, from, count, marks) => ({ revision, value: currentFor(revision).views.lines(node, viewId, from, count, marks) }),
    findRows: (revision, query) => ({ revision, value: currentFor(revision).rows(query) }),
    familyFlows: (revision, from) => ({ revision, value: familyFlows(currentFor(revision).places, from) }),
    nodeParts: (revision, node) => ({ revision, value: currentFor(revision).feed.partsOf(node) }),
    checkReadiness: (revision, options) => ({ revision, value: readinessOf(clusterFor(revision), options) }),
    runbook: (revision, whole) => ({ revision, value: whole ? runbookOf(clusterFor(revision)) : pageRunbook(runbookOf(clusterFor(revision))) }),
    ipamPage(revision, query) {
      const cluster = clusterFor(revision);
      return { revision, value: ipamPage(ipamViewOf(cluster), query, firstLinuxPod(cluster.scenario)) };
    },
    compareImportedHns: (revision) => ({ revision, value: compareImported(clusterFor(revision), currentFor(revision).hns) }),
    editText: (revision, edit) => ({ revision, value: editPatch(currentFor(revision).text, edit) }),
    foldEdits: (revision, edits) => ({ revision, value: foldedPatch(currentFor(revision).baseText, edits) }),
    resetPatch(revision) {
      const { text, baseText } = currentFor(revision);
      return { revision, value: baseText === undefined ? [] : diffEdits(text, baseText) };
    },
    scenarioText: (revision) => ({ revision, value: currentFor(revision).text }),
    editableModel: (revision) => ({ revision, value: editableModel(clusterFor(revision).scenario, currentFor(revision).text) }),
    editRows: (revision, query) => ({ revision, value: currentFor(revision).editRows.rows(query) }),
    freeAddresses: (revision, nodes) => ({ revision, value: currentFor(revision).editRows.freeAddresses(nodes) }),
    decodeShareUrl,
  };
}
