#!/usr/bin/env node
// Makes sure the Debian tools the tests run are installed before the first
// test that uses them: nft (the printed rulesets against real nftables),
// iptables-restore and ipset (the iptables rulesets and Felix's IP sets), tcpdump and ping (the kernel
// check), rsvg-convert (SVG exports). As root with apt-get it installs the
// missing packages (one apt-get run, waiting for another dpkg to finish);
// otherwise it lists what to install. Missing tools then make the tests that
// need them skip with a message — or fail under CI=true (src/testing/tools.ts).
import { spawnSync } from 'node:child_process';

/** tool → Debian package. */
const TOOLS = {
  nft: 'nftables',
  'iptables-restore': 'iptables',
  ipset: 'ipset',
  tcpdump: 'tcpdump',
  ping: 'iputils-ping',
  ip: 'iproute2',
  'rsvg-convert': 'librsvg2-bin',
};

const have = (tool) => spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;
const missing = Object.entries(TOOLS).filter(([tool]) => !have(tool));
if (missing.length === 0) process.exit(0);

const packages = [...new Set(missing.map(([, p]) => p))];
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || !have('apt-get')) {
  console.error(`packetwalk: the tests use ${missing.map(([t]) => t).join(', ')}; install them (Debian/Ubuntu: \`sudo apt-get install -y ${packages.join(' ')}\`). Tests that need them are skipped (they fail under CI=true).`);
  process.exit(0);
}

console.error(`packetwalk: installing ${packages.join(' ')} for the tests (apt-get)…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const apt = (args) => spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=600', ...args], { stdio: ['ignore', 2, 2], env }).status === 0;
if (!apt(['install', '-y', '-qq', '--no-install-recommends', ...packages])) {
  // A fresh image has no package lists yet.
  apt(['update', '-qq']);
  if (!apt(['install', '-y', '-qq', '--no-install-recommends', ...packages])) {
    console.error(`packetwalk: \`apt-get install ${packages.join(' ')}\` failed.`);
    process.exit(1);
  }
}
const still = missing.filter(([tool]) => !have(tool)).map(([t]) => t);
if (still.length) {
  console.error(`packetwalk: apt-get finished but ${still.join(', ')} is still missing.`);
  process.exit(1);
}
