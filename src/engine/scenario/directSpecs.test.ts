/**
 * The one-pass reads (directSpecs.ts) answer exactly as the checked path
 * (schema, then normalize.ts) does, and only where that path says nothing:
 * on presets, generated clusters, a real kubectl dump and randomly mutated
 * copies of their objects. An object the one-pass read declines loads with
 * the checked path's diagnostics.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Diagnostic } from '../model/diagnostic';
import { PRESETS } from '../presets/catalog';
import { checkMutated, kindSamples } from '../testing/kindSamples';
import { directEndpointSlice } from './directSpecs';
import { loadScenarioText } from './load';
import { normalizeEndpointSlice } from './normalize';
import { parseScenarioText, type RawObject } from './parse';
import { endpointSliceSchema } from './schemas';

type Rec = Record<string, unknown>;
type Checked = (v: never, raw: RawObject, diags: Diagnostic[]) => unknown;
const KINDS: Record<string, [z.ZodType, Checked, (v: Rec) => unknown]> = {
  EndpointSlice: [endpointSliceSchema, normalizeEndpointSlice as Checked, directEndpointSlice],
};

const objects = kindSamples(KINDS, [readFileSync('/work/shared/real-samples/k3s-services-1.yaml', 'utf8')]);

/** The one-pass answer, if any, is the checked path's, given without a diagnostic. */
function agrees(v: Rec): boolean {
  const [schema, normalize, direct] = KINDS[v.kind as string]!;
  const got = direct(v);
  if (got === undefined) return false;
  const parsed = schema.safeParse(v);
  expect(parsed.success, JSON.stringify(v)).toBe(true);
  const diags: Diagnostic[] = [];
  expect(got).toEqual(normalize(parsed.data as never, { value: v, lineOf: () => undefined }, diags));
  expect(diags).toEqual([]);
  return true;
}

const odd = fc.constantFrom<unknown>(undefined, null, '', 'x', '1.2.3.4', '10.0.0.1/8', 'fd00::1', 0, 80, 65536, 1.5, true, false, [], [null], ['1.2.3.4'], ['fd00::1'], {}, { a: 1 }, { name: 'p' }, { kind: 'Node', name: 'n' }, 'TCP', 'SCTP', 'IPv6', 'FQDN', 'Pod');

describe('one-pass reads', () => {
  it('read as the checked path does: the well-formed objects of every source, and mutated ones only where it says nothing', () => {
    // All but the presets' and the real dump's dual-stack objects take the one-pass read.
    expect(objects.filter(agrees).length).toBeGreaterThan(0.9 * objects.length);
    checkMutated(objects, KINDS, odd, agrees);
  });

  it('leave a slice with an IPv6 endpoint to the checked path, which reports it with its line and keeps the rest', () => {
    const slice = { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 's', namespace: 'demo', labels: { 'kubernetes.io/service-name': 'hello' } }, endpoints: [{ addresses: ['10.0.0.5'] }, { addresses: ['fd00::5'] }] };
    expect(directEndpointSlice(slice)).toBeUndefined();
    const lab = parseScenarioText(PRESETS.find((p) => p.name === 'k8s-lab')!.yaml).objects.map((o) => o.value);
    const text = JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [...lab, slice] }, null, 4);
    const r = loadScenarioText(text);
    const line = text.split('\n').findIndex((l) => l.includes('"fd00::5"')) + 1;
    expect(r.diagnostics.filter((d) => d.object?.name === 's')).toEqual([
      { severity: 'error', code: 'invalid-field', object: { kind: 'EndpointSlice', namespace: 'demo', name: 's' }, field: 'endpoints[1].addresses[0]', line, message: '"fd00::5" is not an IPv4 address' },
    ]);
    expect(r.scenario!.endpointSlices.find((e) => e.name === 's')!.endpoints.map((e) => e.addresses)).toEqual([['10.0.0.5']]);
  });
});
