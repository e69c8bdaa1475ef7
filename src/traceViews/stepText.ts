/** How a step is named in lists: where it happened, and its one-sentence explanation (with the key as fallback). */
import type { TFunction } from 'i18next';
import type { Step } from '../engine/index';
import { localizeTransposition } from '../i18n/transposition';

/** Where a step acts, as the engine names it (`filter FORWARD`, `vfp VNET_ENCAP_LAYER · Ethernet`, `ip route → eth0`); for text outputs. */
export function whereText(step: Step): string {
  const { component, layer, table, chain } = step.at;
  if (chain && table) return `${table} ${chain}`;
  // A VFP layer on a port: `vfp VNET_ENCAP_LAYER · Ethernet`.
  if (chain) return `${component} ${layer ?? ''} · ${chain}`;
  if (component === 'routing') return layer ? `ip route → ${layer}` : 'ip route';
  return layer ? `${component} ${layer}` : component;
}

/** Where a step acts, in the page's language: the part's name translated (`кэш потоков VFP`, `отсек demo/web`), tables, chains and layers as named. */
export function whereLabel(t: TFunction, step: Step): string {
  const { component, layer, table, chain } = step.at;
  if (chain && table) return `${table} ${chain}`;
  const part = t(`component.${component}`, { defaultValue: component });
  if (chain) return `${part} ${layer ?? ''} · ${chain}`;
  if (component === 'routing') return layer ? t('where.route', { layer }) : t('where.routing');
  return layer ? `${part} ${layer}` : part;
}

/** An engine action in the page's language (English keeps the engine's names). */
export function actionLabel(t: TFunction, step: Step): string {
  return t(`action.${step.action}`, { defaultValue: step.action });
}

/** The explanation in the current language; a key the catalogues lack shows as the key, marked. The flow cache's transposition (`action`) is worded too. */
export function explainText(t: TFunction, step: Step): string {
  const key = `explain.${step.explain.key}`;
  const params = { ...step.explain.params };
  if (step.at.component === 'uft' && typeof params.action === 'string') params.action = localizeTransposition(t, params.action);
  return t(key, { ...params, defaultValue: `[${step.explain.key}]` });
}
