/**
 * The workspace's stage: the verdict over the topology, the topology filling
 * the rest, the step sentence and player docked under it; a side panel with
 * the lesson and quiz when one runs, the inspector (headers before → after,
 * the rule), then the event list, the objects behind the rules and the
 * connection table.
 */
import { useTranslation } from 'react-i18next';
import { useScenario, useTrace } from '../state/hooks';
import { VerdictBanner } from './flow/VerdictBanner';
import { Inspector } from './inspector/Inspector';
import { EventList } from './player/EventList';
import { StateTable } from './player/StateTable';
import { TraceObjects } from './player/TraceObjects';
import { usePlaybackClock } from './player/usePlaybackClock';
import { useKeyboardStepping } from './player/useKeyboardStepping';
import { Suspense } from 'react';
import { TopologyView } from './lazyPanels';
import { LessonSide } from './workspace/LessonSide';
import { StepDock } from './workspace/StepDock';

export function Visualizer() {
  const { t } = useTranslation();
  const topology = useScenario((s) => s.topology);
  const presetName = useScenario((s) => s.presetName);
  const trace = useTrace((s) => s.trace);
  usePlaybackClock();
  useKeyboardStepping();
  return (
    <section aria-labelledby="visualizer-heading" className="flex min-h-0 min-w-0 flex-1">
      <h2 id="visualizer-heading" className="sr-only">
        {t('topology.heading')}
      </h2>
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        {trace && <VerdictBanner trace={trace} />}
        <div className="relative min-h-0 flex-1 bg-white dark:bg-slate-900" data-testid="stage">
          {topology && (
            <Suspense fallback={null}>
              <TopologyView key={presetName} topology={topology} />
            </Suspense>
          )}
        </div>
        <StepDock />
      </div>
      <aside className="flex w-[22rem] shrink-0 flex-col border-l border-slate-300 bg-white 2xl:w-[31rem] dark:border-slate-700 dark:bg-slate-900" aria-labelledby="inspector-heading" data-testid="side-panel">
        <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-3" tabIndex={0} aria-labelledby="inspector-heading">
          <LessonSide />
          <h3 id="inspector-heading" className="text-xl font-semibold">
            {t('inspector.heading')}
          </h3>
          <Inspector />
          <StateTable />
          <TraceObjects />
        </div>
        <EventList />
      </aside>
    </section>
  );
}
