/**
 * The fuzzer (issue 20): random text, YAML structure, mutated presets, real
 * samples and HNS dumps, then random flows on what loads. Nothing may throw,
 * hang (FUZZ_HANG_MS per input) or break a trace invariant.
 *
 * The inputs are split over the shard files `fuzz.N.test.ts` (this module holds the suite; `.suite.ts` files are type-checked with the tests), so that vitest
 * runs them on every core.
 * - CI (`CI` set): 20,000 inputs in all; elsewhere 1,000, or FUZZ_RUNS. Under
 *   fast-check, which shrinks a failure and prints its seed; replay with
 *   FUZZ_SEED=<seed> (and FUZZ_PATH) on the shard that failed. CI's seeds
 *   are fixed (below); elsewhere they are random.
 * - `npm run fuzz`: FUZZ_COUNT=1 tallies every failure over 100,000 inputs
 *   instead of stopping at the first, and prints one example per kind.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzCase, type FuzzCase, type FuzzCorpus } from './fuzzInputs';
import { runFuzzCase, type FuzzOutcome } from './fuzzOracle';

/** Inputs over all shards. */
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.CI ? 20_000 : 1_000));
export const FUZZ_SHARDS = 4;
const SHARD_RUNS = Math.ceil(RUNS / FUZZ_SHARDS);
const HANG_MS = Number(process.env.FUZZ_HANG_MS ?? 2_000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
/**
 * Under CI each shard runs a fixed seed, so a landing never depends on luck and a failure replays exactly; exploring
 * new inputs is `npm run fuzz`'s (and every local run's) job, with random seeds.
 */
const CI_SEED = 20_261_201;
const seedFor = (shard: number): number | undefined => SEED ?? (process.env.CI ? CI_SEED + shard : undefined);
const COUNT = process.env.FUZZ_COUNT === '1';
/** The whole run's budget: generous (a loaded CI machine), since speed is the benchmark's business; a hang is caught per input. */
const TIMEOUT_MS = Math.max(600_000, SHARD_RUNS * 200);

const here = (rel: string): string => fileURLToPath(new URL(rel, import.meta.url));
const FIXTURES = here('../importers/fixtures/');
const SAMPLES = process.env.FUZZ_SAMPLES ?? here('../../../../shared/real-samples/');

function read(dir: string, name: string): { name: string; text: string } {
  return { name, text: readFileSync(dir + name, 'utf8') };
}

function corpus(): FuzzCorpus {
  const samples = existsSync(SAMPLES) ? readdirSync(SAMPLES).filter((f) => f !== 'SOURCES.md').sort() : [];
  const isHns = (f: string): boolean => /^(hns|hcn)-/.test(f);
  return {
    samples: [
      ...samples.filter((f) => !isHns(f)).map((f) => read(SAMPLES, f)),
      read(FIXTURES, 'k8s-lab.kubectl-get.yaml'),
    ],
    hns: [...readdirSync(FIXTURES).filter((f) => f.startsWith('k8s-lab-win-1.')).sort().map((f) => read(FIXTURES, f)), ...samples.filter(isHns).map((f) => read(SAMPLES, f))],
  };
}

const now = (): number => performance.now();

/**
 * Invariant violations still open in the walker (issues 11 and 12), tallied
 * as `known` instead of failing CI while they are open. Delete an entry when its fix lands: the fuzzer then guards it.
 */
const KNOWN: { pattern: RegExp; issue: string }[] = [];

type FailureKind = 'uncaught' | 'hang' | 'violation' | 'known';

/** What went wrong in one outcome, as a kind for tallies, or undefined. */
function failureOf(o: FuzzOutcome): { kind: FailureKind; key: string } | undefined {
  if (o.crash) return { kind: 'uncaught', key: `${o.crash.stage}: ${o.crash.message.slice(0, 120)}` };
  if (o.ms > HANG_MS) return { kind: 'hang', key: `over ${HANG_MS} ms` };
  // A trace with a known problem counts as known (its other problems follow from it, e.g. the hop limit after a gateway loop).
  for (const v of o.violations) {
    const known = KNOWN.find((k) => v.problems.some((p) => k.pattern.test(p)));
    if (!known) return { kind: 'violation', key: v.problems[0]!.replace(/\d+/g, 'N').slice(0, 120) };
  }
  const first = o.violations[0]?.problems ?? [];
  if (first.length) return { kind: 'known', key: KNOWN.find((k) => first.some((p) => k.pattern.test(p)))!.issue };
  return undefined;
}

function show(c: FuzzCase, o: FuzzOutcome): string {
  const files = c.files.map((f) => `--- ${f.name} (${f.text.length} chars)\n${f.text.length > 3000 ? `${f.text.slice(0, 3000)}…` : f.text}`).join('\n');
  return `source ${c.source}, ${o.ms.toFixed(0)} ms\n${JSON.stringify(o.crash ?? o.violations, null, 1)}\nflows ${JSON.stringify(c.flows)}\n${files}`;
}

/** Declares shard `shard` (1-based) of the fuzz suite. */
export function defineFuzzShard(shard: number): void {
  describe(`fuzz shard ${shard}/${FUZZ_SHARDS}: nothing the user gives breaks the engine`, () => {
    const arb = fuzzCase(corpus());

    it.skipIf(COUNT)(`${SHARD_RUNS} inputs: no exception, no hang, invariants hold`, () => {
      fc.assert(
        fc.property(arb, (c) => {
          const o = runFuzzCase(c, now);
          const f = failureOf(o);
          if (f && f.kind !== 'known') throw new Error(`${f.kind} ${f.key}\n${show(c, o)}`);
        }),
        { numRuns: SHARD_RUNS, ...(seedFor(shard) !== undefined ? { seed: seedFor(shard) } : {}), ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}) },
      );
    }, TIMEOUT_MS);

    it.runIf(COUNT)(`tally over ${SHARD_RUNS} inputs`, () => {
      const seed = (SEED ?? Math.floor(Math.random() * 2 ** 31)) + (shard - 1) * 1_000_000;
      const tally = new Map<string, { n: number; example: string }>();
      const totals = { uncaught: 0, hang: 0, violation: 0, known: 0, loaded: 0, traced: 0 };
      // The slowest input, so a run with a generous FUZZ_HANG_MS (a loaded machine) still shows how far any input was from the mark.
      let slowest = { ms: 0, at: '' };
      const bySource = new Map<string, number>();
      const t0 = now();
      const batch = 500;
      for (let b = 0; b * batch < SHARD_RUNS; b++) {
        const cases = fc.sample(arb, { seed: seed + b, numRuns: Math.min(batch, SHARD_RUNS - b * batch) });
        cases.forEach((c, i) => {
          const o = runFuzzCase(c, now);
          if (o.ms > slowest.ms) slowest = { ms: o.ms, at: `FUZZ_SEED=${seed + b} batch index ${i}, source ${c.source}` };
          totals.loaded += o.loaded ? 1 : 0;
          totals.traced += o.traced;
          bySource.set(c.source, (bySource.get(c.source) ?? 0) + 1);
          const f = failureOf(o);
          if (!f) return;
          totals[f.kind]++;
          const k = `${f.kind} | ${f.key}`;
          const t = tally.get(k);
          if (t) t.n++;
          else tally.set(k, { n: 1, example: `replay: FUZZ_SEED=${seed + b} batch index ${i}\n${show(c, o)}` });
        });
      }
      const secs = (now() - t0) / 1000;
      const lines = [...tally.entries()].sort((a, b) => b[1].n - a[1].n).map(([k, v]) => `${String(v.n).padStart(6)}  ${k}`);
      console.log(
        `fuzz shard ${shard}, seed ${seed}: ${SHARD_RUNS} inputs in ${secs.toFixed(1)} s (${(SHARD_RUNS / secs).toFixed(0)}/s), loaded ${totals.loaded}, flows traced ${totals.traced}\n` +
          `sources ${JSON.stringify(Object.fromEntries(bySource))}\n` +
          `slowest input ${slowest.ms.toFixed(0)} ms (${slowest.at}; hang mark ${HANG_MS} ms)\n` +
          `uncaught ${totals.uncaught}, hangs ${totals.hang}, invariant violations ${totals.violation} (+ ${totals.known} known, filed in issues 11 and 12)\n${lines.join('\n')}`,
      );
      const grep = process.env.FUZZ_GREP;
      const shown = [...tally.entries()].filter(([k]) => !grep || k.includes(grep));
      for (const [k, v] of shown.slice(0, Number(process.env.FUZZ_EXAMPLES ?? 8))) console.log(`\n=== ${k}\n${v.example}`);
      expect(totals).toMatchObject({ uncaught: 0, hang: 0, violation: 0 });
    }, TIMEOUT_MS);
  });
}
