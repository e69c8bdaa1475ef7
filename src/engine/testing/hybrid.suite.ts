/**
 * Invariants over generated hybrid clusters (issue 11): Linux and Windows
 * nodes (Windows Server 2019, 2022, 2025 builds), Calico (VXLAN,
 * CrossSubnet, BGP, IPIP) and flannel (vxlan, host-gw), kube-proxy nftables
 * or iptables, Services of every type — the shared generator
 * (genCluster.ts, genFlows.ts) — and each flow checked as a first and a
 * later packet (hybridChecks.ts).
 *
 * Sharded over `hybrid.N.test.ts` so vitest runs them on both cores. Under CI
 * (`CI` set) each shard runs a fixed seed (landing never depends on luck);
 * elsewhere a random one, printed. HYBRID_SEED replays a seed (with the
 * shard that failed), HYBRID_CLUSTERS changes the clusters per shard.
 * A failure is shrunk by fast-check and printed with the cluster's YAML.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileScenario, type CompiledCluster } from '../trace/cluster';
import type { FlowRequest } from '../trace/request';
import { loadScenarioText } from '../scenario/load';
import { genClusterArb, type GenCluster } from './genCluster';
import { genFlowArb } from './genFlows';
import { genClusterJson, genClusterYaml } from './genYaml';
import { checkHybridFlow } from './hybridChecks';

export const HYBRID_SHARDS = 2;
/** Flows per cluster: compiling a cluster costs more than a trace. */
const FLOWS_PER_CLUSTER = 50;
/** 2 shards × 100 clusters × 50 flows = 10,000 flows per run (each traced as a first and a later packet). */
const CLUSTERS = Number(process.env.HYBRID_CLUSTERS ?? 100);
const HANG_MS = Number(process.env.HYBRID_HANG_MS ?? 2_000);
const CI_SEED = 20_261_203;
const SEED = process.env.HYBRID_SEED === undefined ? undefined : Number(process.env.HYBRID_SEED);

function compile(c: GenCluster): { cluster?: CompiledCluster; errors: string[] } {
  const r = loadScenarioText(genClusterJson(c), 'generated.json');
  const errors = r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.field ?? ''} ${d.message}`);
  return r.scenario ? { cluster: compileScenario(r.scenario), errors } : { errors };
}

const caseArb = genClusterArb().chain((c) => fc.tuple(fc.constant(c), fc.array(genFlowArb(c), { minLength: FLOWS_PER_CLUSTER, maxLength: FLOWS_PER_CLUSTER })));

/** Declares shard `shard` (1-based). */
export function defineHybridShard(shard: number): void {
  describe(`hybrid invariants, shard ${shard}/${HYBRID_SHARDS}: generated Linux and Windows clusters, Calico and flannel`, () => {
    it(`${CLUSTERS * FLOWS_PER_CLUSTER} flows on ${CLUSTERS} clusters keep every invariant`, () => {
      const seed = SEED ?? (process.env.CI ? CI_SEED + shard : Math.floor(Math.random() * 2 ** 31));
      const tally = { flows: 0, traced: 0, verdicts: {} as Record<string, number> };
      const t0 = performance.now();
      const failure = (c: GenCluster, flows: FlowRequest[]): string | undefined => {
        const { cluster, errors } = compile(c);
        // The generator writes what real components accept: a load error is the generator's (or the loader's) bug.
        if (!cluster || errors.length) return `the generated cluster does not load: ${errors.join('; ')}`;
        for (const req of flows) {
          const o = checkHybridFlow(cluster, req, () => performance.now(), HANG_MS);
          tally.flows++;
          if (o.traced) tally.traced++;
          if (o.verdict) tally.verdicts[o.verdict] = (tally.verdicts[o.verdict] ?? 0) + 1;
          if (o.problems.length) return `${JSON.stringify(req)}\n${o.problems.join('\n')}`;
        }
        return undefined;
      };
      const result = fc.check(
        fc.property(caseArb, ([c, flows]) => failure(c, flows) === undefined),
        { numRuns: CLUSTERS, seed, endOnFailure: false },
      );
      const secs = (performance.now() - t0) / 1000;
      console.log(`hybrid shard ${shard}, seed ${seed}: ${tally.flows} flows (${tally.traced} traced) in ${secs.toFixed(1)} s; verdicts ${JSON.stringify(tally.verdicts)}`);
      if (result.failed && result.counterexample) {
        const [c, flows] = result.counterexample[0];
        const why = failure(c, flows);
        expect.fail(`seed ${seed} (replay: HYBRID_SEED=${seed} npx vitest run src/engine/testing/hybrid.${shard}.test.ts), path ${result.counterexamplePath}\n${why}\n--- cluster ---\n${genClusterYaml(c)}`);
      }
      expect(result.failed).toBe(false);
      expect(tally.traced).toBeGreaterThan(0);
    }, 600_000);
  });
}
