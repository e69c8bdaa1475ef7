/**
 * The JavaScript a first visit downloads: `vite build` into a scratch
 * folder, then the gzip size of the entry script and every module it
 * preloads (index.html's `<script type="module">` and
 * `<link rel="modulepreload">`) plus the larger language catalogue (the
 * page fetches the active language's at start, `src/i18n/lazy.ts`); the
 * worker bundle is counted on its own. Run on its own (`npx tsx
 * bench/firstLoad.ts`) it exits non-zero above the target.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const FIRST_LOAD_TARGET_KB = 200;

const root = join(import.meta.dirname, '..');
const gzKb = (file: string): number => gzipSync(readFileSync(file)).length / 1024;

export interface FirstLoad {
  initialKB: number;
  workerKB: number;
  chunks: number;
  ok: boolean;
}

export function measureFirstLoad(): FirstLoad | { error: string } {
  const out = join(tmpdir(), `packetwalk-bench-dist-${process.pid}`);
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) return { error: `vite build exited ${r.status}: ${r.stderr.slice(0, 400)}` };
  const html = readFileSync(join(out, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\.?\/?([^"]+\.js)"/g)].map((m) => m[1]!);
  const assets = readdirSync(join(out, 'assets'));
  const catalogueKB = Math.max(0, ...assets.filter((f) => /^catalogue\.[a-z]+-.*\.js$/.test(f)).map((f) => gzKb(join(out, 'assets', f))));
  const initialKB = initial.reduce((sum, f) => sum + gzKb(join(out, f)), 0) + catalogueKB;
  const workerKB = assets.filter((f) => /worker.*\.js$/i.test(f)).reduce((sum, f) => sum + gzKb(join(out, 'assets', f)), 0);
  return { initialKB: Math.round(initialKB), workerKB: Math.round(workerKB), chunks: assets.filter((f) => f.endsWith('.js')).length, ok: initialKB <= FIRST_LOAD_TARGET_KB };
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const first = measureFirstLoad();
  if ('error' in first) {
    console.error(first.error);
    process.exitCode = 1;
  } else {
    console.log(`first-load JS: ${first.initialKB} kB gzip (target ≤ ${FIRST_LOAD_TARGET_KB}); worker ${first.workerKB} kB gzip; ${first.chunks} JS chunks`);
    if (!first.ok) process.exitCode = 1;
  }
}
