/** The animation: the topology with the moving packet, the player, the event list; beside it the inspector and the state table. */
import { useTranslation } from 'react-i18next';
import { useScenario } from '../state/hooks';
import { Inspector } from './inspector/Inspector';
import { EventList } from './player/EventList';
import { PlayerControls } from './player/PlayerControls';
import { StateTable } from './player/StateTable';
import { TraceObjects } from './player/TraceObjects';
import { usePlaybackClock } from './player/usePlaybackClock';
import { useKeyboardStepping } from './player/useKeyboardStepping';
import { TopologyView } from './topology/TopologyView';

const card = 'rounded-lg border border-slate-300 bg-white p-3 shadow-sm dark:border-slate-600 dark:bg-slate-900';

export function Visualizer() {
  const { t } = useTranslation();
  const topology = useScenario((s) => s.topology);
  const presetName = useScenario((s) => s.presetName);
  usePlaybackClock();
  useKeyboardStepping();
  return (
    <section aria-labelledby="visualizer-heading" className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_32rem]">
      <h2 id="visualizer-heading" className="sr-only">
        {t('topology.heading')}
      </h2>
      <div className="flex min-w-0 flex-col gap-3">
        <div className={`${card} h-[46rem] p-0`}>{topology && <TopologyView key={presetName} topology={topology} />}</div>
        <div className={card}>
          <PlayerControls />
          <p className="mt-1 text-base text-slate-700 dark:text-slate-300">{t('player.keys')}</p>
        </div>
        <TraceObjects />
        <EventList />
      </div>
      <aside className="flex min-w-0 flex-col gap-3" aria-label={t('inspector.heading')}>
        <div className={card}>
          <h3 className="mb-2 text-2xl font-semibold">{t('inspector.heading')}</h3>
          <Inspector />
        </div>
        <div className={card}>
          <StateTable />
        </div>
      </aside>
    </section>
  );
}
