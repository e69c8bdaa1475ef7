/**
 * Issue 14's promise that "used lines" are found by id: every rule id a step
 * names (`rule.id`) is the id of a line of its node's state views. Returns
 * the ids that have no line, as `node: id (step action at component)`.
 */
import type { CompiledCluster } from '../trace/cluster';
import { nodeStateViews } from '../trace/cluster';
import type { Trace } from '../model/trace';

const lineIdsOf = new WeakMap<CompiledCluster, Map<string, Set<string>>>();

function lineIds(c: CompiledCluster, node: string): Set<string> {
  let byNode = lineIdsOf.get(c);
  if (!byNode) lineIdsOf.set(c, (byNode = new Map()));
  let ids = byNode.get(node);
  if (!ids) {
    ids = new Set();
    for (const v of nodeStateViews(c, node)) for (const id of v.lineIds ?? []) if (id !== undefined) ids.add(id);
    byNode.set(node, ids);
  }
  return ids;
}

export function ruleIdsWithoutLine(c: CompiledCluster, trace: Trace): string[] {
  const missing: string[] = [];
  for (let t: Trace | undefined = trace; t; t = t.reply) {
    for (const step of t.steps) {
      if (step.rule?.id === undefined) continue;
      const ids = step.node !== undefined ? lineIds(c, step.node) : new Set<string>();
      for (const id of step.rule.id.split('\n')) if (!ids.has(id)) missing.push(`${step.node ?? '(no node)'}: ${id} (${step.action} at ${step.at.component})`);
    }
  }
  return missing;
}
