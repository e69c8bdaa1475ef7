/**
 * The kernel check's time per flow next to the model's (issue 18): the same
 * what-if built in a real kernel (network namespaces, nft, tcpdump; `npm run
 * test:kernel` on the first matrix scenario, wall time, as that is mostly
 * waiting on the kernel and its tools) versus answered here (load, compile
 * and trace of that scenario's flows, CPU time). Reported, not a target.
 * Skipped when the kernel check cannot run (it says so itself).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { compileScenario, traceFlow } from '../src/engine/index';
import { loadSpec, scenarios } from '../src/kernelcheck/matrix';

export type KernelRatio = { kernelMsPerFlow: number; modelMsPerFlow: number; ratio: number; flows: number } | { skipped: string };

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export function measureKernelRatio(root: string): KernelRatio {
  const spec = scenarios()[0]!;
  const only = spec.name.split(' ')[0]!;
  const t0 = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/kernelcheck/run.ts')], { cwd: root, encoding: 'utf8', env: { ...process.env, KERNELCHECK_ONLY: spec.name }, maxBuffer: 1 << 26 });
  const wall = Date.now() - t0;
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  const skipped = /test:kernel skipped: (.*)/.exec(out);
  if (skipped) return { skipped: skipped[1]! };
  const summary = /test:kernel: (\d+)\/(\d+) flows agree/.exec(out);
  if (!summary) return { skipped: `no summary from the kernel check of ${only} (exit ${r.status})` };
  const flows = Number(summary[2]);
  // The model answering the same flows: load, compile, trace (best of three, so a busy core's hiccup does not count).
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = cpuMs();
    const cluster = compileScenario(loadSpec(spec));
    for (const f of spec.flows) traceFlow(cluster, { ...f.req, sport: 40000 });
    runs.push(cpuMs() - t);
  }
  const kernelMsPerFlow = Math.round(wall / flows);
  const modelMsPerFlow = Math.round((Math.min(...runs) / spec.flows.length) * 100) / 100;
  return { kernelMsPerFlow, modelMsPerFlow, ratio: Math.round(kernelMsPerFlow / modelMsPerFlow), flows };
}
