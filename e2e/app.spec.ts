import { REGION, seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { AppPage } from './pages/AppPage';

const LAB_NODES = ['k8s-lab-master-1', 'k8s-lab-node-1', 'k8s-lab-node-2', 'k8s-lab-win-1'];

/** What this test shows and switches to Russian: the header, the trace form, the node table and the node state. */
async function expectNoSeriousA11yViolations(app: AppPage): Promise<void> {
  expect(await seriousViolations(app.page, [REGION.header, REGION.trace, REGION.nodes, REGION.nodeState])).toEqual([]);
}

test('opens with the k8s-lab preset, switches to Russian, passes axe', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await expect(page.getByRole('heading', { level: 1, name: 'packetwalk' })).toBeVisible();
  await expect(app.preset).toHaveValue('k8s-lab');
  await app.openDrawer('flow');
  for (const node of LAB_NODES) await expect(app.nodeRow(node)).toBeVisible();
  await expect(page.getByTestId('view-routes')).toBeVisible();
  await expectNoSeriousA11yViolations(app);
  await page.screenshot({ path: 'test-results/app-en.png', fullPage: true });

  await app.chooseLanguage('Русский');
  await expect(page.getByRole('heading', { name: 'Узлы' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Трассировка пакета' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expectNoSeriousA11yViolations(app);
  await page.screenshot({ path: 'test-results/app-ru.png', fullPage: true });
});

test('ping from pod net to 172.20.172.6 on k8s-main-after is delivered', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.choosePreset('k8s-main-after');
  await expect(app.nodeRow('k8s-node-1')).toBeVisible();
  await app.trace('pod:demo/net', '172.20.172.6', 'icmp');
  await expect(app.verdict).toHaveAttribute('data-verdict', 'delivered');
  await expect(page.getByTestId('event-list')).toBeVisible();
  await page.screenshot({ path: 'test-results/trace-k8s-main-after.png', fullPage: true });
});
