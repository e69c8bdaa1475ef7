/**
 * Issue 17, the readiness runbook in the page: it downloads as Markdown in the
 * page's language (formatted in the page from the engine's runbookMarkdown),
 * and a step that changes the cluster traces the current flow before and
 * after it as a what-if comparison.
 */
import { readFile } from 'node:fs/promises';
import { expect, openLab, test } from './fixtures';

test.use({ viewport: { width: 1920, height: 1080 } });

test('the runbook downloads as Markdown in the page’s language, with every step and its commands', async ({ page }) => {
  test.setTimeout(120_000);
  const app = await openLab(page);
  await app.choosePreset('k8s-main-before');
  await app.openDrawer('whatIf');
  await expect(page.getByTestId('runbook-step').first()).toBeVisible({ timeout: 30_000 });
  for (const [language, title] of [['English', '# Migration runbook for k8s-main-before'], ['Русский', '# План перевода k8s-main-before']] as const) {
    await app.chooseLanguage(language);
    await app.openDrawer('whatIf');
    const file = page.waitForEvent('download');
    await page.getByTestId('runbook-download').click();
    const saved = await file;
    expect(saved.suggestedFilename()).toBe('packetwalk-runbook-k8s-main-before.md');
    const md = await readFile((await saved.path())!, 'utf8');
    expect(md.startsWith(title)).toBe(true);
    expect(md).toContain('calicoctl');
    expect(md).not.toMatch(/\{\{|runbook\.[a-z]/);
    expect(md.match(/^## /gm)?.length).toBe(await page.getByTestId('runbook-step').count());
  }
});

test('step 2 of the runbook traces the current flow before and after it: pod → pod across nodes gains VXLAN', async ({ page }) => {
  test.setTimeout(180_000);
  const app = await openLab(page);
  await app.choosePreset('k8s-main-before');
  await app.trace('pod:demo/net', 'pod:demo/hello', 'tcp');
  await expect(app.verdict).toHaveAttribute('data-verdict', 'delivered');
  await app.openDrawer('whatIf');
  const step2 = page.locator('[data-testid="runbook-step"][data-step="step-2"]');
  // Steps that change nothing have no link; steps 1–3 do.
  await expect(page.locator('[data-testid="runbook-step"][data-step="step-0"]').getByTestId('runbook-trace')).toHaveCount(0);
  await expect(page.locator('[data-testid="runbook-step"][data-step="step-3"]').getByTestId('runbook-trace')).toBeEnabled();
  await step2.getByTestId('runbook-trace').click();
  await expect(page.getByTestId('what-if-status')).toContainText('1');
  await expect(page.getByTestId('step-diff-row').filter({ hasText: 'only after' }).filter({ hasText: 'vxlan' }).first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('step-diff-row').filter({ hasText: 'only before' }).filter({ hasText: 'vxlan' })).toHaveCount(0);
});
