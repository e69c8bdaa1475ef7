/** The rule or object that decided the step, in its real format; where it comes from; an assumption badge; its owner object. */
import { useTranslation } from 'react-i18next';
import type { StepRule } from '../../engine/index';
import { OwnerLink } from './OwnerLink';
import { RuleSource } from './RuleSource';

export function RuleBox({ rule }: { rule?: StepRule }) {
  const { t } = useTranslation();
  if (!rule) return <p className="text-slate-700 dark:text-slate-300">{t('inspector.noRule')}</p>;
  return (
    <div className="flex flex-col gap-1" data-testid="rule">
      <pre tabIndex={0} className="overflow-x-auto rounded bg-slate-900 p-2 text-base whitespace-pre-wrap text-slate-50" data-testid="rule-text">
        {rule.text}
      </pre>
      <div className="flex flex-wrap items-center gap-2 text-base">
        {rule.assumption && (
          <span className="rounded bg-amber-200 px-2 py-0.5 font-semibold text-amber-950" data-testid="assumption-badge">
            {t('inspector.assumption')}
          </span>
        )}
        {rule.owner && <OwnerLink owner={rule.owner} />}
      </div>
      <RuleSource source={rule.source} />
    </div>
  );
}
