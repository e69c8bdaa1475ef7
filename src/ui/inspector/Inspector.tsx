/** The current step: where, what happened (one sentence), the headers before → after, and the rule that decided it. */
import { useTranslation } from 'react-i18next';
import { useCurrentItem } from '../../state/hooks';
import { explainText, whereText } from '../stepText';
import { HeaderStack } from './HeaderStack';
import { RuleBox } from './RuleBox';

export function Inspector() {
  const { t } = useTranslation();
  const item = useCurrentItem();
  if (!item) return <p className="text-slate-700 dark:text-slate-300">{t('inspector.empty')}</p>;
  const { step } = item;
  return (
    <div className="flex flex-col gap-3" data-testid="inspector">
      <p className="font-mono text-lg">
        {item.part === 'reply' && <span className="mr-2 rounded bg-slate-700 px-2 py-0.5 font-sans text-white">{t('trace.reply')}</span>}
        <strong>{step.node}</strong> · {whereText(step)} · <span className="font-bold">{step.action}</span>
      </p>
      <p className="text-xl leading-snug" data-testid="explanation">
        {explainText(t, step)}
      </p>
      <HeaderStack step={step} />
      <RuleBox rule={step.rule} />
    </div>
  );
}
