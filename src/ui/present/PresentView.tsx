/**
 * Presentation mode: full screen (the Fullscreen API, else the whole window),
 * the flow and the step's sentence in large type, the topology filling the
 * rest with a pointer-sized halo on the acting element, and the controls
 * hidden until the pointer moves. Keys: see `usePresentKeys`.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findLesson } from '../../lessons/index';
import { useClassroomApi, useLesson } from '../../state/hooks';
import { useDiagramState } from '../share/useDiagramState';
import { visiblePositions } from '../../state/trace/playback';
import { usePlaybackClock } from '../player/usePlaybackClock';
import { flowTitle } from '../share/flowTitle';
import { StepControls } from '../share/StepControls';
import { explainText, whereText } from '../../traceViews/stepText';
import { TopologyView } from '../topology/TopologyView';
import { PRESENT_CSS } from './presentCss';
import { usePresentKeys } from './usePresentKeys';
import { QuizPanel } from '../lesson/QuizPanel';

const IDLE_MS = 2500;

export function PresentView() {
  const { t, i18n } = useTranslation();
  const { stores, lessons } = useClassroomApi();
  const { topology, presetName, trace, items, detail, position, item } = useDiagramState();
  const lesson = useLesson((s) => s);
  const language = i18n.resolvedLanguage === 'ru' ? 'ru' : 'en';
  const lessonSteps = lesson.id ? findLesson(lesson.id)?.steps : undefined;
  const lessonText = lessonSteps && lesson.status === 'ready' && !lesson.pending ? lessonSteps[lesson.step]?.text[language] : undefined;
  const [awake, setAwake] = useState(true);
  const timer = useRef<number | undefined>(undefined);
  const root = useRef<HTMLDivElement>(null);
  usePlaybackClock();

  const leave = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    stores.classroom.setState({ mode: 'app' });
  }, [stores]);
  const wake = useCallback(() => {
    setAwake(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setAwake(false), IDLE_MS);
  }, []);
  // In a lesson the clicker walks the lesson's steps; otherwise the trace's.
  const inLesson = lessonSteps !== undefined;
  const step = useCallback(
    (direction: 1 | -1) => {
      if (!inLesson) return false;
      void (direction > 0 ? lessons.next() : lessons.previous());
      return true;
    },
    [inLesson, lessons],
  );
  usePresentKeys(leave, wake, step);

  useEffect(() => {
    timer.current = window.setTimeout(() => setAwake(false), IDLE_MS);
    let entered = false;
    const onChange = () => {
      if (document.fullscreenElement) entered = true;
      else if (entered) stores.classroom.setState({ mode: 'app' });
    };
    document.addEventListener('fullscreenchange', onChange);
    // Fallback without the Fullscreen API (or when refused): the view still covers the window.
    root.current?.requestFullscreen?.().catch(() => {});
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      window.clearTimeout(timer.current);
    };
  }, [stores, wake]);

  const visible = visiblePositions(items, detail);
  return (
    <div
      ref={root}
      role="region"
      aria-label={t('classroom.present.label')}
      data-present
      data-testid="present"
      onPointerMove={wake}
      className={`fixed inset-0 z-50 flex flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100 ${awake ? '' : 'cursor-none'}`}
    >
      <style>{PRESENT_CSS}</style>
      <header className="px-8 pt-4">
        <h1 className="text-3xl font-semibold text-teal-800 dark:text-teal-300" data-testid="present-flow">
          {trace ? flowTitle(trace) : t('classroom.present.noTrace')}
        </h1>
        {lessonText && (
          <p className="mt-2 text-4xl leading-snug font-semibold" aria-live="polite" lang={language} data-testid="present-lesson">
            {lessonText}
          </p>
        )}
        {item && !lessonText && (
          <p className="mt-2 text-4xl leading-snug" aria-live="polite" data-testid="present-step">
            <span className="font-mono font-bold">
              {visible.indexOf(position) + 1}/{visible.length} · {item.step.node ? `${item.step.node} · ` : ''}
              {whereText(item.step)}
            </span>
            <br />
            {explainText(t, item.step)}
          </p>
        )}
      </header>
      <div className="relative min-h-0 flex-1">
        {topology && <TopologyView key={presetName} topology={topology} />}
        <div className="absolute top-4 right-4 max-w-xl">
          <QuizPanel large />
        </div>
      </div>
      {/* Over the diagram, so the diagram keeps the whole height while the controls are hidden. */}
      <footer
        className={`absolute inset-x-0 bottom-0 flex items-center gap-6 border-t border-slate-300 bg-white/95 px-8 py-3 transition-opacity dark:border-slate-700 dark:bg-slate-950/95 ${awake ? 'visible opacity-100' : 'invisible opacity-0'}`}
        data-testid="present-controls"
      >
        <div className="flex-1">
          <StepControls large />
        </div>
        <p className="text-xl">{t(inLesson ? 'classroom.present.keysLesson' : 'classroom.present.keys')}</p>
        <button type="button" onClick={leave} className="whitespace-nowrap rounded border border-slate-500 px-5 py-2 text-2xl font-semibold" data-testid="present-leave">
          {t('classroom.present.leave')}
        </button>
      </footer>
    </div>
  );
}
