#!/usr/bin/env node
// `packetwalk`: runs the bundled command line (dist-cli/packetwalk.mjs). In a
// checkout (scripts/build-cli.mjs is present) it first rebuilds the bundle
// when it is missing or its sources changed; an installed package ships the
// bundle and runs it directly.
import { existsSync } from 'node:fs';

const builder = new URL('../scripts/build-cli.mjs', import.meta.url);
if (existsSync(builder)) {
  const { buildCli, bundleIsStale } = await import(builder.href);
  if (bundleIsStale()) {
    process.stderr.write('packetwalk: building the command line (dist-cli/packetwalk.mjs)…\n');
    await buildCli();
  }
}
await import(new URL('../dist-cli/packetwalk.mjs', import.meta.url).href);
