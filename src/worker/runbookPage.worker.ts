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

/** The first RUNBOOK_LINES of `lines`, and how many more there are (0 when none). */
function firstLines(lines: string[]): { shown: string[]; more: number } {
  return { shown: lines.slice(0, RUNBOOK_LINES), more: Math.max(0, lines.length - RUNBOOK_LINES) };
}

function changesOf(changes: NonNullable<Runbook['steps'][number]['changes']>): NonNullable<PageRunbook['steps'][number]['changes']> {
  if (changes.before.length <= RUNBOOK_LINES && changes.after.length <= RUNBOOK_LINES) return changes;
  const before = new Set(changes.before);
  const after = new Set(changes.after);
  const removed = firstLines(changes.before.filter((l) => !after.has(l)));
  const added = firstLines(changes.after.filter((l) => !before.has(l)));
  return {
    node: changes.node,
    before: removed.shown,
    after: added.shown,
    unchanged: changes.before.length - removed.shown.length - removed.more,
    ...(removed.more ? { moreBefore: removed.more } : {}),
    ...(added.more ? { moreAfter: added.more } : {}),
  };
}

function expectOf(expect: string): { expect: string; more?: number } {
  const { shown, more } = firstLines(expect.split('\n'));
  return more ? { expect: shown.join('\n'), more } : { expect };
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
