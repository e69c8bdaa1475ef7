/**
 * Issue 15, points 2, 3, 5, 6 and 7 in the built app: an open quiz question
 * gives nothing away; a Windows limitation reads as the platform's, with its
 * source and fix; a later packet visibly skips the VFP layers; the trail, the
 * VXLAN envelope and the reply's colour; the counter agrees with the
 * highlighted row; the packet tag leaves the layer above readable; lessons
 * fill the trace form.
 */
import { expect, openLab, test } from './fixtures';

test.use({ viewport: { width: 1920, height: 1080 } });
test.describe.configure({ timeout: 90_000 });

test('while a question is open nothing shows the answer: no verdict, no later rows, no backend outcomes', async ({ page }) => {
  const app = await openLab(page);
  await app.pickFamily('pod-clusterip');
  const rowsBefore = await app.events.getByTestId('event-row').count();
  await app.openDrawer('lessons');
  await page.getByTestId('quiz-toggle').check();
  await expect(page.getByTestId('quiz-question')).toBeVisible();
  await expect(app.verdict).toHaveCount(0);
  await expect(page.getByTestId('verdict-hidden')).toBeVisible();
  const position = await app.events.locator('[aria-current="step"]').getAttribute('data-position');
  for (const row of await app.events.getByTestId('event-row').all()) expect(Number(await row.getAttribute('data-position'))).toBeLessThanOrEqual(Number(position));
  expect(await app.events.getByTestId('event-row').count()).toBeLessThan(rowsBefore);
  // Choices are words, not codes.
  for (const choice of await page.getByTestId('quiz-choice').allInnerTexts()) expect(choice).not.toMatch(/^(uft|vfp|routing|delivered|unsupported)$/);
  await page.getByTestId('quiz-toggle').uncheck();
  await expect(app.verdict).toHaveAttribute('data-verdict', 'delivered');
});

test('while a question is open side by side shows neither column’s verdict nor the packet not yet on the wire', async ({ page }) => {
  const app = await openLab(page);
  await app.pickFamily('pod-clusterip');
  await app.openDrawer('whatIf');
  await page.getByTestId('compare-open').click();
  await expect(app.compareColumn(1).getByTestId('compare-verdict')).toHaveText('delivered');
  await page.locator('body').press('Home');
  await app.openDrawer('lessons');
  await page.getByTestId('quiz-toggle').check();
  await expect(page.getByTestId('quiz-question')).toBeVisible();
  for (const column of [app.compareColumn(0), app.compareColumn(1)]) {
    await expect(column.getByTestId('compare-verdict')).toHaveCount(0);
    await expect(column.getByTestId('compare-verdict-hidden')).toBeVisible();
    await expect(column.getByText('delivered')).toHaveCount(0);
  }
  await page.getByTestId('quiz-toggle').uncheck();
  await expect(app.compareColumn(0).getByTestId('compare-verdict')).toHaveText('delivered');
});

test('NodePort from the Windows node itself: the real system refuses, with the limitation, its source and the fix', async ({ page }) => {
  const app = await openLab(page);
  await app.trace('node:k8s-lab-win-1', '192.168.10.25', 'tcp');
  await app.openDrawer('flow');
  await page.getByTestId('trace-port').fill('30081');
  await page.getByTestId('trace-submit').click();
  await expect(app.verdict).toHaveAttribute('data-verdict', 'unsupported');
  await expect(app.verdict).toHaveAttribute('data-kind', 'limitation');
  await expect(app.verdict).toContainText('the real system refuses');
  await expect(page.getByTestId('limitation-source')).toContainText('Networking on Windows');
  await expect(page.getByTestId('verdict-advice')).toContainText('from another node');
});

test('a later packet meets the flow cache first and skips the VFP layers; the trail, the VXLAN envelope and the reply colour', async ({ page }) => {
  const app = await openLab(page);
  await app.pickFamily('pod-clusterip');
  // First packet: the envelope around the token between the VTEPs, and the trail of links crossed so far.
  await app.goToEvent('VNET_ENCAP_LAYER');
  await expect(app.topology.getByTestId('packet-envelope')).toContainText('VXLAN 4096');
  await app.goToEvent('decapsulate');
  await expect(app.topology.getByTestId('trail').locator('polyline[data-part="request"]')).not.toHaveCount(0);
  await expect(app.topology.getByTestId('trail').locator('polyline[data-encap]')).not.toHaveCount(0);
  await app.stepToEnd();
  await expect(app.topology.locator('[data-part="reply"]').first()).toBeVisible();
  await expect(app.topology.getByTestId('trail').locator('polyline[data-part="reply"]')).not.toHaveCount(0);

  // A later packet of the same connection.
  await app.openDrawer('flow');
  await page.getByTestId('trace-packet').selectOption('next');
  await page.getByTestId('trace-submit').click();
  await app.goToEvent('flow-hit');
  const layers = app.topology.locator('[data-element^="node:k8s-lab-win-1/vswitch:Hyper-V vSwitch/vfp:"]');
  await expect(layers.first()).toHaveAttribute('data-skipped', 'true');
  expect(await layers.count()).toBe(await app.topology.locator('[data-element^="node:k8s-lab-win-1/vswitch:Hyper-V vSwitch/vfp:"][data-skipped]').count());
  const cache = (await app.topology.locator('[data-element^="node:k8s-lab-win-1/vswitch:Hyper-V vSwitch/uft"]').boundingBox())!;
  expect(cache.y).toBeLessThan((await layers.first().boundingBox())!.y);
});

test('the counter agrees with the highlighted row in both views, the tag leaves the layer above readable, a lesson fills the trace form', async ({ page }) => {
  const app = await openLab(page);
  await app.pickFamily('pod-clusterip');
  await app.goToEvent('LB_DSR');
  for (const view of ['Summary', 'Every step']) {
    await page.getByRole('button', { name: view }).click();
    const index = (await app.stepCounter.textContent())!.match(/Step (\d+) of/)![1];
    await expect(app.events.locator('[aria-current="step"] td').first()).toHaveText(index!);
  }
  // The packet tag on LB_DSR does not cover the label of ACL_ENDPOINT_LAYER above it.
  const tag = (await app.topology.getByTestId('packet-marker').locator('div').first().boundingBox())!;
  const above = app.topology.locator('[data-element="node:k8s-lab-win-1/vswitch:Hyper-V vSwitch/vfp:ACL_ENDPOINT_LAYER"] span').first();
  const text = await above.evaluate((e) => {
    const range = document.createRange();
    range.selectNodeContents(e);
    const r = range.getBoundingClientRect();
    return { x: r.x, y: r.y, right: r.right, bottom: r.bottom };
  });
  const overlaps = tag.x < text.right && tag.x + tag.width > text.x && tag.y < text.bottom && tag.y + tag.height > text.y;
  expect(overlaps, 'the tag covers the label of the layer above').toBe(false);

  await app.openDrawer('lessons');
  await page.getByTestId('lesson-pick').selectOption('l2bridge-vs-overlay');
  await page.getByTestId('lesson-start').click();
  await expect(page.getByTestId('lesson')).toHaveAttribute('data-step', '0');
  // The lesson's flow (web → pod hello on 8080), not the family picked before (web → svc hello).
  await expect(page.getByTestId('trace-dst')).toHaveValue('pod:demo/hello');
  await expect(page.getByTestId('trace-port')).toHaveValue('8080');
});

test('side by side titles an edited scenario as edited, not with the preset’s bare name', async ({ page }) => {
  const app = await openLab(page);
  await app.pickFamily('pod-pod');
  await app.openDrawer('whatIf');
  await page.getByTestId('pool-default-ipv4-ippool').getByTestId('pool-encapsulation').selectOption('VXLANCrossSubnet');
  await expect(page.getByTestId('what-if-status')).toContainText('1');
  await page.getByTestId('compare-open').click();
  await expect(app.compareColumn(0).getByRole('heading')).toContainText('k8s-lab, edited');
  await expect(app.compareColumn(1).getByRole('heading')).toContainText('k8s-lab-bgp');
});
