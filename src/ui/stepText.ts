/** How a step is named in lists: where it happened, and its one-sentence explanation (with the key as fallback). */
import type { TFunction } from 'i18next';
import type { Step } from '../engine/index';

export function whereText(step: Step): string {
  const { component, layer, table, chain } = step.at;
  if (chain && table) return `${table} ${chain}`;
  // A VFP layer on a port: `vfp VNET_ENCAP_LAYER · Ethernet`.
  if (chain) return `${component} ${layer ?? ''} · ${chain}`;
  if (component === 'routing') return layer ? `ip route → ${layer}` : 'ip route';
  return layer ? `${component} ${layer}` : component;
}

/** The explanation in the current language; a key the catalogues lack shows as the key, marked. */
export function explainText(t: TFunction, step: Step): string {
  const key = `explain.${step.explain.key}`;
  return t(key, { ...step.explain.params, defaultValue: `[${step.explain.key}]` });
}
