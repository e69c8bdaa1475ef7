/**
 * The kernel check's time per flow next to the model's (issue 18): the same
 * what-if built in a real kernel (network namespaces, nft, tcpdump; `npm run
 * test:kernel` on the first matrix scenario: building it, listeners and
 * captures, the flows and teardown, wall time, as that is mostly waiting on
 * the kernel and its tools; the kernel check records it in its timing file,
 * src/kernelcheck/timingFile.ts) versus answered here (load, compile and
 * trace of that scenario's flows, CPU time). Reported, not a target. When
 * the kernel check cannot run here, the last recorded run is used and the
 * result says so.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { compileScenario, traceFlow } from '../src/engine/index';
import { loadSpec, scenarios } from '../src/kernelcheck/matrix';
import { readTimings, TIMING_FILE } from '../src/kernelcheck/timingFile';

export type KernelRatio = { kernelMsPerFlow: number; modelMsPerFlow: number; ratio: number; flows: number; scenario: string; from: string } | { skipped: string };

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export function measureKernelRatio(root: string): KernelRatio {
  const spec = scenarios()[0]!;
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/kernelcheck/run.ts')], { cwd: root, encoding: 'utf8', env: { ...process.env, KERNELCHECK_ONLY: spec.name, KERNELCHECK_TIMING: '1' }, maxBuffer: 1 << 26 });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  const skipped = /test:kernel skipped: (.*)/.exec(out)?.[1] ?? (/test:kernel: \d+\/\d+ flows agree/.test(out) ? undefined : `no summary from the kernel check (exit ${r.status})`);
  const recorded = readTimings().find((t) => t.scenario === spec.name);
  if (!recorded) return { skipped: `${skipped ?? 'ran'}, and no timing recorded in ${TIMING_FILE}` };
  const from = skipped ? `the kernel check's last recorded run (${recorded.at}); it cannot run now: ${skipped}` : 'this run';
  // The model answering the same flows: load, compile, trace (best of three, so a busy core's hiccup does not count).
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = cpuMs();
    const cluster = compileScenario(loadSpec(spec));
    for (const f of spec.flows) traceFlow(cluster, { ...f.req, sport: 40000 });
    runs.push(cpuMs() - t);
  }
  const kernelMsPerFlow = Math.round(recorded.totalMs / recorded.flows);
  const modelMsPerFlow = Math.round((Math.min(...runs) / spec.flows.length) * 100) / 100;
  return { kernelMsPerFlow, modelMsPerFlow, ratio: Math.round(kernelMsPerFlow / modelMsPerFlow), flows: recorded.flows, scenario: spec.name, from };
}
