/** The step controls of the embed and the presentation: restart, back, play/pause, forward, and where we are. */
import { useTranslation } from 'react-i18next';
import { usePlayItems, usePlayback, usePlaybackActions } from '../../state/hooks';
import { visiblePositions } from '../../state/trace/playback';

export function StepControls({ large = false }: { large?: boolean }) {
  const { t } = useTranslation();
  const items = usePlayItems();
  const { position, playing, detail } = usePlayback((s) => s);
  const actions = usePlaybackActions();
  const visible = visiblePositions(items, detail);
  const index = visible.indexOf(position);
  const none = items.length === 0;
  const button = `whitespace-nowrap rounded border border-slate-500 bg-white font-semibold hover:bg-slate-100 disabled:opacity-50 dark:bg-slate-800 dark:hover:bg-slate-700 ${large ? 'px-6 py-2 text-3xl' : 'px-2 py-0.5 text-base'}`;
  return (
    <div role="toolbar" aria-label={t('player.label')} className={`flex items-center ${large ? 'gap-4' : 'gap-1'}`} data-testid="step-controls">
      <button type="button" className={button} onClick={actions.restart} disabled={none} aria-label={t('player.restart')} title={t('player.restart')}>
        |◀
      </button>
      <button type="button" className={button} onClick={actions.previous} disabled={none || index <= 0} aria-label={t('player.back')} title={t('player.back')} data-testid="step-back">
        ◀
      </button>
      <button type="button" className={button} onClick={actions.togglePlay} disabled={none} aria-label={playing ? t('player.pause') : t('player.play')} data-testid="play">
        {playing ? '❚❚' : '▶'}
      </button>
      <button type="button" className={button} onClick={actions.next} disabled={none || index >= visible.length - 1} aria-label={t('player.forward')} title={t('player.forward')} data-testid="step-forward">
        ▶▶
      </button>
      <span className={`ml-auto whitespace-nowrap ${large ? 'text-3xl' : 'text-sm'}`} aria-live="polite" data-testid="step-counter">
        {none ? '' : t('player.position', { index: index + 1, count: visible.length })}
      </span>
    </div>
  );
}
