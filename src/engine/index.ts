/**
 * The engine's public surface: the only module other folders import from
 * `src/engine`. Plain data in, plain data out; no DOM, no clock, no unseeded
 * randomness.
 *
 * Typical use (worker or CLI):
 * ```ts
 * const { scenario, diagnostics } = loadPreset('k8s-lab');
 * const cluster = compileScenario(scenario!);
 * const { trace } = traceFlow(cluster, { src: 'pod:demo/web', dst: 'svc:demo/hello', proto: 'tcp' });
 * ```
 */
export type { Diagnostic, DiagnosticCode, ObjectRef, Severity } from './model/diagnostic';
export { formatDiagnostic } from './model/diagnostic';
export type * from './model/packet';
export type * from './model/trace';
export type * from './model/scenario';
export type { FlowRequest } from './trace/request';
export type { CompiledCluster, NodeStateView } from './trace/cluster';
export type { LoadResult } from './scenario/load';
export type { PresetInfo } from './presets/catalog';

export { loadScenarioText } from './scenario/load';
export { PRESETS, loadPreset } from './presets/catalog';
export { compileScenario, nodeStateViews } from './trace/cluster';
export { traceFlow } from './trace/traceFlow';
export { formatTraceText, formatTraceMarkdown } from './trace/format';
export { listPlaces } from './trace/places';
export * from './topology/public';
