/**
 * Which lines of a node's state views the trace used: every line of the
 * rules its steps on that node showed, trimmed (optionally only the steps
 * whose rule a selected object produced). A view line counts as used when its
 * trimmed text is one of them.
 */
import type { Step, Trace } from '../../engine/index';

export function usedLines(trace: Trace | undefined, node: string, keep: (step: Step) => boolean = () => true): Set<string> {
  const used = new Set<string>();
  for (let t = trace; t; t = t.reply) {
    for (const step of t.steps) {
      if (step.node !== node || !step.rule || !keep(step)) continue;
      for (const line of step.rule.text.split('\n')) {
        const trimmed = line.trim();
        if (trimmed) used.add(trimmed);
      }
    }
  }
  return used;
}

/** The view text as lines, each marked when the trace used it and when the selected object produced it. */
export function markLines(text: string, used: ReadonlySet<string>, produced: ReadonlySet<string> = new Set()): { text: string; used: boolean; produced: boolean }[] {
  return text.split('\n').map((line) => ({ text: line, used: used.has(line.trim()), produced: produced.has(line.trim()) }));
}
