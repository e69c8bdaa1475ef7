/**
 * axe scans scoped to the region a test changed, so that a scan takes a few
 * seconds even on a busy machine: a full-page scan of the app (the topology,
 * every node state view, the tables) checks thousands of nodes for colour
 * contrast and timed out at 30–60 s with both cores loaded. Only violations
 * are collected (`resultTypes`), which spares axe the details of every pass,
 * and axe runs inside the page (legacy mode) rather than finishing in a blank
 * page it opens per scan, which halved a scan's time on a loaded machine; the
 * app has no cross-origin frames, the one thing legacy mode would not reach.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The app's regions: a Section by its heading id (`section[aria-labelledby=…]`), or any selector. */
export const REGION = {
  header: 'header',
  trace: 'section[aria-labelledby="trace-heading"]',
  visualizer: 'section[aria-labelledby="visualizer-heading"]',
  compare: 'section[aria-labelledby="compare-heading"]',
  nodeState: 'section[aria-labelledby="node-state-heading"]',
  nodes: 'section[aria-labelledby="nodes-heading"]',
} as const;

/** Serious and critical violations inside `regions` (the whole page when none is given), one line each. */
export async function seriousViolations(page: Page, regions: readonly string[] = [], label = ''): Promise<string[]> {
  let axe = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  for (const r of regions) axe = axe.include(r);
  const results = await axe.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label ? `${label} ` : ''}${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}
