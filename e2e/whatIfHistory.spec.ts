/**
 * What-if history (issue 15 point 7): Felix's "Apply" with nothing typed is no
 * change, so "compare before and after" still shows what the encapsulation
 * change did; and any two points of the history can be compared.
 */
import { expect, openLab, test } from './fixtures';

test.use({ viewport: { width: 1920, height: 1080 } });

test('an empty Apply adds no change; any two history points compare', async ({ page }) => {
  test.setTimeout(120_000); // three recompiles and several traces on a loaded machine
  const app = await openLab(page);
  await app.trace('pod:demo/net', 'pod:demo/hello', 'tcp');
  await expect(app.verdict).toHaveAttribute('data-verdict', 'delivered');
  await app.openDrawer('whatIf');
  const status = page.getByTestId('what-if-status');
  const pool = page.getByTestId('pool-default-ipv4-ippool');

  // Change 1: VXLAN → VXLANCrossSubnet (the nodes share a subnet: pod → pod goes bare).
  await pool.getByTestId('pool-encapsulation').selectOption('VXLANCrossSubnet');
  await expect(status).toContainText('1');
  // Felix's VNI/port form applied with both fields empty: nothing changes, no history point.
  await page.getByTestId('felix-vni').locator('xpath=ancestor::form').getByRole('button').click();
  await expect(status).toContainText('1');
  await page.getByTestId('compare-before-after').click();
  await expect(page.getByTestId('step-diff-row').filter({ hasText: 'vxlan' }).first()).toBeVisible();

  // Change 2: natOutgoing off (pod → pod does not leave the cluster: the same steps).
  await pool.getByTestId('pool-nat').click();
  await expect(status).toContainText('2');
  const history = page.getByTestId('history-compare');
  await history.getByTestId('history-from').selectOption('1');
  await history.getByTestId('history-to').selectOption('2');
  await history.getByTestId('history-compare-run').click();
  await expect(page.getByTestId('step-diff')).toBeVisible();
  await expect(page.getByTestId('step-diff-row')).toHaveCount(0);

  // The original against after change 2: the VXLAN steps only the original took.
  await history.getByTestId('history-from').selectOption('0');
  await history.getByTestId('history-compare-run').click();
  await expect(page.getByTestId('step-diff-row').filter({ hasText: 'only before' }).filter({ hasText: 'vxlan' }).first()).toBeVisible();

  // "To" an earlier point moves the scenario shown there; the later change stays redoable.
  await history.getByTestId('history-to').selectOption('1');
  await history.getByTestId('history-compare-run').click();
  await expect(pool.getByTestId('pool-nat')).toBeChecked();
  await expect(page.getByTestId('what-if-redo')).toBeEnabled();
});
