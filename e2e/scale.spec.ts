/**
 * Issue 18's page targets with a generated 1,000-node cluster (10 pods per
 * node, 10 endpoints per Service, every 10th node Windows; the bench's
 * generator): imported as a user does (the file picker), it opens within 5 s,
 * and no main-thread task is longer than 50 ms while it opens, while a trace
 * plays, or after a what-if edit. Long tasks are recorded with a
 * PerformanceObserver from page start; the longest of each phase is printed.
 *
 * A page benchmark, not a functional test: `npm run bench:page` runs it (and
 * fails on a missed target); `npm test` leaves it out (playwright.config.ts),
 * since speed is checked by the bench, never by a timed test.
 */
import type { Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { generateClusterYaml } from '../src/engine/testing/generate';
import { expect, openLab, test } from './fixtures';

const OPEN_MS = 5_000;
const LONG_TASK_MS = 50;

// Playwright's trace snapshots and screenshots walk the whole page on the main thread: they would be the long tasks measured.
test.use({ trace: 'off', screenshot: 'off' });

const yaml = generateClusterYaml({ nodes: 1000, podsPerNode: 10, services: 10, endpointsPerService: 10, vxlanMode: 'Always', twoSubnets: false, natOutgoing: true, windowsEvery: 10 });

interface Watch {
  tasks: { start: number; duration: number }[];
}

/** Every long task since the page started (the observer is installed before any page script runs). */
async function recordLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as Watch;
    w.tasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.tasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

const now = (page: Page) => page.evaluate(() => performance.now());

/** The longest main-thread task that started in [from, to) (page clock), 0 when none was long. */
async function longestBetween(page: Page, from: number, to: number): Promise<number> {
  return page.evaluate(([a, b]) => Math.max(0, ...(window as unknown as Watch).tasks.filter((t) => t.start >= a! && t.start < b!).map((t) => t.duration)), [from, to]);
}

test('a 1,000-node cluster opens within 5 s without a main-thread task over 50 ms; tracing and an edit stay under 50 ms', async ({ page }) => {
  test.setTimeout(600_000);
  await recordLongTasks(page);
  const app = await openLab(page);
  // SCALE_PROFILE=file: a CPU profile of the main thread from here to the end, to find what the long tasks are.
  const profile = process.env.SCALE_PROFILE ? await page.context().newCDPSession(page) : undefined;
  await profile?.send('Profiler.enable');
  await profile?.send('Profiler.start');
  const figures: Record<string, number> = {};
  try {
    // Open: from handing the file to the page until the collapsed topology is drawn and the flow picker answers.
    await page.getByTestId('import-files').setInputFiles({ name: 'gen-1000.yaml', mimeType: 'text/yaml', buffer: Buffer.from(yaml) });
    const openStart = await now(page);
    await expect(page.getByTestId('import-status')).toContainText('Imported 1 file(s)', { timeout: 120_000 });
    await expect(app.topology).toHaveAttribute('data-collapsed', 'true');
    await expect(page.getByTestId('node-tiles').locator('li')).not.toHaveCount(0);
    await app.openDrawer('flow');
    await page.getByTestId('trace-src').fill('pod:gen/pod-0-0');
    await expect(page.getByTestId('trace-src')).toHaveValue('pod:gen/pod-0-0');
    const openEnd = await now(page);
    figures.openMs = Math.round(openEnd - openStart);
    figures.openLongestTask = await longestBetween(page, openStart, openEnd);
    console.log(`open: ${figures.openMs} ms, longest task ${figures.openLongestTask} ms`);

    // Trace and play: a pod on a Linux node to a pod on a Windows node, played to its end.
    const traceStart = await now(page);
    await app.trace('pod:gen/pod-1-0', 'pod:gen/pod-990-4', 'tcp');
    console.log(`trace asked after ${Math.round((await now(page)) - traceStart)} ms`);
    await expect(app.verdict).toHaveAttribute('data-verdict', 'delivered', { timeout: 60_000 });
    await page.getByTestId('play').first().click();
    await expect(page.getByTestId('play').first()).toHaveAttribute('aria-label', 'Play', { timeout: 60_000 });
    const traceEnd = await now(page);
    figures.traceLongestTask = await longestBetween(page, traceStart, traceEnd);
    console.log(`trace and play: longest task ${figures.traceLongestTask} ms`);

    // Edit: the pool's encapsulation from the what-if drawer; the flow is traced again on the changed cluster.
    await app.openDrawer('whatIf');
    const encapsulation = page.getByTestId('pool-pool').getByTestId('pool-encapsulation');
    await expect(encapsulation).toBeVisible({ timeout: 60_000 });
    const editStart = await now(page);
    await encapsulation.selectOption('VXLANCrossSubnet');
    // Applied, recompiled and traced again: undo is offered once the page is no longer busy.
    await expect(page.getByTestId('what-if-undo')).toBeEnabled({ timeout: 240_000 });
    // Traced again on the edited cluster: Calico for Windows has no CrossSubnet, so the Windows node's network is
    // not created and the flow to its pod is refused as a documented limitation (windows/networkMissing.ts).
    await expect(app.verdict).toHaveAttribute('data-verdict', 'dropped', { timeout: 60_000 });
    await expect(app.verdict).toHaveAttribute('data-kind', 'limitation');
    const editEnd = await now(page);
    figures.editMs = Math.round(editEnd - editStart);
    figures.editLongestTask = await longestBetween(page, editStart, editEnd);

  } finally {
    if (profile) writeFileSync(process.env.SCALE_PROFILE!, JSON.stringify((await profile.send('Profiler.stop')).profile));
  }
  console.log(`scale (1,000 nodes): ${JSON.stringify(figures)}`);
  expect.soft(figures.openMs, 'time to open').toBeLessThanOrEqual(OPEN_MS);
  expect.soft(figures.openLongestTask, 'longest task while opening').toBeLessThanOrEqual(LONG_TASK_MS);
  expect.soft(figures.traceLongestTask, 'longest task while a trace plays').toBeLessThanOrEqual(LONG_TASK_MS);
  expect.soft(figures.editLongestTask, 'longest task after an edit').toBeLessThanOrEqual(LONG_TASK_MS);
});
