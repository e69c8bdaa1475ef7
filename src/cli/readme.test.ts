/**
 * README's commands are true: every `packetwalk …` (or `npx packetwalk …`)
 * and `npm run trace|state|readiness|check -- …` line in README's `sh` blocks
 * runs through the bundle (bin/packetwalk.mjs, which builds it when missing)
 * and exits as its comment documents — `exit N`, else 0. Where the comment
 * says `reply <verdict> (<code>)`, the trace's reply ends that way.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

export interface DocCommand {
  line: number;
  text: string;
  argv: string[];
  exit: number;
  reply?: { verdict: string; code?: string };
}

/** Splits a command line into words: whitespace-separated, with '…' and "…" quoting. */
function words(command: string): string[] {
  return [...command.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

/** The packetwalk commands of README's `sh` blocks, with what their comments document. */
export function docCommands(markdown: string): DocCommand[] {
  const out: DocCommand[] = [];
  let inSh = false;
  markdown.split('\n').forEach((raw, i) => {
    if (/^```/.test(raw)) {
      inSh = !inSh && /^```sh\s*$/.test(raw);
      return;
    }
    if (!inSh) return;
    const hash = raw.search(/\s#\s/);
    const command = (hash >= 0 ? raw.slice(0, hash) : raw).trim();
    const comment = hash >= 0 ? raw.slice(hash) : '';
    let argv: string[] | undefined;
    const w = words(command);
    if (w[0] === 'npx' && w[1] === 'packetwalk') argv = w.slice(2);
    else if (w[0] === 'packetwalk') argv = w.slice(1);
    else if (w[0] === 'npm' && w[1] === 'run' && /^(trace|state|readiness|check)$/.test(w[2] ?? '')) argv = [w[2]!, ...w.slice(w[3] === '--' ? 4 : 3)];
    if (!argv) return;
    const exit = Number(comment.match(/\bexit (\d)\b/)?.[1] ?? 0);
    const reply = comment.match(/\breply ([a-z-]+)(?: \(([a-z0-9-]+)\))?/);
    out.push({ line: i + 1, text: command, argv, exit, ...(reply ? { reply: { verdict: reply[1]!, ...(reply[2] ? { code: reply[2] } : {}) } } : {}) });
  });
  return out;
}

const commands = docCommands(readme);

function runBin(argv: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [join(root, 'bin/packetwalk.mjs'), ...argv], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
}

describe('README commands', () => {
  beforeAll(() => {
    // Builds the bundle if a source changed, so the commands below time only themselves.
    expect(runBin(['--help']).status).toBe(0);
  }, 120_000);

  it('README has packetwalk commands in every subcommand', () => {
    for (const sub of ['trace', 'state', 'readiness', 'check', 'preset']) expect(commands.some((c) => c.argv[0] === sub), sub).toBe(true);
    expect(commands.length).toBeGreaterThanOrEqual(20);
  });

  it.each(commands.map((c) => [`README.md:${c.line} ${c.text}`, c] as const))('%s', (_name, c) => {
    const r = runBin(c.argv);
    expect(r.status, `${c.text}\n${r.stderr}`).toBe(c.exit);
    if (c.exit === 2) expect(r.stderr).toMatch(/^error/m);
    else expect(r.stdout.length).toBeGreaterThan(0);
    if (c.reply) {
      const text = r.stdout.slice(r.stdout.indexOf('\nreply: '));
      const verdict = text.split('\n').find((l) => l.startsWith('verdict: '));
      expect(verdict, c.text).toMatch(new RegExp(`^verdict: ${c.reply.verdict}\\b`));
      if (c.reply.code) expect(verdict).toContain(`(${c.reply.code})`);
    }
  });
});

describe('docCommands', () => {
  it('reads commands, their documented exit code and reply, and skips other lines', () => {
    const md = ['```sh', 'npm run trace -- --scenario k8s-lab --src a --dst b   # exit 2: bad', "packetwalk check 'my flows.yaml'", 'npm run bench', '```', 'packetwalk preset', '```yaml', 'packetwalk state', '```', '```sh', 'npx packetwalk trace x   # reply dropped (neighbour-unreachable)', '```'].join('\n');
    expect(docCommands(md)).toEqual([
      { line: 2, text: 'npm run trace -- --scenario k8s-lab --src a --dst b', argv: ['trace', '--scenario', 'k8s-lab', '--src', 'a', '--dst', 'b'], exit: 2 },
      { line: 3, text: "packetwalk check 'my flows.yaml'", argv: ['check', 'my flows.yaml'], exit: 0 },
      { line: 11, text: 'npx packetwalk trace x', argv: ['trace', 'x'], exit: 0, reply: { verdict: 'dropped', code: 'neighbour-unreachable' } },
    ]);
  });
});
