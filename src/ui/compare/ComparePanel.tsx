/**
 * Side by side: the same flow in the current scenario and in another (by
 * default the lab's l2bridge/BGP variant when the engine has it), the packets
 * on the wire aligned crossing by crossing. The player steps both: the row of
 * the crossing the main view is at is marked in both columns.
 */
import { useTranslation } from 'react-i18next';
import { useCompare, useCompareActions, usePlayItems, usePlayback, useScenario, useTrace } from '../../state/hooks';
import { defaultComparePreset } from '../../state/compareStore';
import { crossingAt } from '../../state/playback';
import { Section } from '../Section';
import { WireRow, wirePackets } from './WireColumn';

export function ComparePanel() {
  const { t } = useTranslation();
  const presets = useScenario((s) => s.presets);
  const main = useScenario((s) => s.presetName);
  const mainTrace = useTrace((s) => s.trace);
  const { presetName, status, trace, error } = useCompare((s) => s);
  const { choose, close } = useCompareActions();
  const items = usePlayItems();
  const position = usePlayback((s) => s.position);
  // The link the packet crossed last (0 = none yet), counted over the main trace.
  const crossing = crossingAt(items, position, mainTrace?.wire.length ?? 0);
  const left = wirePackets(mainTrace);
  const right = wirePackets(trace);
  const rows = Math.max(left.length, right.length);
  const fallback = defaultComparePreset(presets, main);

  return (
    <Section id="compare-heading" title={t('compare.heading')}>
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2">
          <span>{t('compare.with')}</span>
          <select
            data-testid="compare-preset"
            className="rounded border border-slate-500 bg-white px-2 py-1 dark:bg-slate-800"
            value={presetName ?? ''}
            onChange={(e) => (e.target.value ? void choose(e.target.value) : close())}
          >
            <option value="">{t('compare.off')}</option>
            {presets.map((p) => (
              <option key={p.name} value={p.name}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        {!presetName && fallback && (
          <button type="button" className="rounded bg-teal-800 px-4 py-1 font-semibold text-white" onClick={() => void choose(fallback)} data-testid="compare-open">
            {t('compare.open', { preset: fallback })}
          </button>
        )}
        {status === 'loading' && <span>{t('status.compiling')}</span>}
        {status === 'tracing' && <span>{t('trace.running')}</span>}
        {error && <span className="text-red-800 dark:text-red-300">{t('errors.engine', { message: error })}</span>}
      </div>
      {presetName && (
        <div className="grid grid-cols-2 gap-x-4 gap-y-2" data-testid="compare-grid">
          <h3 className="text-xl font-semibold">
            {main}: {mainTrace ? t(`verdict.${mainTrace.verdict}`) : '—'}
          </h3>
          <h3 className="text-xl font-semibold" data-testid="compare-verdict">
            {presetName}: {trace ? t(`verdict.${trace.verdict}`) : '—'}
          </h3>
          {Array.from({ length: rows }, (_, i) => (
            <CompareRow key={i} left={left[i]} right={right[i]} current={i === crossing - 1} />
          ))}
        </div>
      )}
    </Section>
  );
}

function CompareRow({ left, right, current }: { left?: Parameters<typeof WireRow>[0]['wire']; right?: Parameters<typeof WireRow>[0]['wire']; current: boolean }) {
  return (
    <>
      <WireRow wire={left} current={current} />
      <WireRow wire={right} current={current} />
    </>
  );
}
