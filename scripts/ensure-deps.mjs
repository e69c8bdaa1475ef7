#!/usr/bin/env node
// Makes node_modules match package-lock.json, with no dependencies of its own.
// Runs before `npm start`, `npm test` and `npm run build`: on a fresh clone it
// runs `npm ci`; afterwards it only compares a hash, so it costs milliseconds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lockFile = join(root, 'package-lock.json');
const marker = join(root, 'node_modules', '.packetwalk-lock');

const MIN_NODE = [20, 19];

function checkNodeVersion() {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major < MIN_NODE[0] || (major === MIN_NODE[0] && minor < MIN_NODE[1])) {
    console.error(`packetwalk needs Node.js >= ${MIN_NODE.join('.')} (this is ${process.versions.node}); install a newer Node.js.`);
    process.exit(1);
  }
}

function lockHash() {
  return createHash('sha256').update(readFileSync(lockFile)).update(process.versions.node).digest('hex');
}

function installedHash() {
  return existsSync(marker) ? readFileSync(marker, 'utf8').trim() : '';
}

checkNodeVersion();
if (!existsSync(lockFile)) {
  console.error('packetwalk: package-lock.json is missing; run `npm install` once to create it.');
  process.exit(1);
}

const wanted = lockHash();
if (installedHash() === wanted) process.exit(0);

// Progress goes to stderr so `npm run -s trace -- --format json` stays clean JSON.
console.error('packetwalk: installing dependencies (npm ci)…');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], {
  cwd: root,
  stdio: ['inherit', 2, 2],
  // Playwright drives the system Chromium; never let an install download a browser.
  env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
});
if (result.status !== 0) {
  console.error(`packetwalk: \`npm ci\` failed (exit ${result.status ?? result.signal}).`);
  process.exit(result.status ?? 1);
}
writeFileSync(marker, `${wanted}\n`);
