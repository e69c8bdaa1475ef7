/**
 * The fast checks (fastKinds.ts) answer exactly as the zod schemas do, or
 * not at all: on presets, generated clusters, a real kubectl dump and
 * randomly mutated copies of their objects, every value a fast check returns
 * equals the schema's parse, and the well-formed objects do take the fast path.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { checkMutated, kindSamples } from '../testing/kindSamples';
import { fastEndpointSlice, fastNode, fastPod, fastService } from './fastKinds';
import { endpointSliceSchema, nodeSchema, podSchema, serviceSchema } from './schemas';

type Rec = Record<string, unknown>;
const KINDS: Record<string, [z.ZodType, (v: Rec) => Rec | undefined]> = {
  Node: [nodeSchema, fastNode],
  Pod: [podSchema, fastPod],
  Service: [serviceSchema, fastService],
  EndpointSlice: [endpointSliceSchema, fastEndpointSlice],
};

const objects = kindSamples(KINDS, [readFileSync('/work/shared/real-samples/k3s-services-1.yaml', 'utf8')]);

/** The fast answer, if any, is the schema's. */
function agrees(v: Rec): boolean {
  const [schema, fast] = KINDS[v.kind as string]!;
  const got = fast(v);
  if (got === undefined) return false;
  const want = schema.safeParse(v);
  expect(want.success, JSON.stringify(v)).toBe(true);
  expect(got).toEqual(want.data);
  return true;
}

const odd = fc.constantFrom<unknown>(undefined, null, '', 'None', 'x', '1.2.3.4', '10.0.0.0/8', '10.0.0.1/8', 'fd00::1', '::/0', 0, -1, 1, 80, 65535, 65536, 1.5, Number.NaN, true, false, [], [null], ['1.2.3.4'], {}, { a: 1 }, { ip: 'fd00::1' }, 'TCP', 'SCTP', 'IPv6', 'Local', 'ClientIP', 'NodePort');

describe('fast kind checks', () => {
  it('take the fast path on well-formed objects of every source, with the schema’s result', () => {
    expect(objects.length).toBeGreaterThan(100);
    const fast = objects.filter(agrees);
    // Every object of these sources is well-formed IPv4 except the real dump's and presets' dual-stack ones.
    expect(fast.length / objects.length).toBeGreaterThan(0.9);
  });

  it('never accept what the schema refuses, nor answer differently, on mutated objects', () => {
    checkMutated(objects, KINDS, odd, agrees);
  });
});
