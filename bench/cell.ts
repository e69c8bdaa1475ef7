/**
 * One row of `npm run bench`, run in a child process of its own so the heap
 * figure is that row's alone (bench/run.ts starts it with --expose-gc):
 * `tsx bench/cell.ts '<ClusterShape JSON>'` prints one JSON line, CellResult.
 * `tsx bench/cell.ts lab` times the lab trace with its reply instead.
 */
import { load as loadYamlFast, CORE_SCHEMA } from 'js-yaml';
import { compileScenario, loadPreset, loadScenarioText, traceFlow, type FlowRequest } from '../src/engine/index';
import { generateClusterYaml, type ClusterShape } from '../src/engine/testing/generate';

export interface CellResult {
  nodes: number;
  services: number;
  endpoints: number;
  yamlMB: number;
  jsonMB: number;
  loadYamlMs: number;
  loadJsonMs: number;
  compileMs: number;
  /** The first trace, which compiles the nodes it touches. */
  firstTraceMs: number;
  /** Median of repeated traces (each with its reply), after a second of warm-up traces. */
  traceMs: number;
  heapMB: number;
  verdicts: (string | undefined)[];
}

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** CPU time of this process in ms: on a machine shared with other work it still measures the work itself (wall time would count waiting for a core). */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function time<T>(f: () => T): [T, number] {
  const t0 = cpuMs();
  const r = f();
  return [r, cpuMs() - t0];
}

/** Repeats a measurement (three times when one run is short, once when it is long) and returns the median. */
function timed<T>(f: () => T): [T, number] {
  const [r, first] = time(f);
  if (first > 3000) return [r, first];
  const ms = [first, time(f)[1], time(f)[1]];
  return [r, median(ms)];
}

function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return Math.round(process.memoryUsage().heapUsed / 1048576);
}

const round = (ms: number, digits = 0): number => Math.round(ms * 10 ** digits) / 10 ** digits;

/**
 * Traces the flows round-robin for `ms` of CPU time, so the timed traces
 * after it measure the engine's steady state (optimised code), not the JIT
 * warming up; the first trace's cost is reported on its own.
 */
function warmUp(run: (f: FlowRequest) => unknown, flows: FlowRequest[], ms = 1000): void {
  const t0 = cpuMs();
  for (let i = 0; cpuMs() - t0 < ms; i++) run(flows[i % flows.length]!);
}

/** Traces each flow in batches of 10, `rounds` times; the median ms per trace. */
function traceMedian(run: (f: FlowRequest) => unknown, flows: FlowRequest[], rounds: number): number {
  const ms: number[] = [];
  for (let i = 0; i < rounds; i++) {
    for (const f of flows) {
      ms.push(
        time(() => {
          for (let k = 0; k < 10; k++) run(f);
        })[1] / 10,
      );
    }
  }
  return median(ms);
}

function clusterCell(shape: ClusterShape): CellResult {
  const yaml = generateClusterYaml(shape);
  // The same objects as `kubectl get … -o json` prints them (a List, 4-space indent).
  const items = yaml.split(/^---$/m).map((d) => loadYamlFast(d, { schema: CORE_SCHEMA }));
  const json = JSON.stringify({ apiVersion: 'v1', kind: 'List', items }, null, 4);
  const name = `gen-${shape.nodes}`;
  const [, loadJsonMs] = timed(() => loadScenarioText(json, name));
  const [loaded, loadYamlMs] = timed(() => loadScenarioText(yaml, name));
  const [cluster, compileMs] = timed(() => compileScenario(loaded.scenario!));
  const last = shape.nodes - 1;
  const flows: FlowRequest[] = [
    { src: 'pod:gen/pod-0-0', dst: `pod:gen/pod-${last}-4`, dport: 8080 },
    { src: 'pod:gen/pod-0-0', dst: 'svc:gen/svc-0' },
    { src: 'host:client', dst: `node:node-${last}`, dport: 30000 },
    { src: 'pod:gen/pod-1-0', dst: 'host:internet', dport: 443 },
    { src: 'pod:gen/pod-10-0', dst: `svc:gen/svc-${shape.services - 1}` },
  ];
  const [, firstTraceMs] = time(() => flows.map((f) => traceFlow(cluster, f)));
  warmUp((f) => traceFlow(cluster, f), flows);
  const traceMs = traceMedian((f) => traceFlow(cluster, f), flows, 5);
  return {
    nodes: shape.nodes,
    services: shape.services,
    endpoints: shape.services * shape.endpointsPerService,
    yamlMB: round(yaml.length / 1e6, 1),
    jsonMB: round(json.length / 1e6, 1),
    loadYamlMs: round(loadYamlMs),
    loadJsonMs: round(loadJsonMs),
    compileMs: round(compileMs, 1),
    firstTraceMs: round(firstTraceMs / flows.length, 1),
    traceMs: round(traceMs, 2),
    heapMB: heapMb(),
    verdicts: flows.map((f) => traceFlow(cluster, f).trace?.verdict),
  };
}

/** The lab cluster's trace of web → hello (with its reply): the first one, and the median once warm (ms). */
function labCell(): { labTraceMs: number; labFirstTraceMs: number } {
  const cluster = compileScenario(loadPreset('k8s-lab').scenario!);
  const flow: FlowRequest = { src: 'pod:demo/web', dst: 'svc:demo/hello' };
  const [, first] = time(() => traceFlow(cluster, flow));
  warmUp((f) => traceFlow(cluster, f), [flow]);
  return { labTraceMs: round(traceMedian((f) => traceFlow(cluster, f), [flow], 50), 3), labFirstTraceMs: round(first, 2) };
}

const arg = process.argv[2] ?? 'lab';
console.log(JSON.stringify(arg === 'lab' ? labCell() : clusterCell(JSON.parse(arg) as ClusterShape)));
