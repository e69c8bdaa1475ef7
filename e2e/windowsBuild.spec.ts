/**
 * What-if of a Windows node's OS build (issue 12 item 9): ping from a Windows
 * pod to the outside answers on the seed's Windows Server 2025; switched to
 * Windows Server 2022 in the nodes form, the trace stops where VFP does not
 * transpose ICMP through OutBoundNAT and names the new build; undo brings the
 * answer back.
 */
import { expect, labTraceThenWhatIf, test } from './fixtures';

test.use({ viewport: { width: 1920, height: 1080 } });

test('switching k8s-lab-win-1 to Windows Server 2022 changes the ICMP trace through OutBoundNAT, undo restores it', async ({ page }) => {
  test.setTimeout(90_000); // two recompiles and three traces on a busy machine
  const app = await labTraceThenWhatIf(page, 'pod:demo/web', 'host:internet', 'icmp');
  await page.getByTestId('what-if-tab-nodes').click();
  const build = page.getByRole('combobox', { name: 'OS build of k8s-lab-win-1' });
  await expect(build).toHaveValue('Windows Server 2025');
  await build.selectOption('Windows Server 2022');

  await expect(app.verdict).toHaveAttribute('data-verdict', 'unsupported', { timeout: 30_000 });
  await expect(page.getByTestId('verdict-reason')).toContainText('10.0.20348.3207 (Windows Server 2022 Datacenter)');
  await expect(page.getByTestId('what-if-status')).toContainText('1');
  await expect(page.getByTestId('what-if')).toContainText('set the OS build of k8s-lab-win-1 to Windows Server 2022');

  await page.getByTestId('what-if-undo').click();
  await expect(app.verdict).toHaveAttribute('data-verdict', 'delivered', { timeout: 30_000 });
  await expect(page.getByTestId('verdict-reason')).toHaveCount(0);
});
