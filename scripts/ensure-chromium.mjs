#!/usr/bin/env node
// Makes sure the system Chromium that the e2e tests drive is installed.
// Playwright never downloads a browser here; it uses Debian's /usr/bin/chromium
// (or CHROMIUM_PATH). As root it installs the Debian package; otherwise it
// says what to install and exits non-zero.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    console.error(`packetwalk: \`${command} ${args.join(' ')}\` failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

if (existsSync(chromium)) process.exit(0);

if (chromium !== '/usr/bin/chromium' || !isRoot() || !existsSync('/usr/bin/apt-get')) {
  console.error(
    `packetwalk e2e tests need Chromium at ${chromium}: install it (Debian/Ubuntu: \`sudo apt-get install -y chromium\`) or set CHROMIUM_PATH to a Chromium binary.`,
  );
  process.exit(1);
}

console.log('packetwalk: installing Chromium for the e2e tests (apt-get install -y chromium)…');
run('apt-get', ['update']);
run('apt-get', ['install', '-y', 'chromium']);
if (!existsSync(chromium)) {
  console.error(`packetwalk: apt-get finished but ${chromium} is still missing.`);
  process.exit(1);
}
