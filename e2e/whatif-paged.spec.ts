/**
 * The what-if forms of a cluster larger than a page (issue 18): the pods,
 * nodes and Services lists show a page with a search and "N of M shown"; a
 * pod's move form unfolds per row with a page of nodes, searched like the
 * rest; moving a pod there suggests a free address of the chosen node's block.
 */
import { generateClusterYaml } from '../src/engine/testing/generate';
import { expect, openLab, test } from './fixtures';

// 60 nodes with 5 pods each: more nodes and pods than a page (50), 3 Services with 4 endpoints.
const yaml = generateClusterYaml({ nodes: 60, podsPerNode: 5, services: 3, endpointsPerService: 4, vxlanMode: 'Always', twoSubnets: false, natOutgoing: true });

test('the forms of a 60-node cluster page and search their lists; a pod moves to a searched node with a suggested address', async ({ page }) => {
  test.setTimeout(90_000);
  const app = await openLab(page);
  await page.getByTestId('import-files').setInputFiles({ name: 'gen-60.yaml', mimeType: 'text/yaml', buffer: Buffer.from(yaml) });
  await expect(page.getByTestId('import-status')).toContainText('Imported 1 file(s)', { timeout: 30_000 });
  // The switcher names the imported scenario; it showed the first preset as if chosen.
  await expect(page.getByTestId('preset').locator('option:checked')).toHaveText('Imported files');
  await app.openDrawer('whatIf');
  const whatIf = page.getByTestId('what-if');

  await page.getByTestId('what-if-tab-nodes').click();
  await expect(whatIf).toContainText('50 of 60 shown');
  await page.getByTestId('edit-nodes-search').fill('node-59');
  await expect(whatIf).toContainText('1 of 1 shown');
  await expect(page.getByRole('button', { name: 'Remove node node-59' })).toBeVisible();

  await page.getByTestId('what-if-tab-pods').click();
  await expect(whatIf).toContainText('50 of 300 shown');
  await expect(page.getByTestId('pod-row')).toHaveCount(50);
  await page.getByTestId('edit-pods-search').fill('gen/pod-3-1');
  await expect(page.getByTestId('pod-row')).toHaveCount(1);
  // The move form is drawn for the row asked, its node choice a page of the nodes searched.
  await page.getByRole('button', { name: 'Choose a node to move gen/pod-3-1 to' }).click();
  await page.getByTestId('edit-pod-nodes-search').fill('node-58');
  const moveTo = page.getByRole('combobox', { name: 'Move gen/pod-3-1 to node' });
  await expect(moveTo.locator('option')).toHaveText(['node-58']);
  await expect(page.getByRole('textbox', { name: 'New IP for gen/pod-3-1' })).toHaveValue(/^10\.\d+\.\d+\.\d+$/);
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByTestId('what-if-undo')).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByTestId('pod-row')).toContainText('node-58');

  await page.getByTestId('what-if-tab-services').click();
  await expect(page.getByTestId('service-row')).toHaveCount(3);
  // A Service's candidate endpoints (its namespace's 300 pods less its own): chosen from a searched page.
  await page.getByRole('button', { name: 'Choose a pod to add as an endpoint of gen/svc-0' }).click();
  await page.getByRole('searchbox', { name: 'Search pods to add as endpoints of gen/svc-0' }).fill('pod-40-');
  await expect(page.getByRole('combobox', { name: 'Pod to add as an endpoint of gen/svc-0' }).locator('option')).toHaveCount(5);
});
