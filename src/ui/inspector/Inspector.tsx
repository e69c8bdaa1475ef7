/** The current step in the side panel: where it acts, the headers before → after, and the rule that decided it (its sentence is docked under the topology). */
import { useTranslation } from 'react-i18next';
import { useCurrentItem } from '../../state/hooks';
import { actionLabel, whereLabel } from '../../traceViews/stepText';
import { HeaderStack } from './HeaderStack';
import { RuleBox } from './RuleBox';

export function Inspector() {
  const { t } = useTranslation();
  const item = useCurrentItem();
  if (!item) return <p className="text-slate-700 dark:text-slate-300">{t('inspector.empty')}</p>;
  const { step } = item;
  return (
    <div className="flex flex-col gap-2" data-testid="inspector">
      <p className="text-lg break-words" data-testid="inspector-where">
        {item.part === 'reply' && <span className="mr-2 rounded bg-violet-800 px-2 py-0.5 text-white">{t('trace.reply')}</span>}
        <strong translate="no">{step.node}</strong> · {whereLabel(t, step)} · <span className="font-bold">{actionLabel(t, step)}</span>
      </p>
      <HeaderStack step={step} />
      <RuleBox rule={step.rule} />
    </div>
  );
}
