/**
 * The Web Worker entry: exposes the engine through comlink, nothing else.
 * It keeps the compiled cluster of the latest scenario, so a scenario is
 * compiled once and then answers traces and node-state views.
 */
import { expose } from 'comlink';
import {
  PRESETS,
  buildTopology,
  compileScenario,
  formatTraceMarkdown,
  formatTraceText,
  listPlaces,
  loadPreset,
  loadScenarioText,
  locateTrace,
  nodeStateViews,
  traceFlow,
  type CompiledCluster,
  type Topology,
} from '../engine/index';
import type { EngineWorkerApi } from './api';
import { catalogueExplainer } from './explainText';
import { compareImported, importedAttachments, importInWorker, ipamViewOf, readinessOf } from './whatIf.worker';

let current: { revision: number; cluster: CompiledCluster; topology: Topology } | undefined;

function currentFor(revision: number): NonNullable<typeof current> {
  if (!current || current.revision !== revision) {
    throw new Error(`scenario revision ${revision} is not loaded in the engine worker`);
  }
  return current;
}

const clusterFor = (revision: number): CompiledCluster => currentFor(revision).cluster;

const api: EngineWorkerApi = {
  listPresets: () => PRESETS,
  loadPreset: (name) => loadPreset(name),
  loadText: (text, name) => loadScenarioText(text, name),
  setScenario(revision, scenario, options) {
    current = undefined;
    const cluster = compileScenario(scenario, options?.importedHns ? { hns: importedAttachments() } : {});
    const topology = buildTopology(cluster);
    current = { revision, cluster, topology };
    return { revision, value: { places: listPlaces(cluster), topology } };
  },
  traceFlow(revision, request) {
    const { cluster, topology } = currentFor(revision);
    const result = traceFlow(cluster, request);
    return { revision, value: result.trace ? { ...result, locations: locateTrace(topology, result.trace) } : result };
  },
  nodeStateViews: (revision, node) => ({ revision, value: nodeStateViews(clusterFor(revision), node) }),
  checkReadiness: (revision, options) => ({ revision, value: readinessOf(clusterFor(revision), options) }),
  ipamView: (revision) => ({ revision, value: ipamViewOf(clusterFor(revision)) }),
  importFiles: (files, options) => importInWorker(files, options),
  compareImportedHns: (revision) => ({ revision, value: compareImported(clusterFor(revision)) }),
  formatTrace(trace, format, sentences, detail) {
    const opts = { t: catalogueExplainer(sentences), detail };
    return format === 'markdown' ? formatTraceMarkdown(trace, opts) : formatTraceText(trace, opts);
  },
};

expose(api);
