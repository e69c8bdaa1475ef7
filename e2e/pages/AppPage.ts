import { expect, type Locator, type Page } from '@playwright/test';

export type Family = 'pod-pod' | 'pod-clusterip' | 'nodeport' | 'egress';

/** The packetwalk page, by the roles and test ids a person (or a screen reader) would use. */
export class AppPage {
  readonly nodes: Locator;
  readonly pods: Locator;
  readonly preset: Locator;
  readonly verdict: Locator;
  readonly topology: Locator;
  readonly inspector: Locator;
  readonly explanation: Locator;
  readonly stepCounter: Locator;
  readonly events: Locator;
  readonly stateTable: Locator;

  constructor(readonly page: Page) {
    this.nodes = page.getByTestId('nodes');
    this.pods = page.getByTestId('pods');
    this.preset = page.getByTestId('preset');
    this.verdict = page.getByTestId('verdict');
    this.topology = page.getByTestId('topology');
    this.inspector = page.getByTestId('inspector');
    this.explanation = page.getByTestId('explanation');
    this.stepCounter = page.getByTestId('step-counter');
    this.events = page.getByTestId('event-list');
    this.stateTable = page.getByTestId('state-table');
  }

  async open(): Promise<void> {
    await this.page.goto('./');
  }

  nodeRow(name: string): Locator {
    return this.nodes.getByRole('cell', { name, exact: true });
  }

  /** Switches the language and waits until the page is drawn in it (the catalogue is loaded on demand). */
  async chooseLanguage(label: 'English' | 'Русский'): Promise<void> {
    await this.page.getByRole('button', { name: label }).click();
    const ru = label === 'Русский';
    await expect(this.page.locator('html')).toHaveAttribute('lang', ru ? 'ru' : 'en');
    await expect(this.page.getByTestId('drawer-flow')).toHaveText(ru ? /Поток/ : /Flow/);
  }

  async choosePreset(name: string): Promise<void> {
    await this.preset.selectOption(name);
  }

  /** Opens a drawer of the workspace's toolbar (flow, lessons, what-if, share and export) unless it is open. */
  async openDrawer(id: 'flow' | 'lessons' | 'whatIf' | 'share'): Promise<void> {
    const button = this.page.getByTestId(`drawer-${id}`);
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  }

  /** Closes the toolbar's open drawer, if any (one is open at a time). */
  async closeDrawer(): Promise<void> {
    const open = this.page.locator('button[data-testid^="drawer-"][aria-expanded="true"]');
    if (await open.count()) await open.click();
    await expect(open).toHaveCount(0);
  }

  async trace(src: string, dst: string, proto: 'tcp' | 'udp' | 'icmp'): Promise<void> {
    await this.openDrawer('flow');
    await this.page.getByTestId('trace-src').fill(src);
    await this.page.getByTestId('trace-dst').fill(dst);
    await this.page.getByTestId('trace-proto').selectOption(proto);
    await this.page.getByTestId('trace-submit').click();
  }

  /** One of the four family buttons; waits for the trace's verdict. */
  async pickFamily(family: Family): Promise<void> {
    await this.openDrawer('flow');
    await this.page.getByTestId(`family-${family}`).click();
    await this.verdict.waitFor();
  }

  /** The event row of the first step whose row text contains `text` (action, place or explanation). */
  eventRow(text: string | RegExp): Locator {
    return this.events.getByTestId('event-row').filter({ hasText: text }).first();
  }

  async goToEvent(text: string | RegExp): Promise<void> {
    await this.eventRow(text).click();
  }

  async showEveryStep(): Promise<void> {
    await this.page.getByRole('button', { name: 'Every step' }).click();
  }

  async stepToEnd(): Promise<void> {
    await this.page.getByTestId('step-end').click();
  }

  /** A header box of the current step, e.g. `outer-ipv4`, `vxlan`, `ipv4`. */
  header(id: string): Locator {
    return this.inspector.getByTestId(`header-${id}`);
  }

  /** A field of the current step's headers that this step changed, by its `before → after` text. */
  changedField(text: string): Locator {
    return this.inspector.locator('[data-changed]').filter({ hasText: text }).first();
  }

  /** Selects a Kubernetes/Calico object among the ones behind the trace's rules, e.g. `Service demo/hello`. */
  async selectObject(name: string): Promise<void> {
    await this.page.getByTestId('trace-objects').getByRole('button', { name }).click();
  }

  /** Side by side with an edited copy of the current scenario's YAML; waits for the second column's verdict. */
  async compareWithEditedCopy(edit: (yaml: string) => string): Promise<void> {
    await this.page.getByTestId('compare-edit').click();
    const box = this.page.getByTestId('compare-yaml');
    await box.fill(edit(await box.inputValue()));
    await this.page.getByTestId('compare-apply').click();
    await this.compareColumn(1).getByTestId('compare-verdict').filter({ hasNotText: '—' }).waitFor();
  }

  /** Column `index` of side by side (0 = this scenario). */
  compareColumn(index: number): Locator {
    return this.page.getByTestId('compare-column').nth(index);
  }

  /** The topology element the current step acts on. */
  activeElement(): Locator {
    return this.topology.locator('[data-active]').first();
  }
}
