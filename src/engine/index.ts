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
export { cidrContains, cidrSize, ipToInt, type Cidr } from './model/ipv4';
export type * from './model/packet';
export type * from './model/trace';
/** The step vocabulary (component, action, explanation key, reason code) the catalogues and the drawing are checked against. */
export { COMPONENTS, EXPLAIN_KEYS, REASON_CODES, STEP_ACTIONS, type Component, type ExplainKey, type ReasonCode, type StepAction } from './model/stepVocabulary';
export type * from './model/scenario';
export type * from './model/calico';
export { calicoSettings } from './model/calico';
export type { FlowRequest } from './trace/request';
export type { CompiledCluster, NodeStateView } from './trace/cluster';
export type { LoadResult } from './scenario/load';
export type { PresetInfo } from './presets/catalog';

export { loadScenarioText, loadScenarioFiles, type InputFile } from './scenario/load';
export { checkReadiness, windowsUsableAddresses } from './readiness/check';
export type { Finding, FindingFix, FindingId, FindingSeverity, I18nText, ReadinessOptions } from './readiness/types';
export { buildRunbook, type Runbook, type RunbookStep } from './readiness/runbook';
export { runbookMarkdown } from './readiness/runbookMarkdown';
export { STEP4_CHECKS, type Step4Check } from './readiness/step4Checks';
export { importFiles, type HnsAttachment, type ImportOptions, type ImportResult } from './importers/files';
export { parseHnsDump, looksLikeHnsDump, emptyHnsImport, type HnsImport } from './importers/hnsDump';
export { compareHns, type Mismatch, type MismatchId } from './importers/compareHns';
export { checkHnsReferences } from './importers/hnsCheck';
export { PRESETS, loadPreset } from './presets/catalog';
export { COMPILE_STAGES, compileScenario, nodeStateViews, type CompileProgress } from './trace/cluster';
export { formatIpsetSave } from './linux/ipset';
export { traceFlow } from './trace/traceFlow';
export { readOnePolicy } from './policy/readOne';
export { listPlaces } from './trace/places';
export * from './topology/public';
export { FELIX_ROUTE_STYLES, KUBE_PROXY_NFT_LAYOUTS } from './versions/linuxTable';
