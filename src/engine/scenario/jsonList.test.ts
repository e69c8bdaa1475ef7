/**
 * The item-by-item JSON List reader (jsonList.ts) hands over exactly what
 * JSON.parse reads, declines layouts it cannot check, and makes the loader
 * start again when an item does not parse after others were handed over.
 */
import { describe, expect, it } from 'vitest';
import { streamJsonList } from './jsonList';
import { loadScenarioText } from './load';
import { parseYamlFull, type RawObject } from './parse';

const pod = (i: number): Record<string, unknown> => ({ kind: 'Pod', metadata: { name: `p-${i}`, namespace: 'demo', labels: { app: 'a}', note: '\n    }' } }, spec: { nodeName: 'n', containers: [{ ports: [{ containerPort: 80 }] }] } });
const list = (n: number, indent: number | string = 4): string => JSON.stringify({ apiVersion: 'v1', kind: 'List', items: Array.from({ length: n }, (_, i) => pod(i)), metadata: { resourceVersion: '' } }, null, indent);

function streamed(text: string): { end: string; values: unknown[]; batches: number } {
  const values: unknown[] = [];
  let batches = 0;
  const end = streamJsonList(
    text,
    (objects) => {
      batches++;
      values.push(...objects.map((o) => o.value));
    },
    (value, index): RawObject => ({ value: { index, value }, lineOf: () => undefined }),
  );
  return { end, values, batches };
}

describe('streamJsonList', () => {
  it('hands over each item of a pretty-printed List, as JSON.parse reads it, in batches', () => {
    for (const indent of [4, 2, '\t']) {
      const text = list(250, indent);
      const r = streamed(text);
      expect(r.end).toBe('done');
      expect(r.values).toEqual((JSON.parse(text) as { items: unknown[] }).items.map((value, index) => ({ index, value })));
      expect(r.batches).toBe(3);
    }
  });

  it('declines what it cannot check: minified JSON, a plain array, a second items key, escapes around the items', () => {
    const text = list(3);
    for (const other of [JSON.stringify(JSON.parse(text)), JSON.stringify([pod(0)], null, 4), text.replace('"items": [', '"items": [], "items": ['), text.replace(/\n}$/, ',\n    "items": []\n}'), text.replace(/\n}$/, ',\n    "x": "\\u0041"\n}'), text.replace('"kind": "List"', '"kind": "Pod"')]) {
      expect(streamed(other).end).toBe('declined');
    }
  });

  it('an item that does not parse after others were handed over restarts the load, which then reads the text as before', () => {
    const text = list(150);
    const at = text.indexOf('"p-140"');
    const broken = `${text.slice(0, at)}{${text.slice(at)}`;
    expect(streamed(broken).end).toBe('restart');
    const r = loadScenarioText(broken);
    // The text's syntax errors, as the YAML parser reports them, and nothing about the 100 pods handed over first.
    expect(r.diagnostics.filter((d) => d.code === 'yaml-syntax')).toEqual(parseYamlFull(broken).diagnostics);
    expect(r.diagnostics.filter((d) => d.object?.kind === 'Pod')).toEqual([]);
    expect(r.scenario).toBeNull();
  });
});
