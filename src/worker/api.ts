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
  FlowRequest,
  LoadResult,
  NodeStateView,
  PresetInfo,
  Scenario,
  Topology,
  Trace,
  TraceLocations,
  listPlaces,
} from '../engine/index';

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

export interface EngineWorkerApi {
  listPresets(): readonly PresetInfo[];
  loadPreset(name: string): LoadResult;
  /** Parses a scenario from multi-document YAML or a JSON `List` (the main thread never parses it). */
  loadText(text: string, name: string): LoadResult;
  /** Compiles `scenario` and keeps it as the worker's current cluster. */
  setScenario(revision: number, scenario: Scenario): Tagged<CompileResult>;
  traceFlow(revision: number, request: FlowRequest): Tagged<TraceResult>;
  nodeStateViews(revision: number, node: string): Tagged<NodeStateView[]>;
}
