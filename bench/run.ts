/**
 * `npm run bench`: load, compile and trace generated clusters of growing
 * size (10/100/1000 nodes, every 10th a Windows node, 5 pods per node, a service per 2 nodes with
 * 3 endpoints) and print one JSON line per size: load, compile and trace
 * times in ms (median of repeated runs), heap used after compile in MB;
 * `loadJsonMs`: the same objects as a `kubectl … -o json` List (the JSON fast path).
 * Sizes can be limited: `npm run bench -- 10 100`.
 * Last, the start time of one `packetwalk` call against `node -e 0`
 * (bench/cliStart.ts); the run exits 1 when it misses its target.
 */
import { parseAllDocuments } from 'yaml';
import { compileScenario, loadScenarioText, traceFlow } from '../src/engine/index';
import { generateClusterYaml, type ClusterShape } from '../src/engine/testing/generate';
import { measureCliStart } from './cliStart';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time<T>(f: () => T): [T, number] {
  const t0 = performance.now();
  const r = f();
  return [r, performance.now() - t0];
}

function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return Math.round((process.memoryUsage().heapUsed / 1048576) * 10) / 10;
}

const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
for (const nodes of sizes.length ? sizes : [10, 100, 1000]) {
  const shape: ClusterShape = { nodes, podsPerNode: 5, services: Math.max(1, nodes / 2), endpointsPerService: 3, vxlanMode: 'Always', twoSubnets: false, natOutgoing: true, windowsEvery: 10 };
  const yaml = generateClusterYaml(shape);
  const runs = nodes >= 1000 ? 3 : 5;
  const json = JSON.stringify({ apiVersion: 'v1', kind: 'List', items: parseAllDocuments(yaml).map((d) => d.toJS() as unknown) }, null, 4);
  const loads: number[] = [];
  const jsonLoads: number[] = [];
  const compiles: number[] = [];
  let cluster;
  for (let i = 0; i < runs; i++) {
    const [loaded, tl] = time(() => loadScenarioText(yaml, `gen-${nodes}`));
    const [c, tc] = time(() => compileScenario(loaded.scenario!));
    loads.push(tl);
    jsonLoads.push(time(() => loadScenarioText(json, `gen-${nodes}`))[1]);
    compiles.push(tc);
    cluster = c;
  }
  const heap = heapMb();
  const flows = [
    { src: 'pod:gen/pod-0-0', dst: `pod:gen/pod-${nodes - 1}-4`, dport: 8080 },
    { src: 'pod:gen/pod-0-0', dst: 'svc:gen/svc-0' },
    { src: 'host:client', dst: `node:node-${nodes - 1}`, dport: 30000 },
    { src: 'pod:gen/pod-1-0', dst: 'host:internet', dport: 443 },
    // From a pod on node-10, a Windows node (clusters of 11 nodes and more).
    ...(nodes > 10 ? [{ src: 'pod:gen/pod-10-0', dst: 'svc:gen/svc-0' }] : []),
  ];
  const traces: number[] = [];
  for (let i = 0; i < 20; i++) for (const f of flows) traces.push(time(() => traceFlow(cluster!, f))[1]);
  const verdicts = flows.map((f) => traceFlow(cluster!, f).trace?.verdict);
  console.log(
    JSON.stringify({
      nodes,
      pods: nodes * 5,
      services: shape.services,
      yamlKB: Math.round(yaml.length / 1024),
      loadMs: Math.round(median(loads)),
      jsonKB: Math.round(json.length / 1024),
      loadJsonMs: Math.round(median(jsonLoads)),
      compileMs: Math.round(median(compiles)),
      traceMs: Math.round(median(traces) * 100) / 100,
      heapMB: heap,
      verdicts,
    }),
  );
}

const start = measureCliStart();
console.log(JSON.stringify({ cliStart: start }));
if (!start.ok) {
  console.error(`bench: one packetwalk call takes ${start.cliMs} ms, ${start.ratio}× node -e 0 (${start.nodeMs} ms); the target is at most ${start.target}×`);
  process.exitCode = 1;
}
