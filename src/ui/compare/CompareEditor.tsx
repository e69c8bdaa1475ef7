/**
 * An edited copy of the main scenario to compare with: the preset's YAML in a
 * text box (e.g. change `encapsulation: VXLAN` to `None` and `bgp: Disabled`
 * to `Enabled` for the l2bridge variant), loaded in the second worker.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompareActions, useScenario } from '../../state/hooks';

export function CompareEditor() {
  const { t } = useTranslation();
  const yaml = useScenario((s) => s.presets.find((p) => p.name === s.presetName)?.yaml ?? '');
  const [text, setText] = useState<string | undefined>();
  const { chooseText } = useCompareActions();
  if (text === undefined)
    return (
      <button type="button" className="rounded border-2 border-teal-800 px-3 py-1 font-semibold text-teal-900 dark:border-teal-400 dark:text-teal-100" onClick={() => setText(yaml)} data-testid="compare-edit">
        {t('compare.edit')}
      </button>
    );
  return (
    <div className="flex w-full flex-col gap-2">
      <label className="flex flex-col gap-1">
        <span>{t('compare.editHint')}</span>
        <textarea data-testid="compare-yaml" className="h-64 rounded border border-slate-500 bg-white p-2 font-mono text-base dark:bg-slate-800" value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
      </label>
      <div className="flex gap-2">
        <button type="button" className="rounded bg-teal-800 px-4 py-1 font-semibold text-white" onClick={() => void chooseText(text)} data-testid="compare-apply">
          {t('compare.apply')}
        </button>
        <button type="button" className="rounded border border-slate-500 px-4 py-1" onClick={() => setText(undefined)}>
          {t('compare.closeEditor')}
        </button>
      </div>
    </div>
  );
}
