import { useTranslation } from 'react-i18next';
import { useActions, useScenario } from '../state/hooks';

/** Chooses one of the engine's preset scenarios; titles and descriptions (as the label's tooltip, to keep the toolbar one line) come from the catalogues (`preset.<name>.*`). */
export function PresetSwitcher() {
  const { t } = useTranslation();
  const presets = useScenario((s) => s.presets);
  const presetName = useScenario((s) => s.presetName);
  const { selectPreset } = useActions();
  const options = presets.length > 0 ? presets : [{ name: presetName, title: presetName, description: '' }];
  const current = options.find((p) => p.name === presetName);
  return (
    <div className="flex flex-col">
      <label className="flex items-center gap-2" title={current?.description ? t(`preset.${current.name}.description`, { defaultValue: current.description }) : undefined}>
        <span className="sr-only 2xl:not-sr-only">{t('preset.label')}</span>
        <select
          data-testid="preset"
          value={presetName}
          onChange={(event) => void selectPreset(event.target.value)}
          className="max-w-[13rem] rounded 2xl:max-w-[24rem] border border-slate-400 bg-white px-2 py-1 dark:bg-slate-800"
        >
          {options.map((preset) => (
            <option key={preset.name} value={preset.name}>
              {preset.name} — {t(`preset.${preset.name}.title`, { defaultValue: preset.title })}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
