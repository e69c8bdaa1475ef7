import { describe, expect, it } from 'vitest';
import { PRESETS } from '../engine/index';
import { applyScenarioEdits, diffEdits, importedText, sameSource } from './scenarioSource';
import { scenarioSourceSchema } from './scenarioSourceSchema';

const lab = PRESETS.find((p) => p.name === 'k8s-lab')!.yaml;

/** A deterministic pseudo-random generator (tests only). */
function rng(seed: number) {
  return () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
}

describe('diffEdits', () => {
  it('gives edits that turn the old text into the new, for changes anywhere', () => {
    const next = rng(7);
    for (let round = 0; round < 200; round++) {
      const lines = lab.split('\n');
      for (let c = 0; c < 1 + Math.floor(next() * 4); c++) {
        const at = Math.floor(next() * lines.length);
        const what = next();
        if (what < 0.33) lines.splice(at, 1);
        else if (what < 0.66) lines.splice(at, 0, `  added: ${round}-${c}`);
        else lines[at] = `${lines[at]} # changed`;
      }
      const after = lines.join('\n') + (next() < 0.5 ? '\nend' : '');
      const edits = diffEdits(lab, after);
      expect(applyScenarioEdits(lab, edits)).toEqual({ yaml: after });
    }
  });

  it('two changes far apart are two small edits, not one spanning both', () => {
    const after = lab.replace('encapsulation: VXLAN', 'encapsulation: VXLANCrossSubnet').replace('enableDSR: true', 'enableDSR: false');
    const edits = diffEdits(lab, after);
    expect(edits).toHaveLength(2);
    expect(JSON.stringify(edits).length).toBeLessThan(600);
  });

  it('is empty for equal texts', () => {
    expect(diffEdits(lab, lab)).toEqual([]);
  });
});

describe('importedText', () => {
  it('ends each file with `...`, so a file that starts with a %YAML directive stays valid YAML in the joined text', () => {
    const text = importedText([{ name: 'a.yaml', text: 'kind: Node\n' }, { name: 'b.yaml', text: '%YAML 1.2\n---\nkind: Pod\n' }], () => false);
    expect(text).toBe('# a.yaml\nkind: Node\n...\n# b.yaml\n%YAML 1.2\n---\nkind: Pod\n...\n');
  });
});

describe('scenarioSourceSchema', () => {
  it('takes a preset, YAML or files (with edits) and nothing else', () => {
    expect(scenarioSourceSchema.safeParse({ files: [{ name: 'a', text: 'x' }], edits: [{ append: 'y' }] }).success).toBe(true);
    expect(scenarioSourceSchema.safeParse({ preset: 'k8s-lab', yaml: 'x' }).success).toBe(false);
    expect(scenarioSourceSchema.safeParse({ files: [] }).success).toBe(false);
  });
});

describe('sameSource', () => {
  it('compares base and edits as data: key order and undefined keys do not matter, any difference does', () => {
    const files = { files: [{ name: 'a.yaml', text: 'kind: Node\n' }], edits: [{ find: 'a', replace: 'b' }] };
    expect(sameSource(files, { edits: [{ replace: 'b', find: 'a' }], files: [{ text: 'kind: Node\n', name: 'a.yaml' }] })).toBe(true);
    expect(sameSource({ preset: 'k8s-lab' }, { preset: 'k8s-lab', edits: undefined })).toBe(true);
    expect(sameSource(files, { ...files, edits: [{ find: 'a', replace: 'c' }] })).toBe(false);
    expect(sameSource(files, { ...files, files: [{ name: 'a.yaml', text: 'kind: Pod\n' }] })).toBe(false);
    expect(sameSource({ preset: 'k8s-lab' }, { yaml: 'k8s-lab' } as never)).toBe(false);
    expect(sameSource(undefined, { preset: 'k8s-lab' })).toBe(false);
    expect(sameSource(undefined, undefined)).toBe(true);
  });
});
