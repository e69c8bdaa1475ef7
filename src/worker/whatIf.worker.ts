/**
 * Worker-side helpers (imported by engineApi.ts; named .worker.ts because it runs engine code) of the readiness, IPAM and import views:
 * they turn engine results into the plain data of `api.ts`. Runs only in the
 * engine worker (and in tests).
 */
import {
  checkReadiness,
  compareHns,
  compileScenario,
  windowsUsableAddresses,
  type CompiledCluster,
  type HnsAttachment,
  type ReadinessOptions,
  buildRunbook,
  type Runbook,
  calicoSettings,
} from '../engine/index';
import type { HnsComparison, IpamView } from './api';

export function runbookOf(cluster: CompiledCluster): Runbook {
  return buildRunbook(cluster.scenario, cluster);
}

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
    strictAffinity: calicoSettings(cluster.scenario)?.strictAffinity ?? false,
  };
}

/** A files source's HNS dumps against the nodes the cluster objects imply (compiled without the dumps, as the CLI does). */
export function compareImported(cluster: CompiledCluster, attachments: readonly HnsAttachment[]): HnsComparison[] {
  if (attachments.length === 0) return [];
  const derived = compileScenario(cluster.scenario);
  return attachments.flatMap((a) => {
    const st = derived.nodes.get(a.node);
    return st?.kind === 'windows' ? [{ node: a.node, files: a.files, mismatches: compareHns(a.hns, st) }] : [];
  });
}
