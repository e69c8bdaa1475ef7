import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../presets/catalog';
import { loadScenarioText } from '../scenario/load';
import { compileScenario } from '../trace/cluster';
import { checkReadiness } from './check';
import { shellJson, shellQuote } from './shell';

/** What a POSIX shell makes of `word`: the arguments it passes on, one per line. */
function shellWords(line: string): string[] {
  return execFileSync('sh', ['-c', `for a in ${line}; do printf '%s\\n' "$a"; done`], { encoding: 'utf8' }).split('\n').slice(0, -1);
}

const HOSTILE = ['default; curl -s http://127.0.0.1:9/x | sh; #', "it's", '$(touch /tmp/pwned)', '`id`', 'a\nb', '"; rm -rf ~ "', "'; echo hi; '", '*', '~', ''];

describe('shellQuote', () => {
  it('every value is one argument, exactly as given, with nothing run', () => {
    for (const v of HOSTILE.filter((x) => !x.includes('\n'))) expect(shellWords(shellQuote(v))).toEqual([v]);
    expect(shellWords(shellJson({ a: "it's; $(id)" }))).toEqual([JSON.stringify({ a: "it's; $(id)" })]);
  });

  it('leaves plain names as they are (the seed’s commands read the same)', () => {
    expect(shellQuote('default')).toBe('default');
    expect(shellJson({ spec: { strictAffinity: true } })).toBe(`'{"spec":{"strictAffinity":true}}'`);
  });
});

describe('readiness commands from a hostile scenario', () => {
  it('an Installation named with shell in it never reaches a command unquoted', () => {
    const lab = PRESETS.find((p) => p.name === 'k8s-main-before')!.yaml;
    const payload = 'default; curl -s http://127.0.0.1:9/x | sh; #';
    const hostile = lab.replace(/(kind: Installation\nmetadata:\n  name: )default/, `$1${JSON.stringify(payload)}`);
    const loaded = loadScenarioText(hostile, 'hostile');
    if (!loaded.scenario) return; // the loader may refuse the name outright (DNS-1123): then nothing reaches a command
    const cluster = compileScenario(loaded.scenario);
    const commands = checkReadiness(loaded.scenario, cluster, { planWindows: true }).flatMap((f) => f.fix.commands ?? []);
    expect(commands.some((c) => c.includes('curl'))).toBe(true);
    for (const c of commands) {
      // The shell sees kubectl's arguments only: the payload, if present, is one argument.
      const words = shellWords(c);
      expect(words[0]).toBe('kubectl');
      expect(words.filter((w) => w.includes('curl')).every((w) => w === payload)).toBe(true);
    }
  });
});
