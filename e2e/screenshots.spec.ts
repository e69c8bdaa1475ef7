/**
 * The README's screenshots (docs/screenshots/): at 1920×1080 and 1366×768, in
 * English and Russian, mid-trace on the seed's Windows flow, side by side,
 * and a lesson question. Run on purpose only:
 * `SCREENSHOTS=1 npx playwright test e2e/screenshots.spec.ts`.
 */
import { expect, openLab, test } from './fixtures';

const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
] as const;
const LANGUAGES = [
  { label: 'English', code: 'en' },
  { label: 'Русский', code: 'ru' },
] as const;

test.describe.configure({ timeout: 120_000 });

for (const size of SIZES) {
  for (const language of LANGUAGES) {
    test.describe(`${size.width}×${size.height} ${language.code}`, () => {
      test.use({ viewport: size });
      const name = (what: string) => `docs/screenshots/${what}-${size.width}-${language.code}.png`;

      test('mid-trace, side by side, a lesson question', async ({ page }) => {
        const app = await openLab(page);
        await app.chooseLanguage(language.label);
        await app.pickFamily('pod-clusterip');
        await expect(app.verdict).toHaveAttribute('data-verdict', 'delivered');
        await app.goToEvent('VNET_ENCAP_LAYER');
        await page.waitForTimeout(1500);
        await page.screenshot({ path: name('trace') });

        await page.getByTestId('compare-open').click();
        await expect(app.compareColumn(1).getByTestId('compare-verdict')).not.toHaveText('—');
        await app.goToEvent('VNET_PA_ROUTE_LAYER');
        await page.getByTestId('compare-grid').evaluate((e) => e.closest('section')!.scrollIntoView({ block: 'start' }));
        await page.waitForTimeout(500);
        await page.screenshot({ path: name('side-by-side') });
        await page.evaluate(() => window.scrollTo(0, 0));

        await app.openDrawer('lessons');
        await page.getByTestId('quiz-toggle').check();
        await page.getByTestId('lesson-pick').selectOption('unified-flow');
        await page.getByTestId('lesson-start').click();
        for (let i = 0; i < 8; i++) {
          await expect(page.getByTestId('lesson')).toHaveAttribute('data-step', String(i));
          await expect(page.getByTestId('lesson-text')).not.toHaveText(/^(Preparing|Готовим)/);
          if (await page.getByTestId('quiz-question').count()) break;
          await page.getByTestId('lesson-next').click();
        }
        await expect(page.getByTestId('quiz-question')).toBeVisible();
        await page.waitForTimeout(1000);
        await page.screenshot({ path: name('lesson-question') });
      });
    });
  }
}
