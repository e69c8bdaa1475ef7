/**
 * Tests that run a system tool (nft, iptables-restore, tcpdump, rsvg-convert)
 * find it here. `npm test` installs the tools first (scripts/ensure-tools.mjs);
 * when one is still missing the test is skipped with a message, except under
 * CI (`CI=true`), where a skipped check would hide that it never ran: there
 * the test file fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const DIRS = ['/usr/sbin', '/sbin', '/usr/bin', '/bin', '/usr/local/sbin', '/usr/local/bin'];

export function findTool(name: string): string | undefined {
  for (const d of DIRS) if (existsSync(`${d}/${name}`)) return `${d}/${name}`;
  const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() !== '' ? r.stdout.trim() : undefined;
}

export const inCi = (env: NodeJS.ProcessEnv = process.env): boolean => env.CI === 'true' || env.CI === '1';

/**
 * The tool's path, or undefined (the caller skips) with a warning naming the
 * Debian package; under CI a missing tool throws instead.
 */
export function toolOrSkip(name: string, debianPackage: string, env: NodeJS.ProcessEnv = process.env, find: (n: string) => string | undefined = findTool): string | undefined {
  const path = find(name);
  if (path) return path;
  const message = `no \`${name}\` binary (Debian package ${debianPackage}; \`npm test\` installs it as root)`;
  if (inCi(env)) throw new Error(`${message}: under CI the tests that need it must run, not skip`);
  console.warn(`${message}: skipping the tests that need it`);
  return undefined;
}
