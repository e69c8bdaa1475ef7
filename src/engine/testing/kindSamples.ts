/**
 * Objects of the kinds the loader's fast paths read (fastKinds.ts,
 * directSpecs.ts), for the tests that check those paths against the schemas:
 * from every preset, a generated cluster and texts the test reads (a real
 * kubectl dump; the engine has no fs), and mutated copies of them.
 */
import fc from 'fast-check';
import { PRESETS } from '../presets/catalog';
import { parseScenarioText } from '../scenario/parse';
import { generateClusterYaml } from './generate';

type Rec = Record<string, unknown>;

/** The parsed objects, of a kind in `kinds`, of the presets, a generated cluster and `more`. */
export function kindSamples(kinds: Readonly<Record<string, unknown>>, more: readonly string[]): Rec[] {
  const texts = [
    ...PRESETS.map((p) => p.yaml),
    generateClusterYaml({ nodes: 12, podsPerNode: 3, services: 6, endpointsPerService: 4, vxlanMode: 'CrossSubnet', twoSubnets: true, natOutgoing: true, windowsEvery: 4 }),
    ...more,
  ];
  return texts.flatMap((t) => parseScenarioText(t).objects.map((o) => o.value)).filter((v) => typeof v.kind === 'string' && v.kind in kinds);
}

/** A copy of `v` with the value at one path (chosen by `pick`) replaced by `x` or deleted. */
function mutate(v: unknown, pick: number[], x: unknown, del: boolean): unknown {
  if (typeof v !== 'object' || v === null || pick.length === 0) return x;
  const keys = Object.keys(v);
  if (keys.length === 0) return x;
  const k = keys[pick[0]! % keys.length]!;
  const copy: Rec = Array.isArray(v) ? ([...v] as unknown as Rec) : { ...(v as Rec) };
  if (del && pick.length === 1) delete copy[k];
  else copy[k] = mutate((v as Rec)[k], pick.slice(1), x, del);
  return copy;
}

/** Runs `check` on 4,000 copies of `objects` with one value replaced by one of `odd` or deleted, those still of a kind in `kinds`. */
export function checkMutated(objects: Rec[], kinds: Readonly<Record<string, unknown>>, odd: fc.Arbitrary<unknown>, check: (v: Rec) => unknown): void {
  fc.assert(
    fc.property(fc.constantFrom(...objects), fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), odd, fc.boolean(), (v, pick, x, del) => {
      const m = mutate(v, pick, x, del) as Rec;
      if (typeof m === 'object' && m !== null && typeof m.kind === 'string' && m.kind in kinds) check(m);
    }),
    { numRuns: 4000 },
  );
}
