/**
 * The visualizer on k8s-lab: the four flow families from the Windows pod
 * demo/web (the seed's flows) stepped to the end, the Linux families from a
 * chosen Linux pod, warnings, keyboard stepping, language switch, side by
 * side (overlay vs l2bridge), rule ↔ object links, every backend, axe.
 */
import { REGION, seriousViolations } from './axe';
import { expect, test, openLab } from './fixtures';

// The projector's size: the screenshots are what a class would see.
test.use({ viewport: { width: 1920, height: 1080 } });

test('pod → ClusterIP from web: LB_DSR rewrites to 172.21.211.8:8080, VFP encapsulates with VNI 4096 to 192.168.10.24, the UFT caches the flow', async ({ page }) => {
  const app = await openLab(page);
  await app.pickFamily('pod-clusterip');
  await expect(app.page.getByTestId('trace-src')).toHaveValue('pod:demo/web');
  await expect(app.page.getByTestId('trace-dst')).toHaveValue('svc:demo/hello');
  await expect(app.verdict).toHaveAttribute('data-verdict', 'delivered');

  await app.goToEvent('LB_DSR');
  await expect(app.changedField('10.97.141.163 → 172.21.211.8')).toBeVisible();
  await expect(app.changedField('80 → 8080')).toBeVisible();
  await expect(app.inspector.getByTestId('rule-text')).toContainText('lb → 172.21.211.8:8080 (DSR)');
  await expect(app.inspector.getByTestId('owner-link')).toContainText('Service demo/hello');

  await app.goToEvent('VNET_ENCAP_LAYER');
  await expect(app.header('vxlan')).toContainText('4096');
  await expect(app.header('outer-ipv4')).toContainText('192.168.10.24');
  await expect(app.header('outer-ipv4')).toHaveAttribute('data-status', 'added');
  await expect(app.header('inner-ipv4')).toContainText('172.21.211.8');
  await expect(app.activeElement()).toHaveAttribute('data-element', 'node:k8s-lab-win-1/vswitch:Hyper-V vSwitch/vfp:VNET_ENCAP_LAYER');
  // The view a class sees mid-trace (the README's screenshot): verdict, topology with the packet, inspector.
  await app.verdict.evaluate((e) => e.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: 'test-results/visualizer-clusterip-encap.png' });

  // Right after the encapsulation VFP composes the layers into the unified flow.
  await app.goToEvent('flow-create');
  await expect(app.stateTable).toContainText('unified flow demo/web: 10.97.141.163:80 → 172.21.211.8:8080, encapsulate VXLAN (VNI 4096) to 192.168.10.24');

  await app.stepToEnd();
  await expect(app.explanation).toContainText('Pod demo/web receives the packet');
  await expect(app.verdict).toContainText('the receiver sees 172.21.41.6 → 172.21.211.8:8080');
  await expect(app.stateTable).toContainText('reversed');
});

test('pod → pod from web: VFP routes into VXLAN, vxlan.calico on k8s-lab-node-1 decapsulates', async ({ page }) => {
  const app = await openLab(page);
  await app.pickFamily('pod-pod');
  await expect(app.verdict).toHaveAttribute('data-verdict', 'delivered');
  await expect(app.page.getByTestId('trace-dst')).toHaveValue('pod:demo/hello');
  await app.goToEvent('VNET_PA_ROUTE_LAYER');
  await expect(app.inspector.getByTestId('rule-text')).toContainText('"ProviderAddress":"192.168.10.24"');
  await app.goToEvent('decapsulate');
  await expect(app.header('outer-ipv4')).toHaveAttribute('data-status', 'removed');
  await expect(app.activeElement()).toHaveAttribute('data-element', 'node:k8s-lab-node-1/vxlan:vxlan.calico');
  await app.stepToEnd();
  await expect(app.explanation).toContainText('Pod demo/web receives the packet');
  await page.screenshot({ path: 'test-results/visualizer-pod-pod.png' });
});

test('NodePort: the outside client to 192.168.10.25:30081, the Windows load balancer DNATs and SNATs', async ({ page }) => {
  const app = await openLab(page);
  await app.pickFamily('nodeport');
  await expect(app.verdict).toHaveAttribute('data-verdict', 'delivered');
  await expect(app.page.getByTestId('trace-dst')).toHaveValue('192.168.10.25');
  await expect(app.page.getByTestId('trace-port')).toHaveValue('30081');
  await app.goToEvent('SLB_LB_LAYER');
  await expect(app.changedField('30081 → 80')).toBeVisible();
  await expect(app.changedField('192.168.10.50 → 172.21.41.2')).toBeVisible();
  await app.stepToEnd();
  await expect(app.explanation).toContainText('Host client receives the packet from 192.168.10.25');
  await expect(app.activeElement()).toHaveAttribute('data-element', 'host:client');
  await page.screenshot({ path: 'test-results/visualizer-nodeport.png' });
});

test('egress NAT: web to the internet on TCP 443, OutBoundNAT translates the source to 192.168.10.25', async ({ page }) => {
  const app = await openLab(page);
  await app.pickFamily('egress');
  await expect(app.verdict).toHaveAttribute('data-verdict', 'delivered');
  await app.goToEvent('SLB_NAT_LAYER');
  await expect(app.changedField('172.21.41.6 → 192.168.10.25')).toBeVisible();
  await expect(app.inspector.getByTestId('rule-text')).toContainText('"Type":"OutBoundNAT"');
  await app.stepToEnd();
  await expect(app.explanation).toContainText('Pod demo/web receives the packet');
  await page.screenshot({ path: 'test-results/visualizer-egress.png' });
});

test('a warning is shown in words: ping from web through OutBoundNAT', async ({ page }) => {
  const app = await openLab(page);
  await app.trace('pod:demo/web', 'host:internet', 'icmp');
  const warning = page.getByTestId('trace-warning');
  await expect(warning).toHaveAttribute('data-code', 'icmp-through-outboundnat');
  await expect(warning).toContainText('the Kubernetes docs say VFP does not transpose ICMP, while the seed sees ping answer');
  await app.chooseLanguage('Русский');
  await expect(warning).toContainText('VFP не выполняет обратное преобразование ICMP, а в статье ping на свежем Windows Server 2025 проходит');
});

test('the Linux families start from a chosen Linux pod: demo/net → ClusterIP through kube-proxy nftables', async ({ page }) => {
  const app = await openLab(page);
  await app.openDrawer('flow');
  await page.getByTestId('family-from').selectOption('demo/net');
  await app.pickFamily('pod-clusterip');
  await expect(app.page.getByTestId('trace-src')).toHaveValue('pod:demo/net');
  await expect(app.verdict).toHaveAttribute('data-verdict', 'delivered');
  await app.goToEvent('dnat');
  await expect(app.inspector.getByTestId('rule-text')).toContainText('dnat to 172.21.211.8:8080');
  await expect(app.inspector.getByTestId('owner-link')).toContainText('EndpointSlice demo/hello-abcde');
  await app.goToEvent('encapsulate');
  await expect(app.activeElement()).toHaveAttribute('data-element', 'node:k8s-lab-node-2/vxlan:vxlan.calico');
});

test('keyboard: arrows step, Home restarts, Space plays and pauses', async ({ page }) => {
  const app = await openLab(page);
  await app.pickFamily('pod-clusterip');
  await expect(app.stepCounter).toHaveText(/^Step 1 of \d+$/);
  await page.locator('body').press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(app.stepCounter).toHaveText(/^Step 3 of/);
  await page.keyboard.press('ArrowLeft');
  await expect(app.stepCounter).toHaveText(/^Step 2 of/);
  await page.keyboard.press('Home');
  await expect(app.stepCounter).toHaveText(/^Step 1 of/);
  await page.keyboard.press('Space');
  await expect(page.getByTestId('play')).toHaveAccessibleName('Pause');
  await expect(app.stepCounter).toHaveText(/^Step 2 of/, { timeout: 5000 });
  await page.keyboard.press('Space');
  await expect(page.getByTestId('play')).toHaveAccessibleName('Play');
});

test('the language switch changes the explanation', async ({ page }) => {
  const app = await openLab(page);
  await app.pickFamily('pod-clusterip');
  await app.goToEvent('VNET_ENCAP_LAYER');
  const english = await app.explanation.textContent();
  expect(english).toContain('VXLAN encapsulation: outer IP 192.168.10.25 → 192.168.10.24');
  await app.chooseLanguage('Русский');
  await expect(app.explanation).not.toHaveText(english!);
  await expect(page.getByRole('heading', { name: 'Инспектор' })).toBeVisible();
  await page.screenshot({ path: 'test-results/visualizer-ru.png' });
});

test('side by side shows VXLAN in one column and MAC rewrite in the other (web → hello, overlay vs l2bridge)', async ({ page }) => {
  const app = await openLab(page);
  await app.pickFamily('pod-pod');
  await page.getByRole('button', { name: 'Compare with k8s-lab-bgp' }).click();
  const [overlay, bridge] = [app.compareColumn(0), app.compareColumn(1)];
  await expect(bridge.getByRole('heading')).toContainText('k8s-lab-bgp');
  await expect(bridge.getByTestId('compare-verdict')).toHaveText('delivered');

  // Still on k8s-lab-win-1: both columns show the packet they are about to put on the wire.
  await app.goToEvent('VNET_PA_ROUTE_LAYER');
  await expect(overlay.getByTestId('wire-stack')).toHaveAttribute('data-encap', 'vxlan');
  await expect(overlay.getByTestId('wire-gist')).toContainText('VXLAN overlay: VNI 4096, outer IP 192.168.10.25 → 192.168.10.24');
  await expect(overlay.getByTestId('wire-header-vxlan')).toHaveAttribute('data-only', 'true');
  await expect(overlay.getByTestId('wire-header-udp')).toContainText('4789');
  await expect(bridge.getByTestId('wire-stack')).toHaveAttribute('data-encap', 'none');
  await expect(bridge.getByTestId('wire-gist')).toContainText('MAC rewrite: 00:15:5d:33:cd:82 → bc:24:11:01:38:dd');
  await expect(bridge).toContainText('VNET_MAC_REWRITE_LAYER: mac-rewrite');
  await expect(bridge.getByTestId('wire-header-vxlan')).toHaveCount(0);
  await expect(bridge.locator('[data-differs]')).toHaveCount(2);

  // Stepping the main player steps both: on k8s-lab-node-1 the columns show the crossing just made; the reply lines up too.
  await app.goToEvent('decapsulate');
  await expect(app.compareColumn(0).getByText('on the wire', { exact: true })).toBeVisible();
  await app.stepToEnd();
  await expect(overlay.getByTestId('wire-stack')).toContainText('k8s-lab-node-1 → k8s-lab-win-1');
  await expect(bridge.getByTestId('wire-stack')).toContainText('k8s-lab-node-1 → k8s-lab-win-1');
  await app.goToEvent('VNET_PA_ROUTE_LAYER');
  await page.getByTestId('compare-grid').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/visualizer-side-by-side.png' });
});

test('rule ↔ object: selecting the Service marks the steps it produced and its lines in the node state; a pod in the topology marks its steps', async ({ page }) => {
  const app = await openLab(page);
  await app.pickFamily('pod-clusterip');
  await app.selectObject('Service demo/hello');
  await expect(app.events.locator('[data-related]')).toHaveCount(1);
  await expect(app.events.locator('[data-related]')).toContainText('LB_DSR');
  await expect(page.getByTestId('node-select')).toHaveValue('k8s-lab-win-1');
  await expect(page.getByTestId('view-vfp').locator('[data-produced]').first()).toContainText('RULE : LB_DSR_192.168.10.25_10.97.141.163_80_8080_TCP');
  await expect(app.topology.locator('[data-element="node:k8s-lab-win-1/vswitch:Hyper-V vSwitch/vfp:LB_DSR"]')).toHaveClass(/ring-teal/);

  await app.topology.locator('[data-element="node:k8s-lab-node-1/pod:demo/hello"]').click();
  await expect(page.getByTestId('trace-objects').getByRole('button', { name: /Pod demo\/hello/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(app.events.locator('[data-related]').first()).toBeVisible();
  await expect(app.events.locator('[data-related]').filter({ hasText: 'LB_DSR' })).toHaveCount(0);
});

test('trace every backend: the NodePort of web lists both backends with what each receiver sees', async ({ page }) => {
  const app = await openLab(page);
  await app.pickFamily('nodeport');
  await app.openDrawer('flow');
  await page.getByTestId('trace-every-backend').click();
  const rows = page.getByTestId('branch-outcome');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('172.21.41.5:80');
  await expect(rows.nth(0)).toContainText('demo/iis');
  await expect(rows.nth(1)).toContainText('demo/web');
  await expect(rows.nth(1)).toContainText('172.21.41.2');
  await page.getByTestId('branch-outcomes').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/visualizer-every-backend.png' });
});

test('axe finds no serious violations mid-trace, in light and dark', async ({ page }) => {
  const app = await openLab(page);
  await app.pickFamily('nodeport');
  await app.openDrawer('flow');
  await page.getByTestId('trace-every-backend').click();
  await expect(page.getByTestId('branch-outcome')).toHaveCount(2);
  // An edited copy of k8s-lab (the l2bridge variant by hand) as the second column.
  await app.compareWithEditedCopy((yaml) => yaml.replace('bgp: Disabled', 'bgp: Enabled').replace('encapsulation: VXLAN', 'encapsulation: None'));
  await expect(app.compareColumn(1).getByRole('heading')).toContainText('edited copy');
  await app.goToEvent('SLB_LB_LAYER');
  await app.selectObject('Service demo/web');
  for (const theme of ['Light', 'Dark']) {
    await page.getByRole('button', { name: theme, exact: true }).click();
    // The regions this test opened: the trace with every backend, the visualizer mid-trace, side by side.
    expect(await seriousViolations(page, [REGION.trace, REGION.visualizer, REGION.compare], theme)).toEqual([]);
  }
  await page.screenshot({ path: 'test-results/visualizer-dark.png' });
});
