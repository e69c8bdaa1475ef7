/**
 * A JSON List read item by item gives exactly what `JSON.parse` of the whole
 * text gives, in any layout, and declines what it cannot split.
 */
import { describe, expect, it } from 'vitest';
import { generateClusterYaml } from '../testing/generate';
import { loadScenarioText } from './load';
import { streamJsonList } from './jsonList';
import { parseScenarioText } from './parse';

function streamed(text: string): { end: string; items: unknown[] } {
  const items: unknown[] = [];
  const end = streamJsonList(text, (v, i) => {
    items[i] = v;
  });
  return { end, items };
}

const items = [
  { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a "quoted" }\\ name', annotations: { x: '{"not": ["a", "boundary"]}\n        },' } } },
  { kind: 'Service', metadata: { name: 'b' }, spec: { ports: [{ port: 80 }] } },
  { kind: 'Node', metadata: { name: 'c' }, status: { addresses: [] } },
];
const list = { apiVersion: 'v1', kind: 'List', items, metadata: { resourceVersion: '' } };

describe('streamJsonList', () => {
  it.each([
    ['kubectl layout (4 spaces)', JSON.stringify(list, null, 4)],
    ['two spaces', JSON.stringify(list, null, 2)],
    ['compact', JSON.stringify(list)],
    ['tabs and CRLF', JSON.stringify(list, null, '\t').replaceAll('\n', '\r\n')],
    ['items after kind', JSON.stringify({ kind: 'PodList', metadata: {}, items }, null, 4)],
  ])('%s: the items JSON.parse reads', (_, text) => {
    expect(streamed(text)).toEqual({ end: 'done', items: (JSON.parse(text) as typeof list).items });
  });

  it.each([
    ['not a List', JSON.stringify({ kind: 'Pod', items }, null, 4)],
    ['two items keys', `{"kind": "List", "items": [], "items": ${JSON.stringify(items)}}`],
    ['an item that is not an object', JSON.stringify({ kind: 'List', items: [1, ...items] })],
    ['trailing text', `${JSON.stringify(list, null, 4)} x`],
    ['a plain array', JSON.stringify(items)],
    ['YAML', 'kind: List\nitems: []\n'],
  ])('declines %s', (_, text) => {
    expect(streamed(text).end).toBe('declined');
  });

  it('an invalid item after valid ones aborts, and loading then reports the syntax error as before', () => {
    const text = JSON.stringify(list, null, 4).replace('"name": "b"', '"name": b');
    expect(streamed(text).end).toBe('aborted');
    const r = loadScenarioText(text);
    expect(r.diagnostics.filter((d) => d.code === 'yaml-syntax' || d.code === 'duplicate-object').map((d) => d.code)).toEqual(parseScenarioText(text).diagnostics.map((d) => d.code));
  });

  it('a generated cluster as kubectl prints it loads to the same scenario as its YAML', () => {
    const yaml = generateClusterYaml({ nodes: 12, podsPerNode: 3, services: 5, endpointsPerService: 3, vxlanMode: 'Always', twoSubnets: false, natOutgoing: true, windowsEvery: 4 });
    const objects = parseScenarioText(yaml).objects.map((o) => o.value);
    const json = JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects }, null, 4);
    expect(streamed(json).items).toEqual(objects);
    expect(loadScenarioText(json, 'g')).toEqual(loadScenarioText(yaml, 'g'));
  });
});
