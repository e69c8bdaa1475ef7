/**
 * The runbook as the page shows it (issue 18). At 1,000 nodes a step's
 * `ip route` before and after and its expected `ip route | grep …` output are
 * a line per node: the page gets the routes that differ between before and
 * after (how many are the same is said), at most the first RUNBOOK_LINES of
 * them (a change of encapsulation changes every node's route: 2 × 1,000
 * lines, a 100 ms layout), and the first lines of a long expected output
 * (how many more is said). The Markdown download asks for
 * the whole runbook.
 */
import type { Runbook } from '../engine/index';
import type { PageRunbook } from './api';

/** Longer lists of lines than this are shortened. */
export const RUNBOOK_LINES = 40;

function changesOf(changes: NonNullable<Runbook['steps'][number]['changes']>): NonNullable<PageRunbook['steps'][number]['changes']> {
  if (changes.before.length <= RUNBOOK_LINES && changes.after.length <= RUNBOOK_LINES) return changes;
  const before = new Set(changes.before);
  const after = new Set(changes.after);
  const removed = changes.before.filter((l) => !after.has(l));
  const added = changes.after.filter((l) => !before.has(l));
  const more = (lines: string[]) => Math.max(0, lines.length - RUNBOOK_LINES);
  return {
    node: changes.node,
    before: removed.slice(0, RUNBOOK_LINES),
    after: added.slice(0, RUNBOOK_LINES),
    unchanged: changes.before.length - removed.length,
    ...(more(removed) ? { moreBefore: more(removed) } : {}),
    ...(more(added) ? { moreAfter: more(added) } : {}),
  };
}

function expectOf(expect: string): { expect: string; more?: number } {
  const lines = expect.split('\n');
  return lines.length <= RUNBOOK_LINES ? { expect } : { expect: lines.slice(0, RUNBOOK_LINES).join('\n'), more: lines.length - RUNBOOK_LINES };
}

export function pageRunbook(runbook: Runbook): PageRunbook {
  return {
    ...runbook,
    steps: runbook.steps.map((s) => ({
      ...s,
      ...(s.changes ? { changes: changesOf(s.changes) } : {}),
      verify: s.verify.map((v) => ({ command: v.command, ...expectOf(v.expect) })),
    })),
  };
}
