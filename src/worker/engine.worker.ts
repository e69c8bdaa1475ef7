/**
 * The Web Worker entry: exposes the engine through comlink, nothing else.
 * It keeps the compiled cluster of the latest scenario, so a scenario is
 * compiled once and then answers traces and node-state views.
 */
import { expose } from 'comlink';
import {
  PRESETS,
  compileScenario,
  listPlaces,
  loadPreset,
  nodeStateViews,
  traceFlow,
  type CompiledCluster,
} from '../engine/index';
import type { EngineWorkerApi } from './api';

let current: { revision: number; cluster: CompiledCluster } | undefined;

function clusterFor(revision: number): CompiledCluster {
  if (!current || current.revision !== revision) {
    throw new Error(`scenario revision ${revision} is not loaded in the engine worker`);
  }
  return current.cluster;
}

const api: EngineWorkerApi = {
  listPresets: () => PRESETS,
  loadPreset: (name) => loadPreset(name),
  setScenario(revision, scenario) {
    current = undefined;
    const cluster = compileScenario(scenario);
    current = { revision, cluster };
    return { revision, value: { places: listPlaces(cluster) } };
  },
  traceFlow: (revision, request) => ({ revision, value: traceFlow(clusterFor(revision), request) }),
  nodeStateViews: (revision, node) => ({ revision, value: nodeStateViews(clusterFor(revision), node) }),
};

expose(api);
