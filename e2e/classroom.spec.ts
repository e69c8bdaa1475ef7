/**
 * Issue 7 in the built app: share links round-trip the view, tampered links
 * open with a message, embed mode fits a 640×360 frame (exports: exports.spec.ts), a lesson from start to end in both languages with the quiz, and
 * presentation mode (controls hide, clicker keys step, Escape leaves); axe on
 * the new views. Screenshots in test-results/classroom-*.png.
 */
import { seriousViolations } from './axe';
import { expect, test, openLab } from './fixtures';
import type { Page } from '@playwright/test';
import LZString from 'lz-string';
import { AppPage } from './pages/AppPage';

test.use({ viewport: { width: 1920, height: 1080 }, permissions: ['clipboard-read', 'clipboard-write'] });

/** pod → ClusterIP from demo/web, standing on VFP's VNET_ENCAP_LAYER. */
async function encapStep(page: Page): Promise<AppPage> {
  const app = await openLab(page);
  await app.pickFamily('pod-clusterip');
  await app.goToEvent('VNET_ENCAP_LAYER');
  await expect(app.activeElement()).toHaveAttribute('data-element', /VNET_ENCAP_LAYER/);
  return app;
}

async function copiedLink(page: Page, which: 'copy-link' | 'copy-embed'): Promise<string> {
  await new AppPage(page).openDrawer('share');
  await page.getByTestId(which).click();
  const out = page.getByTestId('share-output');
  await expect(out).not.toHaveValue('');
  return out.inputValue();
}

test('a share link round-trips the view: same flow, same step, same language, side by side', async ({ page, context }) => {
  const app = await encapStep(page);
  await page.getByTestId('compare-open').click();
  await expect(app.compareColumn(1).getByTestId('compare-verdict')).not.toHaveText('—');
  await app.chooseLanguage('Русский');
  const counter = await app.stepCounter.textContent();
  const explanation = await app.explanation.textContent();
  const link = await copiedLink(page, 'copy-link');
  expect(link).toMatch(/#share=/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  const other = await context.newPage();
  await other.goto(link);
  const again = new AppPage(other);
  await expect(again.activeElement()).toHaveAttribute('data-element', /VNET_ENCAP_LAYER/);
  await expect(again.stepCounter).toHaveText(counter!);
  await expect(again.explanation).toHaveText(explanation!);
  await expect(other.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(again.page.getByTestId('trace-src')).toBeVisible();
  await expect(again.compareColumn(1).getByTestId('compare-verdict')).not.toHaveText('—');
  await expect(again.verdict).toHaveAttribute('data-verdict', 'delivered');
  await expect(other.getByTestId('share-notice')).toHaveCount(0);
  // The link from the reopened view is the same link.
  expect(await copiedLink(other, 'copy-link')).toBe(link);
});

test('a tampered or old link opens the default view with a clear message, never a blank page', async ({ page }) => {
  const app = await encapStep(page);
  const link = await copiedLink(page, 'copy-link');
  const cut = link.slice(0, link.length - 25);
  await page.goto('about:blank');
  await page.goto(cut);
  await expect(page.getByTestId('share-notice')).toBeVisible();
  await expect(page.getByTestId('share-notice')).toHaveAttribute('data-code', /corrupt|invalid/);
  await expect(app.topology.locator('[data-element="node:k8s-lab-win-1"]')).toBeVisible();
  await page.screenshot({ path: 'test-results/classroom-tampered.png' });
  // A link of another format version.
  await page.goto('about:blank');
  await page.goto(`./#share=${LZString.compressToEncodedURIComponent(JSON.stringify({ v: 2, s: {} }))}`);
  await expect(page.getByTestId('share-notice')).toHaveAttribute('data-code', 'unsupported-version');
  await expect(app.topology.locator('[data-element="node:k8s-lab-win-1"]')).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('share-notice')).toHaveCount(0);
});

test('embed mode shows only the diagram and the step controls and fits a 640×360 frame', async ({ page, context }) => {
  await encapStep(page);
  const snippet = await copiedLink(page, 'copy-embed');
  expect(snippet).toMatch(/^<iframe src="[^"]*\?embed=1#share=[^"]+" width="640" height="360" title="packetwalk: TCP pod:demo\/web/);
  const src = snippet.match(/src="([^"]+)"/)![1]!.replaceAll('&amp;', '&');

  const embed = await context.newPage();
  await embed.setViewportSize({ width: 640, height: 360 });
  await embed.goto(src);
  await expect(embed.getByTestId('embed')).toBeVisible();
  await expect(embed.getByTestId('topology').locator('[data-active]').first()).toHaveAttribute('data-element', /VNET_ENCAP_LAYER/);
  await expect(embed.getByTestId('step-controls')).toBeVisible();
  // Nothing else of the app: no header, flow picker, inspector, lessons.
  for (const id of ['preset', 'trace-src', 'inspector', 'lessons', 'classroom-bar', 'event-list']) await expect(embed.getByTestId(id)).toHaveCount(0);
  const size = await embed.evaluate(() => ({ w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight }));
  expect(size.w).toBeLessThanOrEqual(640);
  expect(size.h).toBeLessThanOrEqual(360);
  for (const id of ['topology', 'step-controls']) {
    const box = (await embed.getByTestId(id).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(640);
    expect(box.y + box.height).toBeLessThanOrEqual(360);
  }
  // The text alternative: the trace as text, for screen readers.
  await expect(embed.getByTestId('trace-text')).toContainText('172.21.211.8');
  await expect(embed.getByTestId('trace-text')).toContainText('VNET_ENCAP_LAYER');
  await embed.getByTestId('step-forward').click();
  await embed.screenshot({ path: 'test-results/classroom-embed-640x360.png' });
  expect(await seriousViolations(embed)).toEqual([]); // the embed is small: the whole page
});

test('embed with theme=auto follows prefers-color-scheme', async ({ page, browser }) => {
  await encapStep(page);
  const snippet = await copiedLink(page, 'copy-embed');
  const src = snippet.match(/src="([^"]+)"/)![1]!.replaceAll('&amp;', '&');
  const dark = await browser.newContext({ colorScheme: 'dark', viewport: { width: 640, height: 360 } });
  const p = await dark.newPage();
  await p.goto(src);
  await expect(p.getByTestId('embed')).toBeVisible();
  await expect(p.locator('html')).toHaveClass(/dark/);
  await p.emulateMedia({ colorScheme: 'light' });
  await expect(p.locator('html')).not.toHaveClass(/dark/);
  await dark.close();
});

test('a lesson runs from start to end in English and in Russian, with the quiz keeping score', async ({ page }) => {
  test.setTimeout(90_000);
  const app = await openLab(page);
  await app.openDrawer('lessons');
  for (const language of ['English', 'Русский'] as const) {
    await page.getByRole('button', { name: language }).click();
    await app.openDrawer('lessons');
    await page.getByTestId('lesson-pick').selectOption('unified-flow');
    await page.getByTestId('lesson-start').click();
    const count = Number((await page.getByTestId('lesson-position').textContent())!.match(/(\d+)\D*$/)![1]);
    expect(count).toBeGreaterThan(3);
    const seen = new Set<string>();
    for (let i = 0; i < count; i++) {
      await expect(page.getByTestId('lesson')).toHaveAttribute('data-step', String(i));
      const text = page.getByTestId('lesson-text');
      await expect(text).not.toHaveText(/…$/);
      const sentence = (await text.textContent())!;
      expect(sentence).toMatch(language === 'Русский' ? /[а-яё]/i : /^[^а-яё]*$/i);
      seen.add(sentence);
      await expect(page.getByTestId('step-counter').first()).not.toHaveText('');
      if (i < count - 1) await page.getByTestId('lesson-next').click();
    }
    expect(seen.size).toBe(count);
    await expect(page.getByTestId('lesson-finished')).toBeVisible();
    if (language === 'Русский') await page.screenshot({ path: 'test-results/classroom-lesson-ru.png' });
  }
  // Quiz mode: the step waits for a prediction, the app reveals it and keeps score.
  await app.openDrawer('lessons');
  await page.getByTestId('quiz-toggle').check();
  await page.getByTestId('lesson-start').click();
  let asked = 0;
  for (let i = 0; i < 12 && asked < 2; i++) {
    await expect(page.getByTestId('lesson-text')).not.toHaveText('Готовим шаг…');
    if (await page.getByTestId('quiz-question').count()) {
      await page.getByTestId('quiz-choice').first().click();
      asked += 1;
      await expect(page.getByTestId('quiz-result')).toBeVisible();
      await expect(page.getByTestId('quiz-score')).toContainText(`из ${asked}`);
    }
    if (await page.getByTestId('lesson-next').isDisabled()) break;
    await page.getByTestId('lesson-next').click();
  }
  expect(asked).toBeGreaterThan(0);
  await page.screenshot({ path: 'test-results/classroom-quiz.png' });
  expect(await seriousViolations(page, ['[data-testid="dock"]', '[data-testid="lesson-side"]'])).toEqual([]);
});

test('the quiz works on a free flow: it asks about the next step, reveals it and keeps score', async ({ page }) => {
  const app = await openLab(page);
  await app.pickFamily('pod-clusterip');
  await app.openDrawer('lessons');
  await page.getByTestId('quiz-toggle').check();
  const before = await app.stepCounter.textContent();
  await expect(page.getByTestId('quiz-question')).toBeVisible();
  await page.getByTestId('quiz-choice').first().click();
  await expect(page.getByTestId('quiz-result')).toBeVisible();
  await expect(page.getByTestId('quiz-score')).toContainText('of 1');
  await expect(app.stepCounter).not.toHaveText(before!);
});

test('presentation mode: full screen, large type, controls hide until the pointer moves, clicker keys step, Escape leaves', async ({ page }) => {
  const app = await encapStep(page);
  await page.getByTestId('present-start').click();
  const present = page.getByTestId('present');
  await expect(present).toBeVisible();
  const controls = page.getByTestId('present-controls');
  await expect(controls).toBeVisible();
  await expect(controls).toBeHidden({ timeout: 5000 });
  const fontSize = await page.getByTestId('present-step').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  expect(fontSize).toBeGreaterThanOrEqual(32);
  await expect(present.locator('[data-active]').first()).toHaveAttribute('data-element', /VNET_ENCAP_LAYER/);
  await page.screenshot({ path: 'test-results/classroom-present-1920.png' });

  const counter = present.getByTestId('step-counter');
  const at = await counter.textContent();
  await page.keyboard.press('PageDown');
  await expect(counter).not.toHaveText(at!);
  await page.keyboard.press('PageUp');
  await expect(counter).toHaveText(at!);
  await page.keyboard.press('Space');
  await expect(counter).not.toHaveText(at!);

  await page.mouse.move(400, 400);
  await page.mouse.move(500, 500);
  await expect(controls).toBeVisible();
  expect(await seriousViolations(page, ['[data-testid="present"]'])).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(present).toHaveCount(0);
  await expect(app.topology).toBeVisible();
});

test('presentation during a lesson: the sentence in large type, the clicker walks the lesson', async ({ page }) => {
  const app = await openLab(page);
  await app.openDrawer('lessons');
  await page.getByTestId('lesson-pick').selectOption('hns-vfp');
  await page.getByTestId('lesson-start').click();
  await expect(page.getByTestId('lesson')).toHaveAttribute('data-step', '0');
  await expect(page.getByTestId('lesson-text')).not.toHaveText(/…$/);
  const first = await page.getByTestId('lesson-text').textContent();
  await page.getByTestId('present-start').click();
  const sentence = page.getByTestId('present-lesson');
  await expect(sentence).toHaveText(first!);
  await page.keyboard.press('PageDown');
  await expect(sentence).not.toHaveText(first!);
  await expect(sentence).not.toBeEmpty();
  await page.screenshot({ path: 'test-results/classroom-present-lesson-1920.png' });
  await page.keyboard.press('PageUp');
  await expect(sentence).toHaveText(first!);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('lesson')).toHaveAttribute('data-step', '0');
});
