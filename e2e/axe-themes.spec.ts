/**
 * Issue 15: axe reports no serious or critical violation on the main views in
 * the light and the dark theme: a trace playing, side by side, a lesson with
 * its quiz, readiness with the runbook, and the what-if edit panel. One test
 * per theme × view. The views of a theme share one page, loaded once with the
 * theme chosen before the app starts (the stored choice, as a returning user
 * has it) and the lab's ClusterIP flow traced: opening the lab and tracing is
 * most of a test's time on a busy machine. Each test first puts the page back
 * where every view starts (no drawer, no side by side), so a view's check does
 * not depend on the one before; the lesson, which changes the flow, comes
 * last. A test that fails gets the page's screenshot, and Playwright runs the
 * tests after it in a new worker, whose page is loaded again. Prints the count
 * per view and theme (`[axe] …`).
 */
import { test, type Page } from '@playwright/test';
import type { AppPage } from './pages/AppPage';
import { REGION, seriousViolations } from './axe';
import { collectPageErrors, expect, openLab } from './fixtures';

type View = { name: string; regions: string[]; open: (app: AppPage, page: Page) => Promise<void> };

const VIEWS: View[] = [
  {
    name: 'trace playing',
    regions: [REGION.header, REGION.visualizer],
    open: async () => {},
  },
  {
    name: 'side by side',
    regions: [REGION.compare],
    open: async (app, page) => {
      await page.getByTestId('compare-open').click();
      await expect(app.compareColumn(1).getByTestId('compare-verdict')).not.toHaveText('—');
    },
  },
  {
    name: 'edit panel',
    regions: ['[data-testid="what-if"]'],
    open: async (app, page) => {
      await app.openDrawer('whatIf');
      await expect(page.getByTestId('what-if')).toBeVisible();
    },
  },
  {
    name: 'readiness',
    regions: ['[data-testid="readiness"]'],
    open: async (app, page) => {
      await app.openDrawer('whatIf');
      await expect(page.getByTestId('readiness-count')).toContainText('finding');
    },
  },
  {
    // Last: the lesson loads its own scenario and flow.
    name: 'lesson',
    regions: ['[data-testid="lesson-side"]', '[data-testid="dock"]', '#drawer-lessons'],
    open: async (app, page) => {
      await app.openDrawer('lessons');
      await page.getByTestId('quiz-toggle').setChecked(true);
      await page.getByTestId('lesson-pick').selectOption('unified-flow');
      await page.getByTestId('lesson-start').click();
      await expect(page.getByTestId('lesson')).toBeVisible();
    },
  },
];

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    let page: Page;
    let app: AppPage;
    let errors: string[];

    test.beforeAll(async ({ browser }, info) => {
      test.setTimeout(120_000); // a loaded machine: opening the lab and tracing
      page = await browser.newPage({ viewport: { width: 1920, height: 1080 }, baseURL: info.project.use.baseURL, locale: 'en-US' });
      errors = collectPageErrors(page);
      await page.addInitScript((t) => localStorage.setItem('packetwalk.theme', t), theme);
      app = await openLab(page);
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await app.pickFamily('pod-clusterip');
      await app.goToEvent('VNET_ENCAP_LAYER');
    });

    test.afterEach(async () => {
      const info = test.info();
      if (info.status !== info.expectedStatus) await info.attach('page', { body: await page.screenshot(), contentType: 'image/png' });
      expect(errors, 'uncaught errors in the page').toEqual([]);
    });

    test.afterAll(async () => {
      await page.close();
    });

    for (const view of VIEWS) {
      test(`axe: 0 serious or critical violations, ${view.name}, ${theme}`, async () => {
        test.setTimeout(90_000); // one view and one scoped scan on a loaded machine
        // Where every view starts: the traced flow, no drawer, no side by side.
        await app.closeDrawer();
        if ((await page.getByTestId('compare-preset').inputValue()) !== '') await page.getByTestId('compare-preset').selectOption('');
        await expect(app.verdict).toBeVisible();
        await view.open(app, page);
        const found = await seriousViolations(page, view.regions, `${view.name} ${theme}`);
        console.log(`[axe] ${view.name}, ${theme}: ${found.length} serious/critical`);
        expect(found).toEqual([]);
      });
    }
  });
}
