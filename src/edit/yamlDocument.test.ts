import { describe, expect, it } from 'vitest';
import { PRESETS } from '../engine/index';
import { importedText } from '../share/scenarioSource';
import { applyEdit } from './edits';
import { Docs, set } from './yamlDocument';

const POOL = 'apiVersion: projectcalico.org/v3\nkind: IPPool\nmetadata: {name: pool}\nspec: {cidr: 10.64.0.0/10, blockSize: 26, vxlanMode: Always, natOutgoing: true}\n';
const BROKEN = 'apiVersion: v1\nkind: Pod\nmetadata: {name: broken\n';

/** Each object's first change (a label), removal, and an added object, through `docs`: what the edit families do. */
function changes(text: string, docs: () => Docs): string[] {
  const kinds = [...new Set([...new Docs(text, { whole: true }).objects()].map((o) => String(o.obj.get('kind'))))];
  return kinds.flatMap((kind) => {
    const label = (d: Docs) => {
      const o = d.findAll(kind)[0]!;
      set(o, ['metadata', 'labels', 'edited'], 'yes');
      return d.toString();
    };
    const remove = (d: Docs) => {
      d.remove(d.findAll(kind)[0]!);
      return d.toString();
    };
    const add = (d: Docs) => {
      d.add({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: `added-${kind}` } });
      return d.toString();
    };
    return [label(docs()), remove(docs()), add(docs())];
  });
}

describe('Docs', () => {
  it('reads only the documents that may hold what an edit looks for: a broken document elsewhere is kept as it is', () => {
    const text = `${POOL}---\n${BROKEN}`;
    const after = applyEdit(text, { op: 'setPool', pool: { source: 'ippool', name: 'pool' }, encapsulation: 'VXLANCrossSubnet' });
    expect(after).toContain('vxlanMode: CrossSubnet');
    expect(after.endsWith(`---\n${BROKEN}`)).toBe(true);
    // The document the edit reads must parse, as before.
    expect(() => applyEdit(`${BROKEN}---\n${POOL}`, { op: 'removePod', namespace: 'default', name: 'broken' })).toThrow();
  });

  it.each(PRESETS.map((p) => [p.name, p.yaml] as const))('%s: the same text as reading every document, as YAML and as an import', (name, yaml) => {
    for (const text of [yaml, importedText([{ name: `${name}.yaml`, text: yaml }], () => false)]) {
      expect(new Docs(text).toString()).toBe(text);
      expect(changes(text, () => new Docs(text))).toEqual(changes(text, () => new Docs(text, { whole: true })));
    }
  });
});
