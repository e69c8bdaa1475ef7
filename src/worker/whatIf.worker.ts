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
  cidrContains,
  cidrSize,
  ipToInt,
  type Cidr,
} from '../engine/index';
import type { HnsComparison, IpamView } from './api';

export function runbookOf(cluster: CompiledCluster): Runbook {
  return buildRunbook(cluster.scenario, cluster);
}

export function readinessOf(cluster: CompiledCluster, options: ReadinessOptions) {
  return checkReadiness(cluster.scenario, cluster, options);
}

/** Each cluster's IPAM view, built once: the panel's search and the forms' suggestions ask it again and again. */
const ipamViews = new WeakMap<CompiledCluster, IpamView>();

export function ipamViewOf(cluster: CompiledCluster): IpamView {
  let view = ipamViews.get(cluster);
  if (!view) ipamViews.set(cluster, (view = buildIpamView(cluster)));
  return view;
}

function buildIpamView(cluster: CompiledCluster): IpamView {
  const { ipam } = cluster;
  const nodeOf = new Map(cluster.scenario.pods.map((p) => [`${p.namespace}/${p.name}`, p.nodeName]));
  const podsOf = podsByBlock(ipam.blocks.map((b) => b.cidr), ipam.podIP);
  return {
    blocks: ipam.blocks.map((b, i) => ({
      cidr: b.cidr.text,
      pool: b.pool.name,
      node: b.node,
      windows: b.windows,
      reserved: [...b.reserved],
      usable: b.windows ? windowsUsableAddresses(b.cidr.len) : cidrSize(b.cidr),
      pods: podsOf[i]!.map(([pod, ip]) => ({ pod, ip, node: nodeOf.get(pod) ?? '' })),
    })),
    borrowed: ipam.borrowed.map((b) => ({ ...b })),
    strictAffinity: calicoSettings(cluster.scenario)?.strictAffinity ?? false,
  };
}

/**
 * Each block's pods (`ns/name`, IP), in the order IPAM assigned them: a pod's block is found by a binary search over
 * the blocks sorted by base (Calico's blocks never overlap), so 1,000 blocks and 10,000 pods cost 10,000 look-ups,
 * not 10 million comparisons (issue 18).
 */
export function podsByBlock(cidrs: readonly Cidr[], podIP: ReadonlyMap<string, string>): [string, string][][] {
  const out = cidrs.map((): [string, string][] => []);
  const order = cidrs.map((_, i) => i).sort((a, b) => cidrs[a]!.base - cidrs[b]!.base);
  for (const [pod, ip] of podIP) {
    const n = ipToInt(ip);
    let lo = 0;
    let hi = order.length - 1;
    let at = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (cidrs[order[mid]!]!.base <= n) {
        at = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const i = at < 0 ? undefined : order[at]!;
    if (i !== undefined && cidrContains(cidrs[i], n)) out[i]!.push([pod, ip]);
  }
  return out;
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
