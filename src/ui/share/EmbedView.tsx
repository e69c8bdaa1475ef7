/**
 * Embed mode (`?embed=1`): only the diagram and the step controls, sized to
 * the frame (it fits 640×360), a caption line, a link to the full view, and
 * the trace as text for screen readers.
 */
import { useTranslation } from 'react-i18next';
import { shareUrl } from '../../share/codec';
import { useClassroomApi } from '../../state/classroomHooks';
import { useDiagramState } from './useDiagramState';
import { visiblePositions } from '../../state/playback';
import { usePlaybackClock } from '../player/usePlaybackClock';
import { useKeyboardStepping } from '../player/useKeyboardStepping';
import { TopologyView } from '../topology/TopologyView';
import { flowTitle, stepCaption } from './flowTitle';
import { ShareNotice } from './ShareNotice';
import { StepControls } from './StepControls';
import { TraceTextAlternative } from './TraceTextAlternative';

export function EmbedView() {
  const { t } = useTranslation();
  const { share } = useClassroomApi();
  const { topology, presetName, trace, items, detail, position, item } = useDiagramState();
  usePlaybackClock();
  useKeyboardStepping();
  const state = share.snapshot();
  const full = state ? shareUrl(window.location.href.split('#')[0]!, { ...state, embed: false }) : undefined;
  return (
    <main className="flex h-screen w-screen flex-col overflow-hidden bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100" aria-label={t('classroom.share.embedRegion')} data-testid="embed">
      <h1 className="sr-only">{trace ? t('classroom.share.embedTitle', { flow: flowTitle(trace) }) : t('app.title')}</h1>
      <ShareNotice />
      <div className="flex items-baseline gap-2 px-2 pt-1 text-sm">
        <p className="min-w-0 flex-1 truncate" title={item ? stepCaption(t, items, visiblePositions(items, detail), position) : undefined} data-testid="embed-caption">
          {item ? stepCaption(t, items, visiblePositions(items, detail), position) : trace ? flowTitle(trace) : ''}
        </p>
        {full && (
          <a href={full} target="_blank" rel="noopener" className="shrink-0 text-teal-800 underline dark:text-teal-300">
            {t('classroom.share.openFull')}
          </a>
        )}
      </div>
      <div className="min-h-0 flex-1">{topology && <TopologyView key={presetName} topology={topology} />}</div>
      <div className="border-t border-slate-300 px-2 py-1 dark:border-slate-700">
        <StepControls />
      </div>
      <TraceTextAlternative />
    </main>
  );
}
