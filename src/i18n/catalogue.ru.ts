/** The Russian catalogue as one i18next `translation` namespace (same keys as `catalogue.en.ts`). */
import { explainRu } from './explain.ru';
import { formatRu } from './format.ru';
import { ru } from './ru';
import { runbookRu } from './runbook.ru';

export const translation = { ...ru, ...explainRu, ...formatRu, ...runbookRu };
