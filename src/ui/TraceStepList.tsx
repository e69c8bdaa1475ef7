import { useTranslation } from 'react-i18next';
import type { Step } from '../engine/index';

/** One row per step: action, node, what happened (from the catalogues) and the rule that decided it, in its real format. */
export function TraceStepList({ steps }: { steps: Step[] }) {
  const { t } = useTranslation();
  if (steps.length === 0) return null;
  return (
    <table className="mt-2 w-full text-left" data-testid="trace-steps">
      <caption className="text-left font-semibold">{t('trace.steps')}</caption>
      <thead>
        <tr className="border-b border-slate-300">
          <th className="py-1 pr-2">#</th>
          <th className="py-1 pr-4">{t('trace.action')}</th>
          <th className="py-1 pr-4">{t('trace.node')}</th>
          <th className="py-1">
            {t('trace.explain')} / {t('trace.rule')}
          </th>
        </tr>
      </thead>
      <tbody>
        {steps.map((step, i) => (
          <tr key={i} className="border-b border-slate-100 align-top">
            <td className="py-1 pr-2 text-slate-700">{i + 1}</td>
            <td className="py-1 pr-4 font-mono">{step.action}</td>
            <td className="py-1 pr-4 font-mono whitespace-nowrap">{step.node ?? ''}</td>
            <td className="py-1">
              <p>{t(`explain.${step.explain.key}`, { ...step.explain.params, defaultValue: step.explain.key })}</p>
              <code className="block text-sm break-all whitespace-pre-wrap text-slate-700">{step.rule?.text ?? t('trace.noRule')}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
