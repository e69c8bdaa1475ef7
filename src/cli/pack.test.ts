/**
 * `npm pack` gives a package that installs on a clean machine and runs:
 * it carries the bundle and the bin, needs no dependencies (everything is
 * bundled), and `npx packetwalk --help` and a trace work in an empty
 * project that installed only the tarball (offline: nothing to download).
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const tmp = mkdtempSync(join(tmpdir(), 'packetwalk-pack-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function sh(cmd: string, args: string[], opts: SpawnSyncOptions = {}): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(cmd, args, { encoding: 'utf8', ...opts, env: { ...process.env, npm_config_update_notifier: 'false', ...opts.env } });
  return { status: r.status, stdout: String(r.stdout), stderr: String(r.stderr) };
}

describe('npm pack', () => {
  it('installs in an empty project and runs with npx packetwalk', () => {
    expect(sh(process.execPath, ['bin/packetwalk.mjs', '--help'], { cwd: root }).status).toBe(0); // fresh bundle
    const pack = sh('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], { cwd: root });
    expect(pack.status, pack.stderr).toBe(0);
    const [info] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
    const files = info!.files.map((f) => f.path).sort();
    expect(files).toEqual(expect.arrayContaining(['bin/packetwalk.mjs', 'dist-cli/packetwalk.cjs', 'examples/migration-flows.yaml', 'package.json']));
    expect(files.filter((f) => f.startsWith('src/'))).toEqual([]);

    const project = join(tmp, 'clean');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), '{"name": "clean", "private": true}\n');
    const install = sh('npm', ['install', '--offline', '--no-audit', '--no-fund', join(tmp, info!.filename)], { cwd: project });
    expect(install.status, install.stderr).toBe(0);
    const installed = JSON.parse(readFileSync(join(project, 'node_modules/packetwalk/package.json'), 'utf8')) as { dependencies?: object };
    expect(installed.dependencies ?? {}).toEqual({});

    const help = sh('npx', ['--no-install', 'packetwalk', '--help'], { cwd: project });
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^usage: packetwalk <subcommand>/);
    const check = sh('npx', ['--no-install', 'packetwalk', 'check', 'node_modules/packetwalk/examples/migration-flows.yaml'], { cwd: project });
    expect(check.stdout, check.stderr).toMatch(/4 of 4 flows behave as expected/);
    expect(check.status).toBe(0);
  }, 180_000);
});
