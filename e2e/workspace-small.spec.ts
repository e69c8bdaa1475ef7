/**
 * Issue 15, the screenshot findings at 1366×768 (and 1920×1080), in English
 * and Russian: the toolbar keeps one row; pod IPs and VFP layer names are
 * drawn whole; the VXLAN tag stays inside the stage, on the rightmost node
 * too; a lesson with its quiz leaves the topology most of the stage.
 */
import type { Page } from '@playwright/test';
import { expect, openLab, test } from './fixtures';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

/** Texts of the topology's labels cut by their box (an ellipsis shows instead of the end). */
function cutLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-element^="node:"][data-element*="/pod:"] span, [data-element*="/compartment:"] span, [data-element*="/vfp:"] span'))
      .filter((e) => e.scrollWidth > e.clientWidth + 0.5)
      .map((e) => e.textContent ?? ''),
  );
}

for (const size of SIZES) {
  for (const language of ['English', 'Русский'] as const) {
    test(`${size.width}×${size.height} ${language}: one toolbar row, whole pod IPs and layer names, the tag inside the stage, a lesson leaves the topology its room`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(size);
      const app = await openLab(page);
      await app.chooseLanguage(language);
      // One row: every toolbar button, the theme and the language switch overlap one horizontal band.
      const boxes = await page.locator('header button, header select').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
      expect(Math.max(...boxes.map((b) => b.top)), 'the header wraps').toBeLessThan(Math.min(...boxes.map((b) => b.bottom)));

      await app.pickFamily('pod-clusterip');
      await app.goToEvent('VNET_ENCAP_LAYER');
      await expect(page.getByTestId('packet-envelope')).toBeVisible();
      expect(await cutLabels(page)).toEqual([]);
      // The VXLAN tag (on the rightmost node, the Windows one) ends inside the stage, after the tag's move settles.
      const stage = (await page.getByTestId('stage').boundingBox())!;
      await expect
        .poll(async () => {
          const tag = (await page.getByTestId('packet-envelope').boundingBox())!;
          return tag.x + tag.width <= stage.x + stage.width && tag.x >= stage.x;
        })
        .toBe(true);

      // A lesson with the quiz: the topology keeps at least half of the stage's column.
      await app.openDrawer('lessons');
      await page.getByTestId('quiz-toggle').check();
      await page.getByTestId('lesson-pick').selectOption('unified-flow');
      await page.getByTestId('lesson-start').click();
      const drawer = page.getByTestId('drawer-lessons');
      if ((await drawer.getAttribute('aria-expanded')) === 'true') await drawer.click();
      await expect(page.getByTestId('lesson')).toBeVisible();
      await expect(page.getByTestId('quiz')).toBeVisible();
      const topology = (await app.topology.boundingBox())!;
      expect(topology.height, 'topology height during a lesson').toBeGreaterThan(size.height * 0.5);
      await expect(page.getByTestId('lesson-next')).toBeInViewport();
    });
  }
}
