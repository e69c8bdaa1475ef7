/**
 * The contract between the engine worker and the main thread: what
 * `engine.worker.ts` exposes through comlink. Types only, so the main thread
 * can import it without pulling in engine code.
 *
 * Calls that depend on the compiled scenario carry the scenario revision they
 * are asked for and answer with it (`Tagged`), so the client can drop answers
 * that arrive after the scenario changed.
 */
import type {
  CompileProgress,
  Diagnostic,
  Finding,
  Runbook,
  FlowRequest,
  Mismatch,
  NodeStateView,
  PresetInfo,
  ReadinessOptions,
  Topology,
  Trace,
  TraceLocations,
  listPlaces,
} from '../engine/index';

import type { DecodeResult } from '../share/codec';
import type { MarkedLine, UsedRules } from '../traceViews/viewMarks';
import type { EditableModel, EditableNode, EditablePod, EditableService } from '../edit/editableModel';
import type { Edit } from '../edit/edits';
import type { ScenarioEdit, ScenarioSource } from '../share/scenarioSource';

/** An answer computed for one scenario revision. */
export interface Tagged<T> {
  revision: number;
  value: T;
}

/** The places (pods, nodes, hosts, services) a flow can start from or go to. */
export type Places = ReturnType<typeof listPlaces>;

/** Above this many nodes the topology is collapsed: a summary without node parts, parts sent per node (`NodeParts`). */
export const COLLAPSE_ABOVE_NODES = 100;

/**
 * What the main thread keeps of an opened scenario (issue 18: never the whole
 * scenario or its places): its name, counts, the nodes (a short record each,
 * for the node picker), and what marks a selected object's rules. Rows of the
 * long lists (pods, places) are asked with `findRows`, a page at a time.
 */
export interface ScenarioSummary {
  name: string;
  nodes: { name: string; os: 'linux' | 'windows'; internalIP: string; osImage?: string }[];
  pods: number;
  services: number;
  /** The first pod (not host network) on a Windows node, `namespace/name`: the IPAM view's example. */
  windowsPod?: string;
  /** Each EndpointSlice with its Service: selecting one marks the rules of both (kube-proxy builds them from both). */
  endpointSlices: { namespace: string; name: string; serviceName: string }[];
}

/** A list the page shows a page of, searched in the worker. */
export type RowList = 'pods' | 'nodes' | 'sources' | 'destinations';

export interface RowQuery {
  list: RowList;
  /** Rows whose text contains this (case-insensitive); empty: all. */
  text: string;
  /** At most this many rows. */
  limit: number;
}

/** A pod of the pod table. */
export interface PodRow {
  namespace: string;
  name: string;
  node: string;
  ip?: string;
  hostNetwork?: boolean;
}

/** A node of the node table. */
export type NodeRow = ScenarioSummary['nodes'][number];

/** A suggestion of the flow picker: what goes into the field, and what it is (the page words the label). */
export type PlaceRow = { value: string } & (
  | { kind: 'pod' | 'node' | 'host'; ip: string; node?: string }
  | { kind: 'service'; ports: string }
  | { kind: 'clusterIP' | 'nodePort'; service: string; port?: number }
);

/** One page of a list: the rows and how many match in all. */
export interface RowPage<R> {
  rows: R[];
  total: number;
}

export type RowOf<L extends RowList> = L extends 'pods' ? PodRow : L extends 'nodes' ? NodeRow : PlaceRow;

/** A list of the what-if forms (issue 18): paged and searched in the worker, as `findRows`. */
export type EditList = 'nodes' | 'pods' | 'services' | 'endpointPods';

export interface EditRowQuery {
  list: EditList;
  /** Rows whose text contains this (case-insensitive); empty: all. */
  text: string;
  /** At most this many rows. */
  limit: number;
  /** `endpointPods`: the Service whose candidate endpoints to list (its namespace's pods with an address it does not list). */
  service?: { namespace: string; name: string };
}

export type EditRowOf<L extends EditList> = L extends 'nodes' ? EditableNode : L extends 'services' ? EditableService : EditablePod;

/** The four flow families the seed walks through (one click each in the flow picker). */
export const FAMILIES = ['pod-pod', 'pod-clusterip', 'nodeport', 'egress'] as const;
export type Family = (typeof FAMILIES)[number];

/** A client pod the flow families can start from. */
export type ClientPod = Places['pods'][number];

/** The families' one-click flows from a client pod (the chosen one, else the first), and the first client pods to choose from. */
export interface FamilyFlows {
  clients: ClientPod[];
  /** Client pods in all. */
  total: number;
  from?: string;
  flows: Partial<Record<Family, FlowRequest>>;
}

export interface CompileResult {
  summary: ScenarioSummary;
  /**
   * The scenario's machines, networks and node parts, for the topology view.
   * When `collapsed`, a summary: nodes (each wired to its network), networks,
   * the gateway and hosts, without node parts (those come with a trace, or
   * from `nodeParts`).
   */
  topology: Topology;
  collapsed?: boolean;
}

/** One node's parts and their links (its pods, veths, tables, NIC wired to its network), for a collapsed topology. */
export interface NodeParts {
  node: string;
  elements: Topology['elements'];
  edges: Topology['edges'];
}

export interface TraceResult {
  trace?: Trace;
  /** The first cluster node the packet meets (whose state the page shows). */
  firstNode?: string;
  diagnostics: Diagnostic[];
  /** The topology element each step (and reply step) acts on; set with `trace`. */
  locations?: TraceLocations;
  /** Collapsed topology: the parts of the nodes the trace and its reply pass (what `locations` point into). */
  parts?: NodeParts[];
}

/** IPAM of the compiled cluster as plain data, for the IPAM what-if view. */
export interface IpamView {
  blocks: {
    cidr: string;
    pool: string;
    node: string;
    windows: boolean;
    /** Addresses the Windows host reserves (.0, .1, .2 and the last). */
    reserved: string[];
    /** Addresses a pod can get: the block size, less the reserved ones on Windows. */
    usable: number;
    /** Pods whose address lies in this block: `ns/name`, IP, the node running it. */
    pods: { pod: string; ip: string; node: string }[];
  }[];
  borrowed: { pod: string; ip: string; node: string; blockOwner: string }[];
  /** Calico strictAffinity (false without an IPAMConfiguration). */
  strictAffinity: boolean;
}

type RunbookStep = Runbook['steps'][number];

/**
 * The runbook as the page shows it (worker/runbookPage.worker.ts): a long
 * `ip route` before/after as the routes that differ, `unchanged` saying how
 * many are left out (and at most the first 40 of those that differ,
 * `moreBefore`/`moreAfter` counting the rest); a long expected output as its first lines, `more`
 * saying how many are left out. The whole runbook has neither.
 */
export interface PageRunbook extends Omit<Runbook, 'steps'> {
  steps: (Omit<RunbookStep, 'changes' | 'verify'> & {
    changes?: NonNullable<RunbookStep['changes']> & { unchanged?: number; moreBefore?: number; moreAfter?: number };
    verify: (RunbookStep['verify'][number] & { more?: number })[];
  })[];
}

/** What the IPAM panel shows (worker/ipamPage.worker.ts): a page of blocks, how many match and how many there are. */
export interface IpamPage {
  blocks: IpamView['blocks'];
  matching: number;
  blockCount: number;
  borrowed: IpamView['borrowed'];
  strictAffinity: boolean;
  /** With nothing borrowed: a Linux pod and a free address of a Windows block to move it to (the borrowing demonstration). */
  borrowCandidate?: { pod: { namespace: string; name: string }; node: string; ip: string };
}

/** One imported node's HNS dump against what the cluster objects imply. */
export interface HnsComparison {
  node: string;
  files: string[];
  mismatches: Mismatch[];
}

/** What marks a node's state view lines: the rules the trace used on the node, and those of them the selected object produced (traceViews/viewMarks.ts). */
export interface ViewMarks {
  used: UsedRules;
  produced: UsedRules;
}

/** A stretch of a node state view: lines as drawn (0-based `from`), or `count` lines not sent, which the page asks for a page at a time. */
export type ViewPart = { kind: 'lines'; from: number; lines: MarkedLine[] } | { kind: 'gap'; from: number; count: number };

/**
 * A node state view as the page draws it (issue 18; worker/nodeViews.worker.ts):
 * whole when short; a long one as its first lines, each marked line with its
 * neighbours, and gaps between.
 */
export interface NodeViewPage {
  id: string;
  title: string;
  notes?: NodeStateView['notes'];
  lineCount: number;
  parts: ViewPart[];
}

/** The first node's state views, shown when a scenario opens (nothing marked yet). */
export interface NodeViews {
  node: string;
  views: NodeViewPage[];
}

/** How `openScenario` treats objects with errors. */
export interface OpenScenarioOptions {
  /**
   * A what-if change: refuse the source (the current scenario stays) when it has an error the current one has not,
   * so an edit never silently drops an object. Without it, such objects are skipped and the rest opens.
   */
  refuseNewErrors?: boolean;
}

/** What `openScenario` answers: the parsed scenario and its diagnostics; `compiled` when it loaded and compiled (it is then the worker's current one). */
export interface OpenedScenario {
  /** The opened scenario's summary (null when it did not load; the worker then keeps its previous one). */
  summary: ScenarioSummary | null;
  diagnostics: Diagnostic[];
  /**
   * The length of the source's text after its edits; absent when the source could not be resolved. The text itself
   * stays in the worker (what-if edits, folds and the download ask for it there): at 1,000 nodes it is 1.6 MB, and
   * carrying it to the page after every edit was the longest main-thread task (issue 18).
   */
  textLength?: number;
  /** The edits leave the source's text as it was (or there are none). */
  unedited?: boolean;
  compiled?: CompileResult & { firstNode?: NodeViews };
  /** HNS dumps among the files, attached to a Windows node (the node is built from them). */
  hns?: { node: string; files: string[] }[];
}

/** A what-if edit applied in the worker: the text patch it makes (empty when it changes nothing), or why it failed (an object it names is missing, the text does not parse). */
/** `diagnostics`: what the engine's checks said about the edit's input (a policy's YAML), when they refused it. */
export type EditAnswer = { patch: ScenarioEdit[] } | { error: string; diagnostics?: Diagnostic[] };

export interface EngineWorkerApi {
  listPresets(): readonly PresetInfo[];
  /**
   * Opens a scenario from its source (a preset, YAML text or imported files,
   * plus edits): parses, compiles and keeps it as the worker's current
   * cluster. A source that does not load (error diagnostics) leaves the
   * previous cluster current, under the new revision. `onProgress` (a
   * comlink proxy) hears each compile stage as it starts.
   */
  openScenario(revision: number, source: ScenarioSource, options?: OpenScenarioOptions, onProgress?: (progress: CompileProgress) => void): Tagged<OpenedScenario>;
  /**
   * `openScenario` of the source last sent to this worker with `edits` in place of its own: what-if edits and undo
   * change only the edits, and the client sends a large source's files or YAML once per worker (1.6 MB at 1,000
   * nodes, cloned on the main thread for every edit). Without a source sent it answers an `engine-error`.
   */
  openEdits(revision: number, edits: ScenarioEdit[], options?: OpenScenarioOptions, onProgress?: (progress: CompileProgress) => void): Tagged<OpenedScenario>;
  traceFlow(revision: number, request: FlowRequest): Tagged<TraceResult>;
  /** A node's state views, long ones windowed around the lines `marks` marks. */
  nodeStateViews(revision: number, node: string, marks: ViewMarks): Tagged<NodeViewPage[]>;
  /** Up to a page of lines of one of a node's views from line `from` (what the page shows of a gap). */
  nodeStateLines(revision: number, node: string, viewId: string, from: number, count: number, marks: ViewMarks): Tagged<MarkedLine[]>;
  /** A page of one of the long lists (pods, nodes, the flow picker's suggestions), searched here so the page never holds them whole. */
  findRows<L extends RowList>(revision: number, query: RowQuery & { list: L }): Tagged<RowPage<RowOf<L>>>;
  /** The flow families' one-click flows from client pod `from` (else the first). */
  familyFlows(revision: number, from?: string): Tagged<FamilyFlows>;
  /** A node's parts for a collapsed topology (the user opened the node); undefined for an unknown node. */
  nodeParts(revision: number, node: string): Tagged<NodeParts | undefined>;
  /** Windows readiness findings of the current scenario. */
  checkReadiness(revision: number, options: ReadinessOptions): Tagged<Finding[]>;
  /** The article's migration runbook for the current scenario: as the page shows it (long route lists shortened), or `whole`. */
  runbook(revision: number, whole?: boolean): Tagged<PageRunbook>;
  /** The IPAM panel: the first `limit` blocks matching `text`, the borrowed addresses and the borrowing example. */
  ipamPage(revision: number, query: { text: string; limit: number }): Tagged<IpamPage>;
  /** Compares the HNS dumps of the current scenario (a files source) with the nodes its cluster objects imply. */
  compareImportedHns(revision: number): Tagged<HnsComparison[]>;
  /** Applies a what-if edit to the current scenario's text (after its edits): YAML is parsed here, never on the main thread. */
  editText(revision: number, edit: Edit): Tagged<EditAnswer>;
  /**
   * One patch from the current source's base text to the base with `edits` applied (what-if history folds its oldest
   * changes into one); undefined when the source has no base text (no edits) or the edits no longer apply.
   */
  foldEdits(revision: number, edits: ScenarioEdit[]): Tagged<ScenarioEdit[] | undefined>;
  /** The patch from the current text back to the source's base text (empty when the edits changed nothing). */
  resetPatch(revision: number): Tagged<ScenarioEdit[]>;
  /** The current scenario's text after its edits (the what-if download). */
  scenarioText(revision: number): Tagged<string>;
  /** What the edit forms offer, from the current normalised scenario (the engine's defaults are the forms' defaults); nothing that grows with the cluster. */
  editableModel(revision: number): Tagged<EditableModel>;
  /** A page of the what-if forms' nodes, pods, Services or a Service's candidate endpoints, searched here. */
  editRows<L extends EditList>(revision: number, query: EditRowQuery & { list: L }): Tagged<RowPage<EditRowOf<L>>>;
  /** A free address in each of `nodes`' own IPAM block (what the pod forms suggest); a node without one is left out. */
  freeAddresses(revision: number, nodes: string[]): Tagged<Record<string, string>>;
  /** Reads the share state from a page address (`#share=…`; undefined without one), here so an untrusted link never costs the main thread. */
  decodeShareUrl(href: string): DecodeResult | undefined;
}

