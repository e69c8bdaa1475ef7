/**
 * Issue 15, point 1: the app is a workspace. At a projector's 1920×1080 and a
 * laptop's 1366×768, mid-trace on the seed's Windows flow, without scrolling,
 * the acting part, its node, the step's sentence, the player and the headers'
 * before → after are on screen and readable (text ≥ 12 px, the topology's
 * zoom included), measured from bounding boxes and computed styles.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, openLab, test } from './fixtures';

const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
] as const;

/** The topology's zoom: the scale of xyflow's viewport transform. */
async function topologyZoom(page: Page): Promise<number> {
  return page.locator('.react-flow__viewport').evaluate((e) => new DOMMatrixReadOnly(getComputedStyle(e).transform).a);
}

/** The rendered size of the text in `locator` (its first text-bearing element), times `zoom`. */
async function textPx(locator: Locator, zoom = 1): Promise<number> {
  const size = await locator.evaluate((e) => {
    const withText = [e, ...Array.from(e.querySelectorAll('*'))].find((x) => Array.from(x.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()));
    return parseFloat(getComputedStyle(withText ?? e).fontSize);
  });
  return size * zoom;
}

/** Fully inside the viewport, with the page not scrolled. */
async function expectOnScreen(page: Page, locator: Locator, what: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const box = await locator.boundingBox();
  expect(box, `${what} is rendered`).not.toBeNull();
  expect(box!.x, `${what} left`).toBeGreaterThanOrEqual(0);
  expect(box!.y, `${what} top`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} right`).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box!.y + box!.height, `${what} bottom`).toBeLessThanOrEqual(viewport.height + 0.5);
}

for (const size of SIZES) {
  test.describe(`${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test.setTimeout(90_000);

    test('mid-trace on the Windows flow: acting part, its node, sentence, player and headers are on screen and readable', async ({ page }) => {
      const app = await openLab(page);
      await app.pickFamily('pod-clusterip');
      await expect(app.verdict).toHaveAttribute('data-verdict', 'delivered');
      // Step with the keyboard, as a teacher would, to VFP's encapsulation.
      const target = app.eventRow('VNET_ENCAP_LAYER');
      await page.locator('body').press('Home');
      for (let i = 0; i < 20 && (await target.getAttribute('aria-current')) !== 'step'; i++) await page.keyboard.press('ArrowRight');
      await expect(target).toHaveAttribute('aria-current', 'step');
      // The topology has settled on its fitted zoom.
      await expect.poll(() => topologyZoom(page)).toBeGreaterThan(0);
      await page.waitForTimeout(300);

      expect(await page.evaluate(() => [window.scrollX, window.scrollY])).toEqual([0, 0]);
      const zoom = await topologyZoom(page);
      const acting = app.activeElement();
      await expect(acting).toHaveAttribute('data-element', /VNET_ENCAP_LAYER/);
      const node = app.topology.locator('[data-element="node:k8s-lab-win-1"]');
      const changed = app.changedField('→').locator('dd');
      const parts: [string, Locator, number][] = [
        ['the acting part', acting, zoom],
        ['its node', node.locator('span').first(), zoom],
        ['the sentence', app.explanation, 1],
        ['the player', page.getByTestId('player'), 1],
        ['the step counter', app.stepCounter, 1],
        ['the headers', app.header('outer-ipv4'), 1],
      ];
      for (const [what, locator, scale] of parts) {
        await expectOnScreen(page, locator, what);
        expect(await textPx(locator, scale), `${what}: text size`).toBeGreaterThanOrEqual(12);
      }
      await expectOnScreen(page, node, 'the node box');
      await expectOnScreen(page, page.getByTestId('step-forward'), 'the forward button');

      // A step that changes fields: its before → after is on screen too.
      await page.keyboard.press('Home');
      const lb = app.eventRow('LB_DSR');
      for (let i = 0; i < 20 && (await lb.getAttribute('aria-current')) !== 'step'; i++) await page.keyboard.press('ArrowRight');
      await expect(changed).toBeVisible();
      await expectOnScreen(page, changed, 'a changed field (before → after)');
      expect(await textPx(changed)).toBeGreaterThanOrEqual(12);
      await page.screenshot({ path: `test-results/workspace-${size.width}.png` });
    });
  });
}

test('a drawer closes with its ✕, which no panel covers, and with Escape, which gives the keyboard back to its toolbar button', async ({ page }) => {
  await page.setViewportSize(SIZES[1]);
  const app = await openLab(page);
  for (const id of ['flow', 'whatIf', 'share'] as const) {
    await app.openDrawer(id);
    const panel = page.getByTestId(`drawer-${id}-panel`);
    // A real click: Playwright checks that the button itself receives it (before, the first panel lay over it).
    await panel.getByTestId('drawer-close').click({ timeout: 5_000 });
    await expect(panel).toBeHidden();
    await expect(page.getByTestId(`drawer-${id}`)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId(`drawer-${id}`)).toBeFocused();

    await app.openDrawer(id);
    await panel.getByTestId('drawer-close').focus();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page.getByTestId(`drawer-${id}`)).toBeFocused();
  }
});

test('the flow drawer holds its controls at 1366×768: the client pod list, long as its Windows pods are named, ends inside it', async ({ page }) => {
  await page.setViewportSize(SIZES[1]);
  const app = await openLab(page);
  await app.openDrawer('flow');
  const panel = (await page.getByTestId('drawer-flow-panel').boundingBox())!;
  await expect(page.getByTestId('family-from')).toHaveValue(/win|web/);
  const select = (await page.getByTestId('family-from').boundingBox())!;
  expect(select.x + select.width, 'the select ends inside the drawer').toBeLessThanOrEqual(panel.x + panel.width);
});
