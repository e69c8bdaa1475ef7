/**
 * Editing a NetworkPolicy in the page (issue 13): on the lab, web → hello is
 * delivered; the what-if panel's "add policy" box (prefilled with a Calico
 * policy that denies web → hello) turns the same flow into a drop whose step
 * names the policy, in the sentence and on the topology; a reload keeps the
 * edit; removing the policy delivers the flow again. A text the engine
 * refuses changes nothing and the panel names the field.
 */
import { expect as baseExpect, labTraceThenWhatIf, test } from './fixtures';
import type { AppPage } from './pages/AppPage';

test.use({ viewport: { width: 1920, height: 1080 } });

/** Each edit recompiles the scenario in the worker and traces again: on a busy machine that takes more than the default 5 s. */
const expect = baseExpect.configure({ timeout: 30_000 });

const POLICY = 'deny-web-to-hello';

async function openPolicies(app: AppPage) {
  await app.openDrawer('whatIf');
  await app.page.getByTestId('what-if-tab-policies').click();
}

async function expectDeniedByPolicy(app: AppPage) {
  await expect(app.verdict).toHaveAttribute('data-verdict', 'dropped');
  // The step that drops names the policy and its Deny rule; at the last step the topology marks Felix's chains of hello's node.
  await expect(app.eventRow(`NetworkPolicy demo/${POLICY}`)).toContainText('action Deny');
  await app.stepToEnd();
  await expect(app.explanation).toContainText(`NetworkPolicy demo/${POLICY}`);
  await expect(app.explanation).toContainText('denies the packet');
  await expect(app.topology.locator('[data-active]').first()).toHaveAttribute('data-element', /^node:k8s-lab-node-1\//);
}

test('add a NetworkPolicy that denies web → hello: the flow is dropped by it, a reload keeps it, removing it delivers again', async ({ page }) => {
  test.setTimeout(240_000); // a reload, four traces and three recompiles on a busy machine
  await page.goto('./');
  await page.evaluate(() => localStorage.clear());
  const app = await labTraceThenWhatIf(page, 'pod:demo/web', 'pod:demo/hello', 'tcp');
  await openPolicies(app);
  await expect(page.getByTestId('policies-form')).toContainText('No NetworkPolicies in this scenario.');

  // A text the engine refuses: nothing changes and the field is named.
  const box = page.getByTestId('policy-add-yaml');
  const example = await box.inputValue();
  await box.fill(example.replace('order: 100', 'order: high'));
  await page.getByTestId('policy-add').click();
  await expect(page.getByTestId('what-if-error')).toContainText('spec.order');
  await expect(page.getByTestId('policy-row')).toHaveCount(0);
  await expect(app.verdict).toHaveAttribute('data-verdict', 'delivered');

  await box.fill(example);
  await page.getByTestId('policy-add').click();
  const row = page.locator(`[data-testid="policy-row"][data-policy="${POLICY}"]`);
  await expect(row).toContainText('Calico NetworkPolicy');
  await expect(row).toContainText(`demo/${POLICY}`);
  await expect(row).toContainText('order 100');
  await expectDeniedByPolicy(app);
  await page.screenshot({ path: 'test-results/policy-edit-denied.png' });

  // The edit is kept over a reload, like every what-if change.
  await page.reload();
  await openPolicies(app);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await app.trace('pod:demo/web', 'pod:demo/hello', 'tcp');
  await expectDeniedByPolicy(app);

  // Its YAML opens in the editor; removing it delivers the flow again.
  await openPolicies(app);
  await row.getByTestId('policy-edit').click();
  await expect(row.getByTestId('policy-yaml')).toHaveValue(/name: deny-web-to-hello/);
  await row.getByTestId('policy-remove').click();
  await expect(page.getByTestId('policy-row')).toHaveCount(0);
  await expect(app.verdict).toHaveAttribute('data-verdict', 'delivered');
});
