/** Restart, back, play/pause, forward, end; speed; summary vs detailed; where we are. */
import { useTranslation } from 'react-i18next';
import { usePlayItems, usePlayback, usePlaybackActions } from '../../state/hooks';
import { visiblePositions } from '../../state/trace/playback';
import { SPEEDS, type Speed } from '../../state/trace/playbackStore';

const button = 'rounded border border-slate-500 bg-white px-3 py-1 text-lg font-semibold hover:bg-slate-100 disabled:opacity-50 dark:bg-slate-800 dark:hover:bg-slate-700';

export function PlayerControls() {
  const { t } = useTranslation();
  const items = usePlayItems();
  const { position, playing, speed, detail } = usePlayback((s) => s);
  const actions = usePlaybackActions();
  const visible = visiblePositions(items, detail);
  const index = visible.indexOf(position);
  const none = items.length === 0;
  return (
    <div role="toolbar" aria-label={t('player.label')} aria-describedby="player-keys" title={t('player.keys')} className="flex flex-wrap items-center gap-2" data-testid="player">
      <span id="player-keys" className="sr-only">
        {t('player.keys')}
      </span>
      <button type="button" className={button} onClick={actions.restart} disabled={none} aria-label={t('player.restart')} title={t('player.restart')}>
        |◀
      </button>
      <button type="button" className={button} onClick={actions.previous} disabled={none || index <= 0} aria-label={t('player.back')} title={t('player.back')} data-testid="step-back">
        ◀
      </button>
      <button type="button" className={`${button} min-w-28`} onClick={actions.togglePlay} disabled={none} aria-label={playing ? t('player.pause') : t('player.play')} data-testid="play">
        {playing ? `❚❚ ${t('player.pause')}` : `▶ ${t('player.play')}`}
      </button>
      <button type="button" className={button} onClick={actions.next} disabled={none || index >= visible.length - 1} aria-label={t('player.forward')} title={t('player.forward')} data-testid="step-forward">
        ▶
      </button>
      <button type="button" className={button} onClick={actions.end} disabled={none} aria-label={t('player.end')} title={t('player.end')} data-testid="step-end">
        ▶|
      </button>
      <label className="ml-2 flex items-center gap-1">
        <span>{t('player.speed')}</span>
        <select className="rounded border border-slate-500 bg-white px-2 py-1 dark:bg-slate-800" value={speed} onChange={(e) => actions.setSpeed(Number(e.target.value) as Speed)}>
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
      </label>
      <div role="group" aria-label={t('player.detail')} className="ml-2 flex gap-1">
        {(['summary', 'detailed'] as const).map((d) => (
          <button key={d} type="button" aria-pressed={detail === d} onClick={() => actions.setDetail(d)} className="rounded border border-slate-500 px-3 py-1 aria-pressed:bg-teal-800 aria-pressed:text-white">
            {t(`player.${d}`)}
          </button>
        ))}
      </div>
      <span className="ml-auto text-lg" aria-live="polite" data-testid="step-counter">
        {none ? '' : t('player.position', { index: index + 1, count: visible.length })}
      </span>
    </div>
  );
}
