/**
 * `npm run bench`: the performance targets of issue 18, measured in one run.
 *
 * Each cluster row runs in a child process of its own (bench/cell.ts), so
 * its heap figure is its own: a generated cluster (10 pods per node, every
 * 10th node Windows, 10 endpoints per Service) loaded from YAML and from the
 * same objects as a JSON List, compiled, and traced (each trace with its
 * reply; timed after a second of warm-up traces, the first trace reported
 * on its own). The trace ratio traces both clusters in one process, in
 * alternating rounds (cell.ts ratioCell), so a busy machine still compares
 * like with like. Then the lab trace, the first-load JavaScript
 * (a `vite build`; skipped with `--no-build`) and the CLI start time.
 *
 * Times are CPU time of the measuring process (process.cpuUsage), so a
 * machine shared with other work still measures the work itself. The rows
 * run the engine bundled by esbuild, as the page's worker (Vite) and the CLI
 * (scripts/build-cli.mjs) run it; tsx's per-file transform would add a
 * name-keeping call to every closure the engine creates.
 *
 * Then the kernel check's time per flow against the model's (skipped with
 * `--quick` or `--no-kernel`, and when the kernel check cannot run here).
 *
 * Prints a Markdown table and one line per target; exits 1 when one is
 * missed. `--quick` runs the small rows only (no absolute targets).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { CellResult, RatioResult } from './cell';
import { measureCliStart } from './cliStart';
import { measureExports } from './exports';
import { FIRST_LOAD_TARGET_KB, measureFirstLoad } from './firstLoad';
import { measureKernelRatio } from './kernelRatio';
import type { ClusterShape } from '../src/engine/testing/generate';

const root = join(import.meta.dirname, '..');
const args = new Set(process.argv.slice(2));

const shape = (nodes: number, services: number): ClusterShape => ({ nodes, podsPerNode: 10, services, endpointsPerService: 10, vxlanMode: 'Always', twoSubnets: false, natOutgoing: true, windowsEvery: 10 });

const ROWS: ClusterShape[] = args.has('--quick')
  ? [shape(100, 10), shape(100, 1000)]
  : [shape(100, 10), shape(100, 1000), shape(1000, 10), shape(1000, 10_000)];

const cellBundle = join(mkdtempSync(join(tmpdir(), 'packetwalk-bench-')), 'cell.mjs');
await build({
  entryPoints: [join(root, 'bench', 'cell.ts')],
  outfile: cellBundle,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  logLevel: 'warning',
  // CommonJS dependencies inside an ES module bundle need a require.
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
});

function cell<T>(arg: string): T {
  const r = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=4096', cellBundle, arg], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`bench/cell.ts ${arg} exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as T;
}

const fmt = (n: number): string => n.toLocaleString('en-US');
const seconds = (ms: number): string => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);

const rows = ROWS.map((s) => {
  const r = cell<CellResult>(JSON.stringify(s));
  process.stderr.write(`bench: ${JSON.stringify(r)}\n`);
  return r;
});
console.log('| cluster | load (YAML) | load (JSON) | compile | first trace | trace | heap |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows) {
  console.log(
    `| ${fmt(r.nodes)} nodes, ${fmt(r.services)} Services, ${fmt(r.endpoints)} endpoints | ${seconds(r.loadYamlMs)} (${r.yamlMB} MB) | ${seconds(r.loadJsonMs)} (${r.jsonMB} MB) | ${r.compileMs} ms | ${r.firstTraceMs} ms | ${r.traceMs} ms | ${r.heapMB} MB |`,
  );
}

interface Target {
  name: string;
  value: number;
  limit: number;
  unit: string;
}
const targets: Target[] = [];
const find = (nodes: number, services: number): CellResult | undefined => rows.find((r) => r.nodes === nodes && r.services === services);
const small = find(1000, 10);
const big = find(1000, 10_000);
if (small && big) {
  const r = cell<RatioResult>(JSON.stringify([shape(1000, 10), shape(1000, 10_000)]));
  console.log(`trace, 1,000 nodes, traced in alternating rounds in one process: ${r.fewMs} ms with 10 Services, ${r.manyMs} ms with 10,000 (median ratio of 8 rounds ${r.ratio}×)`);
  targets.push({ name: 'trace ratio, 10,000 Services / 10 Services on 1,000 nodes', value: r.ratio, limit: 1.5, unit: '×' });
  targets.push({ name: 'load YAML, 1,000 nodes / 10,000 Services / 100,000 endpoints', value: big.loadYamlMs, limit: 1500, unit: 'ms' });
  targets.push({ name: 'load JSON, same cluster', value: big.loadJsonMs, limit: 500, unit: 'ms' });
  targets.push({ name: 'compile, same cluster', value: big.compileMs, limit: 1000, unit: 'ms' });
  targets.push({ name: 'heap, same cluster', value: big.heapMB, limit: 600, unit: 'MB' });
  targets.push({ name: 'trace, same cluster', value: big.traceMs, limit: 2, unit: 'ms' });
}
const lab = cell<{ labTraceMs: number; labFirstTraceMs: number }>('lab');
console.log(`lab trace with reply (web → hello): ${lab.labTraceMs} ms warm (the least disturbed of five medians, after 1 s of warm-up), the first ${lab.labFirstTraceMs} ms (compiles the nodes it touches)`);
targets.push({ name: 'lab trace with reply (warm)', value: lab.labTraceMs, limit: 0.5, unit: 'ms' });
if (!args.has('--no-build') && !args.has('--quick')) {
  const first = measureFirstLoad();
  if ('error' in first) console.error(`bench: first-load JS not measured: ${first.error}`);
  else {
    console.log(`first-load JS: ${first.initialKB} kB gzip (worker ${first.workerKB} kB gzip, loaded on its own; ${first.chunks} JS chunks)`);
    targets.push({ name: 'initial JavaScript (gzip)', value: first.initialKB, limit: FIRST_LOAD_TARGET_KB, unit: 'kB' });
  }
}
if (!args.has('--quick') && !args.has('--no-kernel')) {
  const k = measureKernelRatio(root);
  if ('skipped' in k) console.error(`bench: kernel check not timed: ${k.skipped}`);
  else console.log(`kernel check (${k.scenario}, ${k.flows} flows; ${k.from}): ${k.kernelMsPerFlow} ms per flow in a real kernel vs ${k.modelMsPerFlow} ms per flow in the model: ${fmt(k.ratio)}×`);
}
targets.push(...(await measureExports()));
const start = measureCliStart();
targets.push({ name: `CLI start, ratio to node -e 0 (${start.cliMs} ms / ${start.nodeMs} ms)`, value: start.ratio, limit: start.target, unit: '×' });

console.log('');
let missed = 0;
for (const t of targets) {
  const ok = Number.isFinite(t.value) && t.value <= t.limit;
  if (!ok) missed++;
  console.log(`${ok ? 'met   ' : 'MISSED'} ${t.name}: ${t.value} ${t.unit} (target ≤ ${t.limit} ${t.unit})`);
}
if (missed > 0) {
  console.error(`bench: ${missed} target(s) missed`);
  process.exitCode = 1;
}
