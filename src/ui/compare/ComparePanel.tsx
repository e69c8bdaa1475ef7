/**
 * Side by side: the same flow in the current scenario and in another (by
 * default its overlay/l2bridge partner, e.g. k8s-lab ↔ k8s-lab-bgp, or an
 * edited copy), stepping with the main player: for the link crossing the
 * packet is at, each column shows its packet on the wire as stacked headers,
 * the differences marked (outer UDP/VXLAN on one side, rewritten MACs on the
 * other).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Trace } from '../../engine/index';
import { BEFORE_EDIT, EDITED, defaultComparePreset } from '../../state/compare/compareStore';
import { useCompare, useCompareActions, usePlayback, usePlayItems, useScenario, useTrace, useWhatIf } from '../../state/hooks';
import { playItems, type PlayItem } from '../../state/trace/playback';
import { framingSteps, partWire, wireFocus, type WireFocus } from '../../state/trace/wireFocus';
import { Section } from '../Section';
import { CompareEditor } from './CompareEditor';
import { WireStack } from './WireStack';
import { useAnswerHidden } from '../lesson/useOpenQuestion';

function Column({ title, trace, items, otherTrace, focus }: { title: string; trace?: Trace; items: PlayItem[]; otherTrace?: Trace; focus?: WireFocus }) {
  const { t } = useTranslation();
  // While a quiz question is open the verdicts and the packet not yet on the wire would answer it (issue 15 point 3).
  const hidden = useAnswerHidden();
  const wire = focus && partWire(trace, focus.part)[focus.index];
  const other = focus && partWire(otherTrace, focus.part)[focus.index];
  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid="compare-column">
      <h3 className="text-2xl font-semibold">
        {title}:{' '}
        {hidden ? (
          <span data-testid="compare-verdict-hidden" title={t('workspace.answerHidden')}>
            ?
          </span>
        ) : (
          <span data-testid="compare-verdict">{trace ? t(`verdict.${trace.verdict}`) : '—'}</span>
        )}
      </h3>
      {hidden && <p className="text-lg">{t('workspace.answerHidden')}</p>}
      {trace && focus && !(hidden && focus.upcoming) && <WireStack wire={wire} other={other} framing={framingSteps(items, focus.part, focus.index)} upcoming={focus.upcoming} />}
    </div>
  );
}

export function ComparePanel() {
  const { t } = useTranslation();
  const presets = useScenario((s) => s.presets);
  const main = useScenario((s) => s.presetName);
  const mainTrace = useTrace((s) => s.trace);
  const { presetName, status, trace, error } = useCompare((s) => s);
  const { choose, close } = useCompareActions();
  const items = usePlayItems();
  const otherItems = useMemo(() => playItems(trace), [trace]);
  const position = usePlayback((s) => s.position);
  const focus = wireFocus(items, position);
  const fallback = defaultComparePreset(presets, main);
  // This scenario's title says what it is: the preset, the preset with edits, or the imported files.
  const imported = useWhatIf((s) => s.imported);
  const unedited = useWhatIf((s) => s.unedited);
  const mainTitle = imported ? t('compare.importedTitle', { files: imported.join(', ') }) : unedited ? main : t('compare.editedTitle', { preset: main });

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
            {presetName === EDITED && <option value={EDITED}>{t('compare.edited')}</option>}
            {presetName === BEFORE_EDIT && <option value={BEFORE_EDIT}>{t('whatIf.beforeEdit')}</option>}
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
        <CompareEditor />
      </div>
      {presetName && (
        <div className="grid grid-cols-2 gap-x-6 gap-y-2" data-testid="compare-grid">
          <Column title={presetName === BEFORE_EDIT ? t('whatIf.afterEdit') : mainTitle} trace={mainTrace} items={items} otherTrace={trace} focus={focus} />
          <Column title={presetName === EDITED ? t('compare.edited') : presetName === BEFORE_EDIT ? t('whatIf.beforeEdit') : presetName} trace={trace} items={otherItems} otherTrace={mainTrace} focus={focus} />
        </div>
      )}
    </Section>
  );
}
