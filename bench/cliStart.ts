/**
 * Start time of one `packetwalk` call (a trace on the lab cluster, through
 * bin/packetwalk.mjs as a user runs it) against `node -e 0` in the same run,
 * so the target holds on fast and slow machines alike: 300 ms where
 * `node -e 0` takes 50 ms, i.e. a ratio of at most 6.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const CLI_START_TARGET = { ms: 300, nodeMs: 50, ratio: 6 } as const;

const root = join(import.meta.dirname, '..');
const CALL = ['bin/packetwalk.mjs', 'trace', '--scenario', 'k8s-lab', '--src', 'pod:demo/web', '--dst', 'svc:demo/hello'];

function wallMs(args: string[]): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Medians of `runs` interleaved calls (the first call, which may build the bundle, is not counted). */
export function measureCliStart(runs = 11): { cliMs: number; nodeMs: number; ratio: number; target: number; ok: boolean } {
  wallMs(CALL);
  const cli: number[] = [];
  const node: number[] = [];
  for (let i = 0; i < runs; i++) {
    node.push(wallMs(['-e', '0']));
    cli.push(wallMs(CALL));
  }
  const cliMs = Math.round(median(cli));
  const nodeMs = Math.round(median(node));
  const ratio = Math.round((median(cli) / median(node)) * 100) / 100;
  return { cliMs, nodeMs, ratio, target: CLI_START_TARGET.ratio, ok: ratio <= CLI_START_TARGET.ratio };
}
