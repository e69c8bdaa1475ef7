import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadPreset } from '../presets/catalog';
import { compileScenario } from '../trace/cluster';
import { bgpCommand, checkReadiness, poolEncapsulationCommand } from './check';
import { shellJson, shellQuote } from './shell';
import { calicoSettings } from '../model/calico';

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
  const payload = 'default; curl -s http://127.0.0.1:9/x | sh; #';

  it('the command builders quote the Installation name: the payload stays one argument', () => {
    for (const c of [bgpCommand(payload, 'Disabled'), poolEncapsulationCommand(payload, 0, 'VXLAN')]) {
      const words = shellWords(c);
      expect(words.slice(0, 4)).toEqual(['kubectl', 'patch', 'installation', payload]);
      expect(words.filter((w) => w.includes('curl'))).toEqual([payload]);
    }
  });

  it('an Installation named with shell in it never reaches a command unquoted', () => {
    const loaded = loadPreset('k8s-main-before');
    // The loader refuses such a name (DNS-1123); quoting must hold whatever the source, so the name is set after loading.
    const scenario = structuredClone(loaded.scenario!);
    calicoSettings(scenario)!.installation = { ...calicoSettings(scenario)!.installation!, name: payload };
    const commands = checkReadiness(scenario, compileScenario(scenario), { planWindows: true }).flatMap((f) => f.fix?.commands ?? []);
    expect(commands.some((c) => c.includes('curl'))).toBe(true);
    for (const c of commands) {
      // The shell sees kubectl's arguments only: the payload is one argument.
      const words = shellWords(c);
      expect(words[0]).toBe('kubectl');
      expect(words.filter((w) => w.includes('curl')).every((w) => w === payload)).toBe(true);
    }
  });
});
