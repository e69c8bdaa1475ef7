/**
 * The JavaScript a first visit downloads: `vite build` into a scratch
 * folder, then the gzip size of the entry script and every module it
 * preloads (index.html's `<script type="module">` and
 * `<link rel="modulepreload">`); the worker bundle is counted on its own.
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
  const initialKB = initial.reduce((sum, f) => sum + gzKb(join(out, f)), 0);
  const workerKB = assets.filter((f) => /worker.*\.js$/i.test(f)).reduce((sum, f) => sum + gzKb(join(out, 'assets', f)), 0);
  return { initialKB: Math.round(initialKB), workerKB: Math.round(workerKB), chunks: assets.filter((f) => f.endsWith('.js')).length, ok: initialKB <= FIRST_LOAD_TARGET_KB };
}
