/** The English catalogue as one i18next `translation` namespace: UI messages, trace sentences, trace-text words, runbook. */
import { en } from './en';
import { explainEn } from './explain.en';
import { formatEn } from './format.en';
import { runbookEn } from './runbook.en';

export const translation = { ...en, ...explainEn, ...formatEn, ...runbookEn };
