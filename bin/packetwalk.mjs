#!/usr/bin/env node
// `packetwalk`: runs the bundled command line (dist-cli/packetwalk.cjs). In a
// checkout (scripts/build-cli.mjs is present) it first rebuilds the bundle
// when it is missing or its sources changed; an installed package ships the
// bundle and runs it directly.
//
// The bundle runs as a vm.Script with V8's code cache next to it (written
// after the first call, keyed by the bundle's size and mtime), so later calls
// skip compiling a megabyte of JavaScript. A cache that cannot be written
// (read-only install) or that V8 rejects (another Node.js) only costs time.
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const builder = new URL('../scripts/build-cli.mjs', import.meta.url);
if (existsSync(builder)) {
  const { buildCli, bundleIsStale } = await import(builder.href);
  if (bundleIsStale()) {
    process.stderr.write('packetwalk: building the command line (dist-cli/packetwalk.cjs)…\n');
    await buildCli();
  }
}

const bundle = fileURLToPath(new URL('../dist-cli/packetwalk.cjs', import.meta.url));
const { size, mtimeMs } = statSync(bundle);
const cacheFile = `${bundle}.${size}-${Math.round(mtimeMs)}.cache`;
let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}
const wrapper = `(function (exports, require, module, __filename, __dirname) {${readFileSync(bundle, 'utf8')}\n})`;
const script = new vm.Script(wrapper, { filename: bundle, cachedData });
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
if (!cachedData || script.cachedDataRejected) {
  try {
    // After the run, so the cache holds the functions this call compiled too.
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(tmp, script.createCachedData());
    renameSync(tmp, cacheFile);
  } catch {
    // A read-only install: no cache.
  }
}
