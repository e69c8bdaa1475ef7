/**
 * Issue 15, the screenshot findings at 1366×768 (and 1920×1080), in English
 * and Russian: the toolbar keeps one row and the preset picker's text is not
 * cut; pod IPs, VFP layer names and cali veth names are drawn whole; no text
 * of the topology (the VXLAN tag included) is under 12 px; the packet's tag
 * stays inside the stage, on the rightmost node too, and covers no label (node-2's
 * ens18 IP beside the Windows node, iis's vNIC beside web's); a lesson with its
 * quiz leaves the topology most of the stage.
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
    Array.from(document.querySelectorAll('[data-element^="node:"][data-element*="/pod:"] span, [data-element*="/compartment:"] span, [data-element*="/vfp:"] span, [data-element*="/veth:"] span'))
      .filter((e) => e.scrollWidth > e.clientWidth + 0.5)
      .map((e) => e.textContent ?? ''),
  );
}

/** Topology texts drawn under 12 px on screen (font size × the view's zoom), the packet's tag included. */
function tinyTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const zoom = new DOMMatrix(getComputedStyle(document.querySelector('.react-flow__viewport')!).transform).a;
    const out: string[] = [];
    const walker = document.createTreeWalker(document.querySelector('.react-flow__viewport')!, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const px = parseFloat(getComputedStyle(n.parentElement!).fontSize) * zoom;
      if (n.textContent?.trim() && px < 12) out.push(`${n.textContent.trim()} ${px.toFixed(1)} px`);
    }
    return out;
  });
}

/** Label texts of the topology that the packet's tag covers (their glyphs' boxes, not their parts' boxes). */
function coveredByTag(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const tag = document.querySelector('[data-testid="packet-marker"] > div')!.getBoundingClientRect();
    const out: string[] = [];
    const range = document.createRange();
    const walker = document.createTreeWalker(document.querySelector('.react-flow__nodes')!, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent?.trim()) continue;
      range.selectNodeContents(n);
      for (const r of Array.from(range.getClientRects())) {
        if (r.width > 0 && r.left < tag.right && tag.left < r.right && r.top < tag.bottom && tag.top < r.bottom) out.push(n.textContent.trim());
      }
    }
    return out;
  });
}

/** Whether the preset picker's chosen text is cut: wider than the select's box less its padding and arrow. */
function presetTextCut(page: Page): Promise<boolean> {
  return page.getByTestId('preset').evaluate((el) => {
    const select = el as HTMLSelectElement;
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = select.selectedOptions[0]?.textContent ?? '';
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20; // the arrow
    return context.measureText(text).width > room;
  });
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
      expect(await presetTextCut(page), 'the preset picker cuts its text').toBe(false);

      // The packet in web's compartment, then at web's vNIC, beside iis's: the tag covers no label.
      await app.pickFamily('pod-clusterip');
      await app.events.getByTestId('event-row').first().click();
      await expect.poll(() => coveredByTag(page)).toEqual([]);
      await page.getByTestId('step-forward').first().click();
      await expect.poll(() => coveredByTag(page)).toEqual([]);

      await app.goToEvent('VNET_ENCAP_LAYER');
      await expect(page.getByTestId('packet-envelope')).toBeVisible();
      expect(await cutLabels(page)).toEqual([]);
      expect(await tinyTexts(page)).toEqual([]);
      await expect.poll(() => coveredByTag(page)).toEqual([]);
      // The VXLAN tag (on the rightmost node, the Windows one) ends inside the stage and leaves the acting layer's name readable.
      const stage = (await page.getByTestId('stage').boundingBox())!;
      await expect
        .poll(async () => {
          const tag = (await page.getByTestId('packet-envelope').boundingBox())!;
          const acting = (await page.locator('[data-active]').last().boundingBox())!;
          const overActing = tag.x < acting.x + acting.width && tag.x + tag.width > acting.x && tag.y < acting.y + acting.height && tag.y + tag.height > acting.y;
          return tag.x + tag.width <= stage.x + stage.width && tag.x >= stage.x && !overActing;
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
      // The question and its choices are on screen without scrolling the side panel.
      for (let i = 0; i < 8 && !(await page.getByTestId('quiz-question').count()); i++) await page.getByTestId('lesson-next').click();
      await expect(page.getByTestId('quiz-choice').last()).toBeInViewport({ ratio: 1 });
    });
  }
}
