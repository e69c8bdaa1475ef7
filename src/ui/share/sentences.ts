/** The step-sentence catalogue (`explain`, `reason`, and the trace text's words `format`) of a language, as the worker's `formatTrace` takes it. */
import type { i18n as I18n } from 'i18next';

/** Sentence templates by nested key (the worker's `ExplainCatalogue`). */
export type ExplainCatalogue = { [key: string]: string | ExplainCatalogue };

/** The runbook's catalogue (`runbook.*` and the readiness findings it cites), as the worker's `runbookMarkdown` takes it. */
export function runbookCatalogue(i18n: I18n, language: 'en' | 'ru'): ExplainCatalogue {
  const bundle = (i18n.getResourceBundle(language, 'translation') ?? {}) as ExplainCatalogue;
  return { runbook: bundle.runbook ?? {}, readiness: bundle.readiness ?? {} };
}

export function sentenceCatalogue(i18n: I18n, language: 'en' | 'ru'): ExplainCatalogue {
  const bundle = (i18n.getResourceBundle(language, 'translation') ?? {}) as ExplainCatalogue;
  return { explain: bundle.explain ?? {}, reason: bundle.reason ?? {}, format: bundle.format ?? {} };
}
