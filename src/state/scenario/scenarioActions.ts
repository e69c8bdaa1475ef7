/**
 * What the user can do, as functions over the stores and the worker client.
 * Every engine question goes to the worker; stale answers (the scenario or the
 * selection changed meanwhile) are dropped; errors land in the stores as text.
 *
 * `open(source)` is the one way a scenario is opened (the preset switcher,
 * what-if edits, imports, share links and lessons all call it).
 */
import type { Diagnostic, FlowRequest } from '../../engine/index';
import { sourceName, type ScenarioSource } from '../../share/scenarioSource';
import type { FamilyFlows, OpenedScenario, RowList, RowOf, RowPage, RowQuery, ViewPart } from '../../worker/api';
import type { EngineClient } from '../../worker/client';
import { EMPTY_NODE_STATE, type NodeStateStore } from './nodeStateStore';
import { marksKey, viewMarksOf } from './nodeViewMarks';
import type { ScenarioStore } from './scenarioStore';
import type { SelectionStore } from './selectionStore';
import { EMPTY_TRACE, type TraceStore } from '../trace/traceStore';

export interface Stores {
  scenario: ScenarioStore;
  trace: TraceStore;
  nodeState: NodeStateStore;
  selection: SelectionStore;
}

export interface OpenOptions {
  /**
   * A change of the scenario shown (an edit, undo, import): the current
   * scenario stays until the new one compiled, then the flow is traced again
   * and the node shown stays. Without it the view starts afresh.
   */
  keepView?: boolean;
  /** A what-if change: refused when it brings an error the scenario shown has not (see `OpenScenarioOptions`). */
  refuseNewErrors?: boolean;
}

export type OpenOutcome =
  | { ok: true; opened: OpenedScenario }
  | { ok: false; stale?: boolean; error?: string; diagnostics: Diagnostic[]; opened?: OpenedScenario };

export interface Actions {
  /** Loads the preset list, then the scenario last worked on (with its draft), else the store's preset. */
  start(): Promise<void>;
  /** Loads the preset list (before a share link is opened instead of the last scenario). */
  loadPresets(): Promise<void>;
  /** The preset switcher: opens preset `name` with the user's draft of it. */
  selectPreset(name: string): Promise<void>;
  /** Opens a scenario from its source; see `OpenOptions`. */
  open(source: ScenarioSource, options?: OpenOptions): Promise<OpenOutcome>;
  selectNode(name: string): Promise<void>;
  /** Asks the shown node's views again when the trace or the selection marks other lines (a long view is windowed around them). */
  refreshNodeMarks(): Promise<void>;
  /** Shows the next page of lines of a gap (starting at line `from`) in view `viewId` of the shown node. */
  showViewLines(viewId: string, from: number): Promise<void>;
  /** Collapsed topology: opens node `name` (its parts drawn, its state shown); the list keeps the last few. */
  openNode(name: string): Promise<void>;
  runTrace(request: FlowRequest): Promise<void>;
  /** A page of a long list (pods, nodes, the flow picker's suggestions), searched in the worker; undefined when the scenario changed meanwhile or the worker failed. */
  findRows<L extends RowList>(query: RowQuery & { list: L }): Promise<RowPage<RowOf<L>> | undefined>;
  /** The flow families' flows from client pod `from` (else the first); undefined as for `findRows`. */
  familyFlows(from?: string): Promise<FamilyFlows | undefined>;
}

/** Opens a preset with its draft, and the last scenario worked on (the what-if actions). */
export interface DraftOpener {
  openBase(base: ScenarioSource, options?: { restoreDraft?: boolean }): Promise<unknown>;
  restore(): Promise<void>;
}

export function createActions(client: EngineClient, stores: Stores & { playback: { getState(): { position: number }; setState(s: { position: number }): void } }, drafts: () => DraftOpener): Actions {
  const { scenario, trace, nodeState, selection } = stores;
  const marksFor = (node: string) => viewMarksOf(trace.getState().trace, node, scenario.getState().summary, selection.getState().owner);
  let ticket = 0;

  async function open(source: ScenarioSource, { keepView = false, refuseNewErrors = false }: OpenOptions = {}): Promise<OpenOutcome> {
    const mine = ++ticket;
    if (keepView) {
      scenario.setState({ status: 'compiling', error: undefined });
    } else {
      scenario.setState({ presetName: sourceName(source), summary: null, diagnostics: [], topology: null, collapsed: undefined, opened: [], status: 'loading', error: undefined });
      trace.setState(EMPTY_TRACE, true);
      nodeState.setState(EMPTY_NODE_STATE, true);
    }
    let answered = false;
    const answer = await client.openScenario(source, { refuseNewErrors }, (progress) => {
      // A late report (after the answer) must not take a ready scenario back to 'compiling'.
      if (mine === ticket && !answered) scenario.setState({ status: 'compiling', progress });
    });
    answered = true;
    if (mine === ticket) scenario.setState({ progress: undefined });
    if (mine !== ticket || answer.kind === 'stale') return { ok: false, stale: true, diagnostics: [] };
    // A change that fails leaves the scenario shown as it was (the worker keeps it too).
    const failed = keepView && scenario.getState().summary ? { status: 'ready' as const } : undefined;
    if (answer.kind === 'error') {
      scenario.setState(failed ?? { status: 'error', error: answer.message });
      return { ok: false, error: answer.message, diagnostics: [] };
    }
    const opened = answer.value;
    if (!opened.compiled || !opened.summary) {
      const errors = opened.diagnostics.filter((d) => d.severity === 'error');
      scenario.setState(failed ?? { status: 'error', diagnostics: opened.diagnostics });
      return { ok: false, diagnostics: errors.length ? errors : opened.diagnostics, opened };
    }
    const { summary, topology, collapsed, firstNode } = opened.compiled;
    scenario.setState({
      presetName: sourceName(source),
      source,
      textLength: opened.textLength,
      hns: opened.hns,
      summary,
      diagnostics: opened.diagnostics,
      topology,
      collapsed,
      opened: [],
      status: 'ready',
      error: undefined,
      engineRestart: undefined,
    });
    if (!keepView) {
      if (firstNode) nodeState.setState({ node: firstNode.node, views: firstNode.views, marksKey: marksKey(marksFor(firstNode.node)), status: 'ready', error: undefined });
      return { ok: true, opened };
    }
    const request = trace.getState().request;
    const position = stores.playback.getState().position;
    const node = nodeState.getState().node;
    const nodes = summary.nodes.map((n) => n.name);
    await Promise.all([
      request ? runTrace(request).then(() => stores.playback.setState({ position })) : Promise.resolve(),
      node && nodes.includes(node) ? selectNode(node) : nodes[0] ? selectNode(nodes[0]) : Promise.resolve(),
    ]);
    return { ok: true, opened };
  }

  /** The views asked last, to wait for rather than ask again. */
  let asking: { node: string; key: string; done: Promise<void> } | undefined;

  /** Asks node `name`'s views with the current marks; the answer is dropped when another node or other marks were asked meanwhile. */
  function askViews(name: string): Promise<void> {
    const marks = marksFor(name);
    const key = marksKey(marks);
    nodeState.setState({ marksKey: key });
    const done = showViews(name, key, client.nodeStateViews(name, marks));
    asking = { node: name, key, done };
    return done;
  }

  async function showViews(name: string, key: string, asked: ReturnType<EngineClient['nodeStateViews']>): Promise<void> {
    const answer = await asked;
    const now = nodeState.getState();
    if (answer.kind === 'stale' || now.node !== name || now.marksKey !== key) return;
    if (answer.kind === 'error') return nodeState.setState({ status: 'error', error: answer.message });
    nodeState.setState({ views: answer.value, status: 'ready' });
  }

  /** Node `name` is shown, its views on their way (none asked yet). */
  function showLoading(name: string): void {
    nodeState.setState({ node: name, views: [], status: 'loading', error: undefined, marksKey: undefined });
  }

  async function selectNode(name: string): Promise<void> {
    showLoading(name);
    await askViews(name);
  }

  async function refreshNodeMarks(): Promise<void> {
    const { node, marksKey: shown, status } = nodeState.getState();
    if (!node || status === 'error') return;
    const key = marksKey(marksFor(node));
    // Already asked with these marks: wait for that answer.
    if (key === shown) return asking?.node === node && asking.key === key ? asking.done : undefined;
    await askViews(node);
  }

  async function showViewLines(viewId: string, from: number): Promise<void> {
    const { node, views, marksKey: key } = nodeState.getState();
    const gap = views.find((v) => v.id === viewId)?.parts.find((p) => p.kind === 'gap' && p.from === from);
    if (!node || !gap || gap.kind !== 'gap') return;
    const answer = await client.nodeStateLines(node, viewId, from, gap.count, marksFor(node));
    const now = nodeState.getState();
    if (answer.kind !== 'ok' || answer.value.length === 0 || now.node !== node || now.marksKey !== key) return;
    const lines = answer.value;
    const rest = gap.count - lines.length;
    const filled: ViewPart[] = [{ kind: 'lines', from, lines }, ...(rest > 0 ? [{ kind: 'gap' as const, from: from + lines.length, count: rest }] : [])];
    nodeState.setState({ views: now.views.map((v) => (v.id === viewId ? { ...v, parts: v.parts.flatMap((p) => (p.kind === 'gap' && p.from === from ? filled : [p])) } : v)) });
  }

  async function runTrace(request: FlowRequest): Promise<void> {
    trace.setState({ ...EMPTY_TRACE, status: 'running', request }, true);
    const answer = await client.traceFlow(request);
    if (answer.kind === 'stale' || trace.getState().request !== request) return;
    if (answer.kind === 'error') return trace.setState({ status: 'error', error: answer.message });
    // Show the state of the first cluster node the packet meets, so the lines it uses are highlighted there: the node is
    // chosen before the trace is shown, so its views are asked once, with the trace's marks (wiring.ts asks them).
    const first = answer.value.firstNode;
    if (first && first !== nodeState.getState().node) showLoading(first);
    trace.setState({ status: 'done', trace: answer.value.trace, locations: answer.value.locations, parts: answer.value.parts, diagnostics: answer.value.diagnostics });
    await refreshNodeMarks();
  }

  /** How many opened nodes a collapsed topology keeps drawn. */
  const OPENED_KEPT = 4;

  async function openNode(name: string): Promise<void> {
    const [parts] = await Promise.all([client.nodeParts(name), selectNode(name)]);
    if (parts.kind !== 'ok' || !parts.value) return;
    const kept = scenario.getState().opened.filter((p) => p.node !== name);
    scenario.setState({ opened: [parts.value, ...kept].slice(0, OPENED_KEPT) });
  }

  async function loadPresets(): Promise<void> {
    const presets = await client.listPresets();
    if (presets.kind === 'ok') scenario.setState({ presets: presets.value });
  }

  return {
    async start() {
      await loadPresets();
      await drafts().restore();
    },
    loadPresets,
    selectPreset: async (name) => void (await drafts().openBase({ preset: name }, { restoreDraft: true })),
    open,
    selectNode,
    refreshNodeMarks,
    showViewLines,
    openNode,
    runTrace,
    findRows: async (query) => {
      const answer = await client.findRows(query);
      return answer.kind === 'ok' ? answer.value : undefined;
    },
    familyFlows: async (from) => {
      const answer = await client.familyFlows(from);
      return answer.kind === 'ok' ? answer.value : undefined;
    },
  };
}
