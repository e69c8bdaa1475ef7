/**
 * What the user can do, as functions over the stores and the worker client.
 * Every engine question goes to the worker; stale answers (the scenario or the
 * selection changed meanwhile) are dropped; errors land in the stores as text.
 */
import type { FlowRequest } from '../engine/index';
import type { EngineClient } from '../worker/client';
import { EMPTY_NODE_STATE, type NodeStateStore } from './nodeStateStore';
import type { ScenarioStore } from './scenarioStore';
import { EMPTY_TRACE, type TraceStore } from './traceStore';

export interface Stores {
  scenario: ScenarioStore;
  trace: TraceStore;
  nodeState: NodeStateStore;
}

export interface Actions {
  /** Loads the preset list and the initial preset. */
  start(): Promise<void>;
  selectPreset(name: string): Promise<void>;
  selectNode(name: string): Promise<void>;
  runTrace(request: FlowRequest): Promise<void>;
}

export function createActions(client: EngineClient, stores: Stores): Actions {
  const { scenario, trace, nodeState } = stores;

  async function selectPreset(name: string): Promise<void> {
    scenario.setState({ presetName: name, scenario: null, diagnostics: [], places: null, topology: null, status: 'loading', error: undefined });
    trace.setState(EMPTY_TRACE, true);
    nodeState.setState(EMPTY_NODE_STATE, true);

    const loaded = await client.loadPreset(name);
    if (scenario.getState().presetName !== name) return;
    if (loaded.kind === 'stale') return;
    if (loaded.kind === 'error') return scenario.setState({ status: 'error', error: loaded.message });
    const { scenario: loadedScenario, diagnostics } = loaded.value;
    if (!loadedScenario) return scenario.setState({ status: 'error', diagnostics });

    scenario.setState({ scenario: loadedScenario, diagnostics, status: 'compiling' });
    const compiled = await client.setScenario(loadedScenario);
    if (compiled.kind === 'stale') return;
    if (compiled.kind === 'error') return scenario.setState({ status: 'error', error: compiled.message });
    scenario.setState({ places: compiled.value.places, topology: compiled.value.topology, status: 'ready' });

    const firstNode = loadedScenario.nodes[0]?.name;
    if (firstNode) await selectNode(firstNode);
  }

  async function selectNode(name: string): Promise<void> {
    nodeState.setState({ node: name, views: [], status: 'loading', error: undefined });
    const answer = await client.nodeStateViews(name);
    if (answer.kind === 'stale' || nodeState.getState().node !== name) return;
    if (answer.kind === 'error') return nodeState.setState({ status: 'error', error: answer.message });
    nodeState.setState({ views: answer.value, status: 'ready' });
  }

  async function runTrace(request: FlowRequest): Promise<void> {
    trace.setState({ ...EMPTY_TRACE, status: 'running', request }, true);
    const answer = await client.traceFlow(request);
    if (answer.kind === 'stale' || trace.getState().request !== request) return;
    if (answer.kind === 'error') return trace.setState({ status: 'error', error: answer.message });
    trace.setState({ status: 'done', trace: answer.value.trace, locations: answer.value.locations, diagnostics: answer.value.diagnostics });
    // Show the state of the first cluster node the packet meets, so the lines it uses are highlighted there.
    const nodes = new Set(scenario.getState().scenario?.nodes.map((n) => n.name));
    const first = answer.value.trace?.steps.find((s) => s.node && nodes.has(s.node))?.node;
    if (first && first !== nodeState.getState().node) await selectNode(first);
  }

  async function start(): Promise<void> {
    const presets = await client.listPresets();
    if (presets.kind === 'ok') scenario.setState({ presets: presets.value });
    await selectPreset(scenario.getState().presetName);
  }

  return { start, selectPreset, selectNode, runTrace };
}
