import { useTranslation } from 'react-i18next';
import { useActions, useLiveScenario, useScenario } from '../state/hooks';
import { useMediaQuery } from './useMediaQuery';

/**
 * Chooses one of the engine's preset scenarios; titles and descriptions come
 * from the catalogues (`preset.<name>.*`). On screens narrower than 2xl the
 * options show the preset's name only, with its title and description as the
 * tooltip: "name — title" was cut mid-word at 1366 px (in Russian most), and
 * the toolbar must stay one row.
 */
export function PresetSwitcher() {
  const { t } = useTranslation();
  const presets = useScenario((s) => s.presets);
  const presetName = useLiveScenario((s) => s.presetName);
  const { selectPreset } = useActions();
  const options = presets.length > 0 ? presets : [{ name: presetName, title: presetName, description: '' }];
  const current = options.find((p) => p.name === presetName);
  // An imported or shared scenario is no preset: the switcher names it, rather than showing the first preset as chosen.
  const source = presets.length > 0 && !current ? presetName : undefined;
  const wide = useMediaQuery('(min-width: 96rem)');
  const title = (p: { name: string; title: string }) => t(`preset.${p.name}.title`, { defaultValue: p.title });
  const tooltip = current && [title(current), current.description ? t(`preset.${current.name}.description`, { defaultValue: current.description }) : ''].filter(Boolean).join(' — ');
  return (
    <div className="flex flex-col">
      <label className="flex items-center gap-2" title={tooltip}>
        <span className="sr-only 2xl:not-sr-only">{t('preset.label')}</span>
        <select
          data-testid="preset"
          value={presetName}
          onChange={(event) => void selectPreset(event.target.value)}
          className="max-w-[13rem] rounded 2xl:max-w-[24rem] border border-slate-400 bg-white px-2 py-1 dark:bg-slate-800"
        >
          {source && (
            <option value={source} disabled>
              {t(`preset.source.${source}`, { defaultValue: source })}
            </option>
          )}
          {options.map((preset) => (
            <option key={preset.name} value={preset.name}>
              {wide ? `${preset.name} — ${title(preset)}` : preset.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
