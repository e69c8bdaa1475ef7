/**
 * Issue 15, point 4: in Russian, the main views show no English beyond
 * identifiers and the seed's terms (src/i18n/latinLeaks.ts): the workspace
 * mid-trace on the seed's Windows flow (verdict, topology, sentence, player,
 * inspector, events, connection table), the flow and lessons drawers, and a
 * lesson's quiz with its choices and answer. Names of the scenario (nodes,
 * pods, namespaces, hosts) are allowed; rule text and sources are marked as
 * identifiers (`translate="no"`, code) and skipped. The exports in Russian
 * (Markdown, Mermaid, the SVG with the inspector) are read the same way.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { collectAccessibleText, collectTranslatableText, findLatinLeaks, stripCodeSpans } from '../src/i18n/latinLeaks';
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

test('Russian mode: the workspace mid-trace, the drawers and a lesson quiz show no English beyond names and terms', async ({ page }) => {
  test.setTimeout(300_000); // 20 steps read one by one on a shared machine
  const app = await openLab(page);
  await app.chooseLanguage('Русский');
  await app.pickFamily('pod-clusterip');
  await expect(app.verdict).toHaveAttribute('data-verdict', 'delivered');
  await app.openDrawer('flow');
  await expectNoLeaks(page, 'the flow drawer', '#drawer-flow');
  await expectNoLeaks(page, 'the header', 'header');
  // The topology's accessible names: @xyflow/react's controls, node and edge descriptions (ariaLabelConfig).
  const names = await app.topology.evaluate(collectAccessibleText);
  await expect(page.locator('.react-flow__controls-zoomin')).toHaveAttribute('aria-label', 'Приблизить');
  expect(names.flatMap((text) => findLatinLeaks(text, NAMES).map((word) => `${word} ← “${text}”`)), 'topology aria labels: English left in Russian mode').toEqual([]);

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
      await expectNoLeaks(page, `question ${asked + 1}`, '[data-testid="lesson-side"]');
      await page.getByTestId('quiz-choice').first().click();
      await expect(page.getByTestId('quiz-result')).toBeVisible();
      await expectNoLeaks(page, `answer ${asked + 1}`, '[data-testid="lesson-side"]');
      asked += 1;
    }
    if (await page.getByTestId('lesson-next').isDisabled()) break;
    await page.getByTestId('lesson-next').click();
  }
  expect(asked).toBeGreaterThan(0);
});

/** The prose of a Markdown/Mermaid export: code spans, fences and Mermaid syntax are identifiers. */
function prose(markdown: string): string {
  // A Mermaid message's rule follows `<br/>rule: ` to the end of its line: rule text is an identifier there.
  const decoded = markdown.replace(/<br\/>[^:\n]+: [^\n]*/g, ' ').replace(/<br>/g, ' ').replace(/&(gt|lt|amp);/g, ' ');
  return stripCodeSpans(decoded.replace(/^```mermaid\n[\s\S]*?```$/m, (block) => block.replace(/^```mermaid\n|```$/g, '').replace(/\bp\d+\b|->>|-x|-->>|participant| as |Note over|sequenceDiagram|<br\/>/g, ' ')));
}

async function download(page: Page, id: string): Promise<string> {
  const file = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByTestId(`export-${id}`).click();
  return readFile((await (await file).path())!, 'utf8');
}

test('Russian mode: the Markdown, Mermaid and SVG exports show no English beyond names and terms', async ({ page, browser }, info) => {
  test.setTimeout(180_000);
  const app = await openLab(page);
  await app.chooseLanguage('Русский');
  await app.pickFamily('pod-clusterip');
  await expect(app.verdict).toHaveAttribute('data-verdict', 'delivered');
  await app.goToEvent('VNET_ENCAP_LAYER');
  await app.openDrawer('share');
  for (const id of ['markdown', 'mermaid']) {
    const text = await download(page, id);
    expect(text).toMatch(/[А-Яа-я]/);
    expect(findLatinLeaks(prose(text), NAMES), `${id}: English left in Russian mode`).toEqual([]);
  }
  await page.getByTestId('export-inspector').setChecked(true);
  const svg = info.outputPath('export-ru.svg');
  const file = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByTestId('export-svg').click();
  await (await file).saveAs(svg);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const doc = await context.newPage();
  await doc.goto(`file://${svg}`);
  const texts = await doc.locator('svg').first().evaluate(collectTranslatableText);
  expect(texts.join(' ')).toMatch(/Шаг \d+ из 20/);
  expect(texts.flatMap((text) => findLatinLeaks(text, NAMES).map((word) => `${word} ← “${text}”`)), 'SVG: English left in Russian mode').toEqual([]);
  await context.close();
});
