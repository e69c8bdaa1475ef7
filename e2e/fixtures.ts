/**
 * Shared e2e setup: every test fails on an uncaught error in the page or a
 * Content-Security-Policy violation, and
 * `openLab` opens the app on the lab cluster once its topology is drawn.
 */
import { expect, test as base, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';

/** The page's uncaught errors and Content-Security-Policy violations from now on (the list fills as they happen). */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The Content-Security-Policy of index.html must not block anything the app does (exports, worker, embed).
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

export const test = base.extend<{ failOnPageErrors: void }>({
  failOnPageErrors: [
    async ({ page }, use) => {
      const errors = collectPageErrors(page);
      await use();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function openLab(page: Page): Promise<AppPage> {
  const app = new AppPage(page);
  await app.open();
  // The first load compiles the scenario in the worker: on a loaded machine that takes more than the default 5 s.
  await expect(app.topology.locator('[data-element="node:k8s-lab-win-1"]')).toBeVisible({ timeout: 30_000 });
  return app;
}

/** The lab opened, one flow traced and delivered, and the what-if drawer open: where an edit's effect on a trace starts. */
export async function labTraceThenWhatIf(page: Page, src: string, dst: string, proto: 'tcp' | 'udp' | 'icmp'): Promise<AppPage> {
  const app = await openLab(page);
  await app.trace(src, dst, proto);
  await expect(app.verdict).toHaveAttribute('data-verdict', 'delivered');
  await app.openDrawer('whatIf');
  return app;
}
