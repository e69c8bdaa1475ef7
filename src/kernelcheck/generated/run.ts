/**
 * Runs the generated scenarios (draw.ts) through the harness's scenario
 * runner, and on a disagreement prints the seed and a minimal scenario YAML
 * that reproduces it (shrink.ts), with the command that replays the seed.
 * A cluster the kernel refuses to build is a disagreement too (the model's
 * state is not something `ip`/`nft`/`iptables-restore` accepts).
 */
import type { Check } from '../compare';
import type { FlowSpec, ScenarioSpec } from '../matrix';
import { CLUSTERS, drawScenarios, FLOWS, generatedScenario, pickSeed, type GenScenario } from './draw';
import { shrink } from './shrink';

export interface GenResult {
  scenario: string;
  flow: FlowSpec;
  checks: Check[];
}

/** The harness's runner: builds `spec` as scenario number `index` and runs its flows. */
export type RunScenario<R extends GenResult> = (index: number, spec: ScenarioSpec) => Promise<R[]>;

export interface GeneratedRun<R> {
  seed: number;
  clusters: number;
  results: R[];
  /** Summary and reproductions, printed after the per-flow report. */
  notes: string[];
}

const SHRINK_MS = Number(process.env.KERNELCHECK_SHRINK_MS ?? 120_000);
/** The run's time bound for the generated part: a loaded machine needs about a minute per cluster and 4 s per flow. */
export function generatedBudgetMs(): number {
  return CLUSTERS * (60_000 + FLOWS * 4_000) + SHRINK_MS;
}

const ok = (r: GenResult): boolean => r.checks.every((c) => c.ok);

/** Runs `spec`; a build failure becomes one failed check per flow. */
async function runSafe<R extends GenResult>(run: RunScenario<R>, index: number, spec: GenScenario): Promise<(R | GenResult)[]> {
  try {
    return await run(index, spec);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    return spec.flows.map((flow) => ({ scenario: spec.name, flow, checks: [{ what: 'build', expected: 'the kernel accepts the model\'s state', seen: msg, ok: false }] }));
  }
}

export async function runGenerated<R extends GenResult>(run: RunScenario<R>, firstIndex: number): Promise<GeneratedRun<R | GenResult>> {
  const seed = pickSeed();
  const specs = drawScenarios(seed);
  const results: (R | GenResult)[] = [];
  const notes: string[] = [];
  let index = firstIndex;
  const failing: { spec: GenScenario; flow: FlowSpec }[] = [];
  for (const spec of specs) {
    const rs = await runSafe(run, index++, spec);
    results.push(...rs);
    const bad = rs.find((r) => !ok(r));
    if (bad) failing.push({ spec, flow: bad.flow });
  }
  // One reproduction per failing cluster: its first disagreeing flow, on the smallest cluster where it still disagrees.
  const shrinkEnd = Date.now() + SHRINK_MS;
  for (const { spec, flow } of failing) {
    const fails = async (c: GenScenario['cluster']): Promise<boolean> => {
      const one = generatedScenario(c, spec.seed, spec.index, [flow]);
      const rs = await runSafe(run, index++, one);
      return rs.length > 0 && !ok(rs[0]!);
    };
    const { cluster, tries } = await shrink(spec.cluster, flow.req, fails, Math.max(0, shrinkEnd - Date.now()));
    const min = generatedScenario(cluster, spec.seed, spec.index, [flow]);
    notes.push(
      '',
      `### disagreement in generated cluster ${spec.index} (seed ${seed}): ${flow.title}`,
      `replay: KERNELCHECK_SEED=${seed} npm run test:kernel   (shrunk in ${tries} tries to ${cluster.nodes.length} nodes, ${cluster.services.length} services)`,
      `flow: ${JSON.stringify(flow.req)}`,
      '--- minimal scenario YAML ---',
      min.yaml,
      '--- end ---',
    );
  }
  return { seed, clusters: specs.length, results, notes };
}
