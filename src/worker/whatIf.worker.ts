/**
 * Worker-side helpers (imported by engine.worker.ts; named .worker.ts because it runs engine code) of the what-if, readiness, IPAM and import views:
 * they turn engine results into the plain data of `api.ts`. Runs only in the
 * engine worker (and in tests).
 */
import {
  checkReadiness,
  compareHns,
  compileScenario,
  importFiles,
  looksLikeHnsDump,
  windowsUsableAddresses,
  type CompiledCluster,
  type HnsAttachment,
  type ImportOptions,
  type InputFile,
  type ReadinessOptions,
} from '../engine/index';
import type { HnsComparison, ImportAnswer, IpamView } from './api';

export function readinessOf(cluster: CompiledCluster, options: ReadinessOptions) {
  return checkReadiness(cluster.scenario, cluster, options);
}

export function ipamViewOf(cluster: CompiledCluster): IpamView {
  const { ipam } = cluster;
  const nodeOf = new Map(cluster.scenario.pods.map((p) => [`${p.namespace}/${p.name}`, p.nodeName]));
  const pods = [...ipam.podIP.entries()];
  return {
    blocks: ipam.blocks.map((b) => {
      const size = 2 ** (32 - b.cidr.len);
      const inBlock = (ip: string) => {
        const n = ip.split('.').reduce((a, x) => a * 256 + Number(x), 0);
        return n >= b.cidr.base && n < b.cidr.base + size;
      };
      return {
        cidr: b.cidr.text,
        pool: b.pool.name,
        node: b.node,
        windows: b.windows,
        reserved: [...b.reserved],
        usable: b.windows ? windowsUsableAddresses(b.cidr.len) : size,
        pods: pods.filter(([, ip]) => inBlock(ip)).map(([pod, ip]) => ({ pod, ip, node: nodeOf.get(pod) ?? '' })),
      };
    }),
    borrowed: ipam.borrowed.map((b) => ({ ...b })),
    strictAffinity: cluster.scenario.calico?.strictAffinity ?? false,
  };
}

/** The HNS dumps of the last import, kept until the scenario they belong to is compiled. */
let imported: HnsAttachment[] = [];

export function importInWorker(files: InputFile[], options: ImportOptions): ImportAnswer {
  const result = importFiles(files, options);
  imported = result.scenario ? result.hns : [];
  return {
    result: { scenario: result.scenario, diagnostics: result.diagnostics, hns: result.hns.map((a) => ({ node: a.node, files: a.files })) },
    hnsFiles: files.filter((f) => looksLikeHnsDump(f.text)).map((f) => f.name),
  };
}

/** The HNS dumps of the last import, for `setScenario(…, { importedHns: true })`. */
export function importedAttachments(): HnsAttachment[] {
  return imported;
}

/** The last import's dumps against the nodes the cluster objects imply (compiled without the dumps, as the CLI does). */
export function compareImported(cluster: CompiledCluster): HnsComparison[] {
  if (imported.length === 0) return [];
  const derived = compileScenario(cluster.scenario);
  return imported.flatMap((a) => {
    const st = derived.nodes.get(a.node);
    return st?.kind === 'windows' ? [{ node: a.node, files: a.files, mismatches: compareHns(a.hns, st) }] : [];
  });
}
