/**
 * Issue 15, the points no other spec covers in the built app: the dotted DNS
 * name reads as a name that does not resolve (not "no route"); the node-name
 * field's `pattern` compiles (no console error) and validates; adding a node
 * in what-if re-fits the view, so the new node is on screen whole.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, openLab, test } from './fixtures';
import type { AppPage } from './pages/AppPage';

test.use({ viewport: { width: 1366, height: 768 } });

test('a dotted DNS name from the Windows pod does not resolve: a name error with its fix, never “no route”', async ({ page }) => {
  test.setTimeout(90_000);
  const app = await openLab(page);
  await app.trace('pod:demo/web', 'dns:hello.demo', 'tcp');
  await expect(app.verdict).toHaveAttribute('data-kind', 'name-error');
  await expect(page.getByTestId('verdict-reason')).toContainText('(dns-dotted-name-windows)');
  await expect(page.getByTestId('verdict-advice')).toContainText('hello');
  await expect(page.getByTestId('verdict-banner')).not.toContainText(/no route/i);
});

/** The lab with no saved edits, the what-if drawer on its Nodes tab; the new node's name field. */
async function nodesTab(page: Page): Promise<{ app: AppPage; name: Locator }> {
  const app = await openLab(page);
  await page.evaluate(() => localStorage.removeItem('packetwalk.whatIf.v1'));
  await app.openDrawer('whatIf');
  await page.getByTestId('what-if-tab-nodes').click();
  return { app, name: page.getByTestId('node-name') };
}

test('the node-name pattern compiles and validates', async ({ page }) => {
  test.setTimeout(120_000);
  const patternErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /pattern/i.test(m.text())) patternErrors.push(m.text());
  });
  const { name } = await nodesTab(page);
  await name.fill('Bad_Name');
  expect(await name.evaluate((e) => (e as HTMLInputElement).validity.patternMismatch)).toBe(true);
  await name.fill('k8s-lab-node-3');
  expect(await name.evaluate((e) => (e as HTMLInputElement).validity.valid)).toBe(true);
  expect(patternErrors).toEqual([]);
});

test('adding a node in what-if re-fits the view so the new node is on screen', async ({ page }) => {
  test.setTimeout(120_000);
  const { app, name } = await nodesTab(page);
  await name.fill('k8s-lab-node-3');
  await page.getByTestId('node-ip').fill('192.168.10.27');
  await name.locator('xpath=ancestor::form').getByRole('button').click();
  await expect(page.getByTestId('what-if-status')).toContainText('1');
  const added = app.topology.locator('[data-element="node:k8s-lab-node-3"]');
  await expect(added).toBeVisible({ timeout: 30_000 });
  const stage = (await app.topology.boundingBox())!;
  await expect
    .poll(async () => {
      const box = (await added.boundingBox())!;
      return box.x >= stage.x && box.y >= stage.y && box.x + box.width <= stage.x + stage.width && box.y + box.height <= stage.y + stage.height;
    })
    .toBe(true);
});
