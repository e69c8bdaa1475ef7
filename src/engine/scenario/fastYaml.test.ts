/**
 * The fast YAML path (js-yaml, lines on demand) reads the same objects with
 * the same lines as the full `yaml` document model, and leaves to it what it
 * must not read itself.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../presets/catalog';
import { generateClusterYaml } from '../testing/generate';
import { parseYamlFast } from './fastYaml';
import { parseYamlFull, type RawObject } from './parse';

const SAMPLES = join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'real-samples');

/** Every field path of an object (depth first), so lines are compared everywhere. */
function paths(v: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...paths(x, [...prefix, i])));
  else if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...prefix, k]));
  return out;
}

function expectSame(fast: RawObject[] | undefined, full: RawObject[]): void {
  expect(fast).toBeDefined();
  expect(fast!.map((o) => o.value)).toEqual(full.map((o) => o.value));
  fast!.forEach((o, i) => {
    expect(o.line).toBe(full[i]!.line);
    for (const p of [...paths(o.value), ['no', 'such', 'field']]) expect([p, o.lineOf(p)]).toEqual([p, full[i]!.lineOf(p)]);
  });
}

const kubectlList = `apiVersion: v1
items:
- apiVersion: v1
  kind: Node
  metadata:
    name: a
    labels:
      kubernetes.io/os: linux
  status:
    addresses:
    - address: 10.0.0.1
      type: InternalIP
- apiVersion: v1
  kind: Deployment
  metadata: {name: web, namespace: demo}
  spec:
    replicas: 2

- apiVersion: v1
  kind: Pod
  metadata:
    name: web
    annotations:
      note: |
        a block scalar
        with --- inside
kind: List
metadata:
  resourceVersion: ""
`;

describe('fast YAML path', () => {
  it.each(PRESETS.map((p) => [p.name, p.yaml] as const))('reads preset %s as the full parser does', (_, yaml) => {
    expectSame(parseYamlFast(yaml), parseYamlFull(yaml).objects);
  });

  it('reads a kubectl List (items by their own lines) and a generated cluster as the full parser does', () => {
    expectSame(parseYamlFast(kubectlList), parseYamlFull(kubectlList).objects);
    const gen = generateClusterYaml({ nodes: 12, podsPerNode: 2, services: 3, endpointsPerService: 2, vxlanMode: 'Always', twoSubnets: true, natOutgoing: true, windowsEvery: 5 });
    expectSame(parseYamlFast(gen), parseYamlFull(gen).objects);
    const indented = kubectlList.replace(/^(-| )/gm, '  $1');
    expectSame(parseYamlFast(indented), parseYamlFull(indented).objects);
  });

  it('reads the real samples as the full parser does', () => {
    if (!existsSync(SAMPLES)) return;
    const files = readdirSync(SAMPLES).filter((f) => f.endsWith('.yaml'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const text = readFileSync(join(SAMPLES, f), 'utf8');
      const fast = parseYamlFast(text);
      if (fast) expectSame(fast, parseYamlFull(text).objects);
    }
  });

  it('leaves directives, anchors, unknown tags and syntax errors to the full parser', () => {
    for (const text of ['%YAML 1.2\n---\nkind: Node\n', 'a: &x [1]\nb: *x\n', 'kind: !!binary aGk=\n', 'kind: Node\n  bad: [\n', 'a: 1\n...\nb: 2\n---\nc: 3\n']) {
      expect(parseYamlFast(text)).toBeUndefined();
    }
  });

  it('reads documents separated by --- with comments and empty documents', () => {
    const text = '# head\n---\nkind: Node\nmetadata: {name: a}\n---\n---\n# only a comment\n--- \nkind: Pod\nmetadata:\n  name: p\n';
    expectSame(parseYamlFast(text), parseYamlFull(text).objects);
  });
});
