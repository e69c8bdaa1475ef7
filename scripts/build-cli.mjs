#!/usr/bin/env node
// Bundles the command line (src/cli/entry.ts and the engine it imports) into
// dist-cli/packetwalk.cjs with esbuild, so `packetwalk` starts from built
// JavaScript instead of compiling TypeScript on each call. CommonJS, because
// bin/packetwalk.mjs runs it as a vm.Script with V8's code cache (Node 20 has
// no module compile cache), which saves a quarter of a call. Also writes
// dist-cli/inputs.json (the source files and their mtimes) so bin/packetwalk.mjs
// can tell when a checkout's sources changed and rebuild before running.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BUNDLE = join(root, 'dist-cli', 'packetwalk.cjs');
export const INPUTS = join(root, 'dist-cli', 'inputs.json');

export async function buildCli() {
  const { build } = await import('esbuild');
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  mkdirSync(dirname(BUNDLE), { recursive: true });
  const result = await build({
    entryPoints: [join(root, 'src/cli/entry.ts')],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20.19',
    minify: true,
    legalComments: 'linked',
    metafile: true,
    // Written below by rename, so a concurrent `packetwalk` never imports a half-written bundle.
    write: false,
    logLevel: 'warning',
    define: { __PACKETWALK_VERSION__: JSON.stringify(pkg.version) },
  });
  for (const f of result.outputFiles) {
    const tmp = `${f.path}.${process.pid}.tmp`;
    writeFileSync(tmp, f.contents);
    renameSync(tmp, f.path);
  }
  // V8 checks a code cache against the source's length, not its text: drop the caches of earlier builds.
  for (const f of readdirSync(dirname(BUNDLE))) if (f.endsWith('.cache')) rmSync(join(dirname(BUNDLE), f), { force: true });
  const inputs = Object.keys(result.metafile.inputs).map((p) => ({ path: p, mtimeMs: statSync(join(root, p)).mtimeMs }));
  writeFileSync(`${INPUTS}.${process.pid}.tmp`, `${JSON.stringify({ builtFrom: inputs }, null, 0)}\n`);
  renameSync(`${INPUTS}.${process.pid}.tmp`, INPUTS);
  return BUNDLE;
}

/** True when the bundle is missing or a source it was built from changed since. */
export function bundleIsStale() {
  let recorded;
  try {
    statSync(BUNDLE);
    recorded = JSON.parse(readFileSync(INPUTS, 'utf8')).builtFrom;
  } catch {
    return true;
  }
  for (const { path, mtimeMs } of recorded) {
    try {
      if (statSync(join(root, path)).mtimeMs !== mtimeMs) return true;
    } catch {
      return true;
    }
  }
  return false;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const t0 = performance.now();
  await buildCli();
  console.error(`packetwalk: built ${BUNDLE.slice(root.length + 1)} in ${Math.round(performance.now() - t0)} ms`);
}
