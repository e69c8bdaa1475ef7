import type { Locator, Page } from '@playwright/test';

/** The packetwalk page, by the roles and test ids a person (or a screen reader) would use. */
export class AppPage {
  readonly nodes: Locator;
  readonly pods: Locator;
  readonly preset: Locator;
  readonly verdict: Locator;

  constructor(readonly page: Page) {
    this.nodes = page.getByTestId('nodes');
    this.pods = page.getByTestId('pods');
    this.preset = page.getByTestId('preset');
    this.verdict = page.getByTestId('verdict');
  }

  async open(): Promise<void> {
    await this.page.goto('./');
  }

  nodeRow(name: string): Locator {
    return this.nodes.getByRole('cell', { name, exact: true });
  }

  async chooseLanguage(label: 'English' | 'Русский'): Promise<void> {
    await this.page.getByRole('button', { name: label }).click();
  }

  async choosePreset(name: string): Promise<void> {
    await this.preset.selectOption(name);
  }

  async trace(src: string, dst: string, proto: 'tcp' | 'udp' | 'icmp'): Promise<void> {
    await this.page.getByTestId('trace-src').fill(src);
    await this.page.getByTestId('trace-dst').fill(dst);
    await this.page.getByTestId('trace-proto').selectOption(proto);
    await this.page.getByTestId('trace-submit').click();
  }
}
