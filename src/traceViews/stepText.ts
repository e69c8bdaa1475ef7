/** How a step is named in lists: where it happened, and its one-sentence explanation (with the key as fallback). */
import type { TFunction } from 'i18next';
import type { Step, Trace } from '../engine/index';
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
  return t(key, { ...localizedStep(t, step).explain.params, defaultValue: `[${step.explain.key}]` });
}

/** A step with the flow cache's transposition (`action`, English from the engine) worded in the page's language. */
function localizedStep(t: TFunction, step: Step): Step {
  const action = step.explain.params.action;
  if (step.at.component !== 'uft' || typeof action !== 'string') return step;
  return { ...step, explain: { ...step.explain, params: { ...step.explain.params, action: localizeTransposition(t, action) } } };
}

/** The trace for text exports (the worker's `formatTrace` fills sentences but knows no i18n): the flow cache's phrases worded as the page words them. */
export function localizeTraceText(t: TFunction, trace: Trace): Trace {
  return { ...trace, steps: trace.steps.map((s) => localizedStep(t, s)), ...(trace.reply ? { reply: localizeTraceText(t, trace.reply) } : {}) };
}
