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
  Diagnostic,
  Finding,
  FlowRequest,
  InputFile,
  ImportOptions,
  Mismatch,
  LoadResult,
  NodeStateView,
  PresetInfo,
  ReadinessOptions,
  Scenario,
  Topology,
  Trace,
  TraceLocations,
  listPlaces,
} from '../engine/index';

import type { ExplainCatalogue } from './explainText';

export type { ExplainCatalogue };

/** An answer computed for one scenario revision. */
export interface Tagged<T> {
  revision: number;
  value: T;
}

/** The places (pods, nodes, hosts, services) a flow can start from or go to. */
export type Places = ReturnType<typeof listPlaces>;

export interface CompileResult {
  places: Places;
  /** The scenario's machines, networks and node parts, for the topology view. */
  topology: Topology;
}

export interface TraceResult {
  trace?: Trace;
  diagnostics: Diagnostic[];
  /** The topology element each step (and reply step) acts on; set with `trace`. */
  locations?: TraceLocations;
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

/** Files imported in the worker: the result, and the HNS dumps compared with the cluster once it is compiled. */
export interface ImportAnswer {
  result: { scenario: Scenario | null; diagnostics: Diagnostic[]; hns: { node: string; files: string[] }[] };
  /** The input files recognised as HNS dumps (not part of the scenario text). */
  hnsFiles: string[];
}

export interface SetScenarioOptions {
  /** Build the Windows node(s) of the last `importFiles` from their HNS dumps instead of deriving them. */
  importedHns?: boolean;
}

/** One imported node's HNS dump against what the cluster objects imply. */
export interface HnsComparison {
  node: string;
  files: string[];
  mismatches: Mismatch[];
}

export interface EngineWorkerApi {
  listPresets(): readonly PresetInfo[];
  loadPreset(name: string): LoadResult;
  /** Parses a scenario from multi-document YAML or a JSON `List` (the main thread never parses it). */
  loadText(text: string, name: string): LoadResult;
  /** Compiles `scenario` and keeps it as the worker's current cluster. */
  setScenario(revision: number, scenario: Scenario, options?: SetScenarioOptions): Tagged<CompileResult>;
  traceFlow(revision: number, request: FlowRequest): Tagged<TraceResult>;
  nodeStateViews(revision: number, node: string): Tagged<NodeStateView[]>;
  /** Windows readiness findings of the current scenario. */
  checkReadiness(revision: number, options: ReadinessOptions): Tagged<Finding[]>;
  /** IPAM blocks, affinities, reserved and borrowed addresses of the current scenario. */
  ipamView(revision: number): Tagged<IpamView>;
  /** Parses files of any supported kind (kubectl dumps, Calico objects, HNS dumps); the HNS dumps wait for `compareImportedHns`. */
  importFiles(files: InputFile[], options: ImportOptions): ImportAnswer;
  /** Compares the HNS dumps of the last `importFiles` with the current (compiled) scenario. */
  compareImportedHns(revision: number): Tagged<HnsComparison[]>;
  /**
   * A trace as text or Markdown (the formats of `npm run trace`); the step
   * sentences come from `sentences` (the `explain`/`reason` catalogue of the
   * reader's language, sent by the main thread); `detail` adds every step.
   */
  formatTrace(trace: Trace, format: TraceTextFormat, sentences: ExplainCatalogue, detail: boolean): string;
}

/** The text formats of `npm run trace`. */
export type TraceTextFormat = 'text' | 'markdown';
