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
import type { NodeStateView, Step, Trace } from '../engine/index';

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

/** A line of a node state view, marked when the trace used it and when the selected object produced it. */
export interface MarkedLine {
  text: string;
  used: boolean;
  produced: boolean;
}

/** Whether a view line (its text and rule id) prints one of `used`'s rules. */
export function isMarked(used: UsedRules, text: string, id: string | undefined): boolean {
  return id !== undefined ? used.ids.has(id) : used.texts.has(text.trim());
}

/** The view's lines, each marked when the trace used it and when the selected object produced it. */
export function markLines(view: Pick<NodeStateView, 'text' | 'lineIds'>, used: UsedRules, produced: UsedRules = NONE): MarkedLine[] {
  return view.text.split('\n').map((line, i) => markLine(line, view.lineIds?.[i], used, produced));
}

/** One line with its rule id (undefined when it prints none), marked. */
export function markLine(text: string, id: string | undefined, used: UsedRules, produced: UsedRules = NONE): MarkedLine {
  return { text, used: isMarked(used, text, id), produced: isMarked(produced, text, id) };
}

/**
 * Marked lines as runs to draw: each used line alone, the unused lines
 * between them joined into one text (issue 18: a node's routes or nftables
 * at 1,000 nodes are a few elements, not one per line).
 */
export function markedRuns(lines: readonly MarkedLine[]): MarkedLine[] {
  const runs: MarkedLine[] = [];
  let plain: string[] = [];
  const flush = () => {
    if (plain.length) runs.push({ text: plain.join('\n'), used: false, produced: false });
    plain = [];
  };
  for (const line of lines) {
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
