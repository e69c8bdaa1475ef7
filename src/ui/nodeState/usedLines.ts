/**
 * Which lines of a node's state views the trace used (optionally only the
 * steps whose rule a selected object produced). A step's rule names the view
 * line that prints it by id (`rule.id`, model/ruleIds.ts) and a view line
 * carries that id (`NodeStateView.lineIds`), so a line is used when its id is
 * one of the rules' ids. Text is compared only between a rule without an id
 * and a line without one: a view printed from a dump the engine did not
 * derive (none today) or a rule no view prints, so nothing matches by
 * accident where ids exist.
 */
import type { NodeStateView, Step, Trace } from '../../engine/index';

export interface UsedRules {
  /** Ids of the rules (a rule may list several, one per line). */
  ids: Set<string>;
  /** Trimmed text lines of the rules that carry no id. */
  texts: Set<string>;
}

export function usedLines(trace: Trace | undefined, node: string, keep: (step: Step) => boolean = () => true): UsedRules {
  const used: UsedRules = { ids: new Set(), texts: new Set() };
  for (let t = trace; t; t = t.reply) {
    for (const step of t.steps) {
      if (step.node !== node || !step.rule || !keep(step)) continue;
      const { id, text } = step.rule;
      if (id !== undefined) for (const one of id.split('\n')) used.ids.add(one);
      else
        for (const line of text.split('\n')) {
          const trimmed = line.trim();
          if (trimmed) used.texts.add(trimmed);
        }
    }
  }
  return used;
}

export function usedCount(used: UsedRules): number {
  return used.ids.size + used.texts.size;
}

const NONE: UsedRules = { ids: new Set(), texts: new Set() };

function isUsed(used: UsedRules, text: string, id: string | undefined): boolean {
  return id !== undefined ? used.ids.has(id) : used.texts.has(text.trim());
}

/** The view's lines, each marked when the trace used it and when the selected object produced it. */
export function markLines(view: Pick<NodeStateView, 'text' | 'lineIds'>, used: UsedRules, produced: UsedRules = NONE): { text: string; used: boolean; produced: boolean }[] {
  return view.text.split('\n').map((line, i) => {
    const id = view.lineIds?.[i];
    return { text: line, used: isUsed(used, line, id), produced: isUsed(produced, line, id) };
  });
}

/**
 * The view's lines as runs to draw: each used line alone, the unused lines
 * between them joined into one text (issue 18: a node's routes or nftables
 * at 1,000 nodes are a few elements, not one per line).
 */
export function markedRuns(view: Pick<NodeStateView, 'text' | 'lineIds'>, used: UsedRules, produced: UsedRules = NONE): { text: string; used: boolean; produced: boolean }[] {
  const runs: { text: string; used: boolean; produced: boolean }[] = [];
  let plain: string[] = [];
  const flush = () => {
    if (plain.length) runs.push({ text: plain.join('\n'), used: false, produced: false });
    plain = [];
  };
  for (const line of markLines(view, used, produced)) {
    if (!line.used) {
      plain.push(line.text);
      continue;
    }
    flush();
    runs.push(line);
  }
  flush();
  return runs;
}
