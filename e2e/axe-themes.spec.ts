/**
 * Issue 15: axe reports no serious or critical violation on the main views in
 * the light and the dark theme: a trace playing, side by side, a lesson with
 * its quiz, readiness with the runbook, and the what-if edit panel. One test
 * per theme × view, each on a fresh page with the theme chosen before the app
 * loads (the stored choice, as a returning user has it), so a slow view cannot
 * hold the others hostage. Prints the count per view and theme (`[axe] …`).
 */
import type { Page } from '@playwright/test';
import type { AppPage } from './pages/AppPage';
import { REGION, seriousViolations } from './axe';
import { expect, openLab, test } from './fixtures';

test.use({ viewport: { width: 1920, height: 1080 } });

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
      if (await page.getByTestId('compare-open').count()) await page.getByTestId('compare-open').click();
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
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('packetwalk.theme', t), theme);
    });
    for (const view of VIEWS) {
      test(`axe: 0 serious or critical violations, ${view.name}, ${theme}`, async ({ page }) => {
        test.setTimeout(120_000); // a loaded machine: opening the lab plus one scoped scan
        const app = await openLab(page);
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        await app.pickFamily('pod-clusterip');
        await app.goToEvent('VNET_ENCAP_LAYER');
        await view.open(app, page);
        const found = await seriousViolations(page, view.regions, `${view.name} ${theme}`);
        console.log(`[axe] ${view.name}, ${theme}: ${found.length} serious/critical`);
        expect(found).toEqual([]);
      });
    }
  });
}
