/**
 * Step sentences for `formatTrace` in the worker, from the catalogue the main
 * thread sends (the `explain` and `reason` trees of the current language, as
 * i18next holds them): a key's text with `{{name}}` filled from the step's
 * parameters, i18next-style. A key the catalogue lacks prints as the key and
 * its parameters (the engine's fallback).
 */

/** Sentence templates by nested key, e.g. `{ explain: { linux: { forward: '…{{dst}}…' } } }`. */
export type ExplainCatalogue = { [key: string]: string | ExplainCatalogue };

export function catalogueExplainer(catalogue: ExplainCatalogue): (key: string, params: Record<string, string | number>) => string {
  return (key, params) => {
    let node: string | ExplainCatalogue | undefined = catalogue;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') return `${key} ${Object.entries(params).map(([k, v]) => `${k}=${v}`).join(' ')}`.trim();
    return node.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => (params[name] !== undefined ? String(params[name]) : whole)).replace(/\s+$/, '');
  };
}
