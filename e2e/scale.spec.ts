/**
 * Issue 18's page targets with a generated 1,000-node cluster (10 pods per
 * node, 10 endpoints per Service, every 10th node Windows; the bench's
 * generator): imported as a user does (the file picker), it opens within 5 s,
 * and no main-thread task is longer than 50 ms while it opens, while a trace
 * plays, after a what-if edit, or while the what-if forms open. Long tasks are recorded with a
 * PerformanceObserver from page start; the longest of each phase is printed.
 *
 * A page benchmark, not a functional test: `npm run bench:page` runs it (and
 * fails on a missed target); `npm test` leaves it out (playwright.config.ts),
 * since speed is checked by the bench, never by a timed test.
 */
import type { Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { generateClusterYaml } from '../src/engine/testing/generate';
import { expect, openLab, test } from './fixtures';

const OPEN_MS = 5_000;
const LONG_TASK_MS = 50;

// Playwright's trace snapshots and screenshots walk the whole page on the main thread: they would be the long tasks measured.
test.use({ trace: 'off', screenshot: 'off' });

const yaml = generateClusterYaml({ nodes: 1000, podsPerNode: 10, services: 10, endpointsPerService: 10, vxlanMode: 'Always', twoSubnets: false, natOutgoing: true, windowsEvery: 10 });

interface Frame {
  start: number;
  duration: number;
  /** The scripts that ran in a long animation frame (what a long task was), longest first. */
  scripts: string[];
}

interface Watch {
  tasks: { start: number; duration: number }[];
  frames: Frame[];
}

/** Every long task since the page started (the observer is installed before any page script runs), and the long animation frames' scripts, which name them. */
async function recordLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as Watch;
    w.tasks = [];
    w.frames = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.tasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
    type Script = { duration: number; invoker: string; sourceURL: string; sourceFunctionName: string };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { scripts: Script[] })[]) {
        const scripts = [...e.scripts].sort((a, b) => b.duration - a.duration).slice(0, 3);
        w.frames.push({ start: e.startTime, duration: e.duration, scripts: scripts.map((x) => `${Math.round(x.duration)} ms ${x.invoker} ${x.sourceFunctionName}@${x.sourceURL.split('/').pop()}`) });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  });
}

/** The page clock; also a user-timing mark, so a Chrome trace (SCALE_TRACE) shows where each phase starts and ends. */
const now = (page: Page) => page.evaluate(() => performance.mark('scale-phase').startTime);

/** The longest main-thread task that started in [from, to) (page clock), 0 when none was long, and the scripts of the long frames then. */
async function longestBetween(page: Page, from: number, to: number): Promise<{ longest: number; frames: Frame[] }> {
  return page.evaluate(
    ([a, b]) => {
      const w = window as unknown as Watch;
      const within = (t: { start: number }) => t.start >= a! && t.start < b!;
      return { longest: Math.max(0, ...w.tasks.filter(within).map((t) => t.duration)), frames: w.frames.filter(within).sort((x, y) => y.duration - x.duration).slice(0, 3) };
    },
    [from, to],
  );
}

/**
 * Waits until `predicate` holds, polled in the page with native DOM calls. Inside a measured phase the spec
 * never waits with `expect`: each miss of a Playwright assertion walks the whole page for its error message
 * (an aria snapshot), a main-thread task of its own that would be measured as the page's.
 */
async function until(page: Page, predicate: () => boolean, timeout = 60_000): Promise<void> {
  await page.waitForFunction(predicate, undefined, { polling: 100, timeout });
}

/** Waits until the element with test id `testId` has attribute `name` = `value` (as `until`). */
async function untilAttr(page: Page, testId: string, name: string, value: string): Promise<void> {
  await page.waitForFunction(([id, n, v]) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute(n!) === v, [testId, name, value], { polling: 100, timeout: 60_000 });
}

/** Elements in the page: what the main thread lays out and what every query walks. */
const elementCount = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length);

test('a 1,000-node cluster opens within 5 s without a main-thread task over 50 ms; tracing and an edit stay under 50 ms', async ({ page }) => {
  test.setTimeout(600_000);
  await recordLongTasks(page);
  const app = await openLab(page);
  // SCALE_PROFILE=file: a CPU profile of the main thread from here to the end, to find what the long tasks are.
  const profile = process.env.SCALE_PROFILE ? await page.context().newCDPSession(page) : undefined;
  await profile?.send('Profiler.enable');
  await profile?.send('Profiler.start');
  // SCALE_TRACE=file: a Chrome trace (tasks, layout, style, GC, script) from here to the end, for chrome://tracing or Perfetto.
  const tracing = process.env.SCALE_TRACE ? page.context().browser() : null;
  await tracing?.startTracing(page, { path: process.env.SCALE_TRACE, categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing'] });
  const figures: Record<string, number> = {};
  const report = (phase: 'open' | 'trace' | 'edit' | 'forms', { longest, frames }: { longest: number; frames: Frame[] }, elements: number) => {
    figures[`${phase}LongestTask`] = Math.round(longest);
    console.log(`${phase}: longest task ${Math.round(longest)} ms, ${elements} elements; longest frames: ${JSON.stringify(frames.map((f) => `${Math.round(f.duration)} ms: ${f.scripts.join(', ')}`))}`);
  };
  try {
    // Open: from handing the file to the page until the collapsed topology is drawn and the flow picker answers.
    await page.getByTestId('import-files').setInputFiles({ name: 'gen-1000.yaml', mimeType: 'text/yaml', buffer: Buffer.from(yaml) });
    const openStart = await now(page);
    await until(page, () => !!document.querySelector('[data-testid="import-status"]')?.textContent?.includes('Imported 1 file(s)'), 120_000);
    await untilAttr(page, 'topology', 'data-collapsed', 'true');
    await until(page, () => !!document.querySelector('[data-testid="node-tiles"] li'));
    await app.openDrawer('flow');
    await page.getByTestId('trace-src').fill('pod:gen/pod-0-0');
    await until(page, () => (document.querySelector('[data-testid="trace-src"]') as HTMLInputElement | null)?.value === 'pod:gen/pod-0-0');
    const openEnd = await now(page);
    figures.openMs = Math.round(openEnd - openStart);
    report('open', await longestBetween(page, openStart, openEnd), await elementCount(page));

    // Trace and play: a pod on a Linux node to a pod on a Windows node, played to its end.
    const traceStart = await now(page);
    await app.trace('pod:gen/pod-1-0', 'pod:gen/pod-990-4', 'tcp');
    console.log(`trace asked after ${Math.round((await now(page)) - traceStart)} ms`);
    await untilAttr(page, 'verdict', 'data-verdict', 'delivered');
    await page.getByTestId('play').first().click();
    await untilAttr(page, 'play', 'aria-label', 'Play');
    const traceEnd = await now(page);
    report('trace', await longestBetween(page, traceStart, traceEnd), await elementCount(page));

    // Edit: the pool's encapsulation from the what-if drawer; the flow is traced again on the changed cluster.
    await app.openDrawer('whatIf');
    const encapsulation = page.getByTestId('pool-pool').getByTestId('pool-encapsulation');
    await until(page, () => !!document.querySelector('[data-testid="pool-pool"] [data-testid="pool-encapsulation"]'));
    const editStart = await now(page);
    await encapsulation.selectOption('VXLANCrossSubnet');
    // Applied, recompiled and traced again: undo is offered once the page is no longer busy.
    await until(page, () => (document.querySelector('[data-testid="what-if-undo"]') as HTMLButtonElement | null)?.disabled === false, 240_000);
    // Traced again on the edited cluster: Calico for Windows has no CrossSubnet, so the Windows node's network is
    // not created and the flow to its pod is refused as a documented limitation (windows/networkMissing.ts).
    await untilAttr(page, 'verdict', 'data-verdict', 'dropped');
    await untilAttr(page, 'verdict', 'data-kind', 'limitation');
    const editEnd = await now(page);
    figures.editMs = Math.round(editEnd - editStart);
    report('edit', await longestBetween(page, editStart, editEnd), await elementCount(page));

    // Forms: the pods, nodes and Services tabs each draw a page asked from the worker, never every pod or node.
    const formsStart = await now(page);
    await page.getByTestId('what-if-tab-pods').click();
    await until(page, () => document.querySelectorAll('[data-testid="pod-row"]').length > 0 && !!document.querySelector('[data-testid="edit-pods-search"]'));
    await page.getByTestId('pod-move-start').first().click();
    await until(page, () => !!document.querySelector('[data-testid="pod-row"] select'));
    await page.getByTestId('what-if-tab-nodes').click();
    await until(page, () => !!document.querySelector('[data-testid="edit-nodes-search"]'));
    await page.getByTestId('what-if-tab-services').click();
    await until(page, () => document.querySelectorAll('[data-testid="service-row"]').length > 0);
    const formsEnd = await now(page);
    report('forms', await longestBetween(page, formsStart, formsEnd), await elementCount(page));

  } finally {
    await tracing?.stopTracing();
    if (profile) writeFileSync(process.env.SCALE_PROFILE!, JSON.stringify((await profile.send('Profiler.stop')).profile));
  }
  console.log(`scale (1,000 nodes): ${JSON.stringify(figures)}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  expect.soft(figures.openMs, 'time to open').toBeLessThanOrEqual(OPEN_MS);
  expect.soft(figures.openLongestTask, 'longest task while opening').toBeLessThanOrEqual(LONG_TASK_MS);
  expect.soft(figures.traceLongestTask, 'longest task while a trace plays').toBeLessThanOrEqual(LONG_TASK_MS);
  expect.soft(figures.editLongestTask, 'longest task after an edit').toBeLessThanOrEqual(LONG_TASK_MS);
  expect.soft(figures.formsLongestTask, 'longest task while the what-if forms open').toBeLessThanOrEqual(LONG_TASK_MS);
});
