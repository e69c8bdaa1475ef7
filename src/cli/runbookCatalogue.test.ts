/**
 * The runbook and version-note catalogues: en and ru have the same keys,
 * none is empty, and every key the engine's notes can name renders in both
 * languages with no `{{…}}` or `$t(…)` left.
 */
import { describe, expect, it } from 'vitest';
import { FELIX_ROUTE_STYLES, KUBE_PROXY_NFT_LAYOUTS } from '../engine/index';
import { createI18n } from '../i18n/index';
import { runbookEn } from '../i18n/runbook.en';
import { runbookRu } from '../i18n/runbook.ru';

const keys = (o: object): string[] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v as object).map((x) => `${k}.${x}`) : [k]));

describe('runbook catalogues', () => {
  it('en and ru have the same keys, none empty', () => {
    expect(keys(runbookRu).sort()).toEqual(keys(runbookEn).sort());
    for (const cat of [runbookEn, runbookRu]) for (const k of keys(cat)) expect(k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], cat), k).toMatch(/\S/);
  });

  it.each(['en', 'ru'] as const)('every version note renders in %s', (lang) => {
    const i18n = createI18n(lang);
    const rows = [...KUBE_PROXY_NFT_LAYOUTS.map((r) => ['kubeProxyNft', r] as const), ...FELIX_ROUTE_STYLES.map((r) => ['calicoRoutes', r] as const)];
    for (const [prefix, row] of rows) {
      for (const form of ['known', 'assumed', 'unknown']) {
        const text = i18n.t(`versions.${prefix}.${form}`, { version: 'v1.0.0', from: 'Node n', layout: row.id, source: row.source });
        expect(text).not.toMatch(/\{\{|\$t\(|versions\./);
      }
      if (row.assumption) expect(i18n.exists(`versions.assumption.${row.assumption}`)).toBe(true);
    }
  });
});
