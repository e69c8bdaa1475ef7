/**
 * Issue 15 (7, last point): readiness and the trace agree. Felix's VXLAN port
 * edited to 4790 in the what-if drawer: readiness lists `calico-vxlan-port`
 * (Calico for Windows takes VXLAN on UDP 4789 only), and a trace to or from
 * the Windows pod stops where that node's HNS network would be
 * (`windows-network-missing`), naming the same finding in its verdict and in
 * the step's sentence, in English and in Russian. Undo brings both back.
 */
import type { Page } from '@playwright/test';
import { expect, openLab, test } from './fixtures';
import type { AppPage } from './pages/AppPage';

test.use({ viewport: { width: 1920, height: 1080 } });

const finding = (page: Page) => page.locator('[data-testid="readiness-finding"][data-finding="calico-vxlan-port"]');

async function expectStopsOnFinding(app: AppPage, page: Page): Promise<void> {
  await expect(app.verdict).toHaveAttribute('data-verdict', 'dropped');
  const reason = page.getByTestId('verdict-reason');
  await expect(reason).toContainText('(windows-network-missing)');
  await expect(reason).toContainText('calico-vxlan-port');
  await expect(reason).toContainText('4790');
  await app.stepToEnd();
  await expect(app.explanation).toContainText('calico-vxlan-port');
}

test('VXLAN port 4790: readiness lists calico-vxlan-port and the Windows pod’s traces stop on that finding', async ({ page }) => {
  test.setTimeout(150_000); // two recompiles and five traces on a shared machine
  const app = await openLab(page);
  await page.evaluate(() => localStorage.removeItem('packetwalk.whatIf.v1'));
  // The seed's flow: web on the Windows node → hello on a Linux node.
  await app.trace('pod:demo/web', 'pod:demo/hello', 'tcp');
  await expect(app.verdict).toHaveAttribute('data-verdict', 'delivered');
  await app.openDrawer('whatIf');
  await expect(page.getByTestId('readiness-count')).toContainText('finding');
  await expect(finding(page)).toHaveCount(0);

  await page.getByTestId('felix-port').fill('4790');
  await page.getByTestId('felix-port').press('Enter');
  await expect(page.getByTestId('what-if-status')).toContainText('1');
  await expect(finding(page)).toBeVisible({ timeout: 30_000 });
  await expect(finding(page)).toContainText('4790');
  // The drawer re-traced the current flow on the edited cluster.
  await expectStopsOnFinding(app, page);

  // The reverse direction, Linux pod → Windows pod, ends at the same missing network.
  await app.trace('pod:demo/hello', 'pod:demo/web', 'tcp');
  await expectStopsOnFinding(app, page);

  // Russian: the same finding, named by its id, in the verdict.
  await app.chooseLanguage('Русский');
  await expect(page.getByTestId('verdict-reason')).toContainText('замечание готовности calico-vxlan-port');

  // Undo: the finding goes and the trace is delivered again.
  await app.chooseLanguage('English');
  await app.openDrawer('whatIf');
  await page.getByTestId('what-if-undo').click();
  await expect(finding(page)).toHaveCount(0);
  await expect(app.verdict).toHaveAttribute('data-verdict', 'delivered');
});
