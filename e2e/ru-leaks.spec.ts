/**
 * Issue 15, point 4: in Russian, the main views show no English beyond
 * identifiers and the seed's terms (src/i18n/latinLeaks.ts): the workspace
 * mid-trace on the seed's Windows flow (verdict, topology, sentence, player,
 * inspector, events, connection table), the flow and lessons drawers, and a
 * lesson's quiz with its choices and answer. Names of the scenario (nodes,
 * pods, namespaces, hosts) are allowed; rule text and sources are marked as
 * identifiers (`translate="no"`, code) and skipped.
 */
import type { Page } from '@playwright/test';
import { collectTranslatableText, findLatinLeaks } from '../src/i18n/latinLeaks';
import { expect, openLab, test } from './fixtures';

test.use({ viewport: { width: 1920, height: 1080 } });

/** The lab's names: nodes, namespaces, pods, services and outside hosts. */
const NAMES = ['k8s-lab-master-1', 'k8s-lab-node-1', 'k8s-lab-node-2', 'k8s-lab-win-1', 'demo', 'web', 'hello', 'iis', 'net', 'coredns', 'kube-system', 'client', 'gateway', 'internet', 'nodes'];

async function leaks(page: Page, selector: string): Promise<string[]> {
  const texts = await page.locator(selector).first().evaluate(collectTranslatableText);
  return texts.flatMap((text) => findLatinLeaks(text, NAMES).map((word) => `${word} ← “${text.slice(0, 120)}”`));
}

async function expectNoLeaks(page: Page, what: string, selector: string): Promise<void> {
  expect(await leaks(page, selector), `${what}: English left in Russian mode`).toEqual([]);
}

// Open (issue 15 point 4): after the merge of the policy, Windows and export work, step 1 still shows raw packet field
// names (src, dst, ttl, proto, len, df, sport, dport, flags) and object kinds (Pod, Service, Namespace, IPPool) in the
// inspector, plus terms the allowlist lacks (Ethernet, veth, proxy ARP, dev, Home/End). Fixed, this test guards it again.
test.fixme('Russian mode: the workspace mid-trace, the drawers and a lesson quiz show no English beyond names and terms', async ({ page }) => {
  test.setTimeout(120_000);
  const app = await openLab(page);
  await app.chooseLanguage('Русский');
  await app.pickFamily('pod-clusterip');
  await expect(app.verdict).toHaveAttribute('data-verdict', 'delivered');
  await app.openDrawer('flow');
  await expectNoLeaks(page, 'the flow drawer', '#drawer-flow');
  await expectNoLeaks(page, 'the header', 'header');

  // Every step of the flow: the sentence, the inspector, the events, the connection table, the topology.
  const count = Number((await app.stepCounter.textContent())!.match(/из (\d+)/)![1]);
  await page.locator('body').press('Home');
  for (let i = 0; i < count; i++) {
    await expectNoLeaks(page, `step ${i + 1}`, 'section[aria-labelledby="visualizer-heading"]');
    await page.keyboard.press('ArrowRight');
  }

  // A lesson with the quiz: question, choices, answer.
  await app.openDrawer('lessons');
  await expectNoLeaks(page, 'the lessons drawer', '#drawer-lessons');
  await page.getByTestId('quiz-toggle').check();
  await page.getByTestId('lesson-pick').selectOption('unified-flow');
  await page.getByTestId('lesson-start').click();
  let asked = 0;
  for (let i = 0; i < 12 && asked < 3; i++) {
    await expect(page.getByTestId('lesson-text')).not.toHaveText('Готовим шаг…');
    if (await page.getByTestId('quiz-question').count()) {
      await expectNoLeaks(page, `question ${asked + 1}`, '[data-testid="dock"]');
      await page.getByTestId('quiz-choice').first().click();
      await expect(page.getByTestId('quiz-result')).toBeVisible();
      await expectNoLeaks(page, `answer ${asked + 1}`, '[data-testid="dock"]');
      asked += 1;
    }
    if (await page.getByTestId('lesson-next').isDisabled()) break;
    await page.getByTestId('lesson-next').click();
  }
  expect(asked).toBeGreaterThan(0);
});
