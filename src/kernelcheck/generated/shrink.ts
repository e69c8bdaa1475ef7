/**
 * Shrinking a generated cluster on which one flow disagrees with the kernel:
 * smaller descriptions (a node with its pods, a Service, a pod, the extra
 * external host dropped) that keep every object the flow names. The caller
 * rebuilds each candidate in namespaces and keeps it while the flow still
 * disagrees, so the YAML it prints is a minimal reproduction.
 */
import type { FlowRequest } from '../../engine/index';
import { clusterIp, externalIp, lbIp, type GenCluster } from '../../engine/testing/genCluster';

/** Names the flow refers to: pods, nodes, Services (also by their addresses). */
function kept(c: GenCluster, req: FlowRequest): { pods: Set<string>; nodes: Set<string>; services: Set<string> } {
  const pods = new Set<string>();
  const nodes = new Set<string>();
  const services = new Set<string>();
  for (const end of [req.src, req.dst]) {
    const [kind, name = ''] = end.split(':');
    if (kind === 'pod') pods.add(name.split('/')[1] ?? '');
    else if (kind === 'node') nodes.add(name);
    else if (kind === 'svc') services.add(name.split('/')[1] ?? '');
    else for (const s of c.services) if ([clusterIp(s), lbIp(s), externalIp(s)].includes(end)) services.add(s.name);
  }
  for (const n of c.nodes) if (n.pods.some((p) => pods.has(p.name))) nodes.add(n.name);
  return { pods, nodes, services };
}

/** Each description one step smaller than `c` that still has what the flow names; biggest steps first. */
export function shrinkSteps(c: GenCluster, req: FlowRequest): GenCluster[] {
  const k = kept(c, req);
  const out: GenCluster[] = [];
  for (const n of c.nodes) if (!k.nodes.has(n.name)) out.push({ ...c, nodes: c.nodes.filter((x) => x !== n) });
  for (const s of c.services) if (!k.services.has(s.name)) out.push({ ...c, services: c.services.filter((x) => x !== s) });
  for (const n of c.nodes) {
    for (const p of n.pods) {
      if (k.pods.has(p.name)) continue;
      out.push({ ...c, nodes: c.nodes.map((x) => (x === n ? { ...x, pods: x.pods.filter((q) => q !== p) } : x)) });
    }
  }
  if (c.extraExternal) out.push({ ...c, extraExternal: false });
  return out;
}

/**
 * Greedy shrinking: take the first smaller description that still fails, until none does or the budget
 * runs out. `fails` builds and runs the candidate.
 */
export async function shrink(c: GenCluster, req: FlowRequest, fails: (c: GenCluster) => Promise<boolean>, budgetMs: number): Promise<{ cluster: GenCluster; tries: number }> {
  const end = Date.now() + budgetMs;
  let cur = c;
  let tries = 0;
  for (let progress = true; progress && Date.now() < end; ) {
    progress = false;
    for (const cand of shrinkSteps(cur, req)) {
      if (Date.now() >= end) break;
      tries++;
      if (await fails(cand)) {
        cur = cand;
        progress = true;
        break;
      }
    }
  }
  return { cluster: cur, tries };
}
