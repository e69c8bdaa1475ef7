/**
 * Embed mode (`?embed=1`): only the diagram and the step controls, sized to
 * the frame (640×360 and 480×270 included), the step's sentence on up to two
 * lines, a link to the full view, and the trace as text for screen readers.
 * The diagram is the vector drawing focused on the flow's machines, its text
 * never under 12 px (EmbedDiagram).
 */
import { useTranslation } from 'react-i18next';
import { shareUrl } from '../../share/codec';
import { useClassroomApi, useTrace } from '../../state/hooks';
import { useDiagramState } from './useDiagramState';
import { visiblePositions } from '../../state/trace/playback';
import { usePlaybackClock } from '../player/usePlaybackClock';
import { useKeyboardStepping } from '../player/useKeyboardStepping';
import { explainText } from '../../traceViews/stepText';
import { flowTitle, stepCaption } from './flowTitle';
import { EmbedDiagram } from './EmbedDiagram';
import { ShareNotice } from './ShareNotice';
import { StepControls } from './StepControls';
import { TraceTextAlternative } from './TraceTextAlternative';

export function EmbedView() {
  const { t } = useTranslation();
  const { share } = useClassroomApi();
  const { topology, trace, items, detail, position, item } = useDiagramState();
  const locations = useTrace((s) => s.locations);
  usePlaybackClock();
  useKeyboardStepping();
  const state = share.snapshot();
  const full = state ? shareUrl(window.location.href.split('#')[0]!, { ...state, embed: false }) : undefined;
  return (
    <main className="flex h-screen w-screen flex-col overflow-hidden bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100" aria-label={t('classroom.share.embedRegion')} data-testid="embed">
      <h1 className="sr-only">{trace ? t('classroom.share.embedTitle', { flow: flowTitle(trace) }) : t('app.title')}</h1>
      <ShareNotice />
      {/* The step's sentence (where and which step are in its title and in the controls); 12 px in a narrow frame. */}
      <p className="line-clamp-2 px-2 pt-1 text-xs sm:text-sm" title={item ? stepCaption(t, items, visiblePositions(items, detail), position) : undefined} data-testid="embed-caption">
        {item ? explainText(t, item.step) : trace ? flowTitle(trace) : ''}
      </p>
      <div className="min-h-0 flex-1">{topology && trace && <EmbedDiagram topology={topology} trace={trace} detail={detail} position={position} {...(locations ? { locations } : {})} />}</div>
      <div className="flex items-center gap-2 border-t border-slate-300 px-2 py-1 dark:border-slate-700">
        <div className="min-w-0 flex-1">
          <StepControls />
        </div>
        {full && (
          <a href={full} target="_blank" rel="noopener" className="shrink-0 text-sm text-teal-800 underline dark:text-teal-300">
            {t('classroom.share.openFull')}
          </a>
        )}
      </div>
      <TraceTextAlternative />
    </main>
  );
}
