/**
 * Docked under the topology: the current step's sentence and the player. The
 * lesson and the quiz sit at the top of the side panel (LessonSide), so the
 * topology keeps its height on a 1366×768 laptop while a lesson runs.
 */
import { useTranslation } from 'react-i18next';
import { useCurrentItem } from '../../state/hooks';
import { PlayerControls } from '../player/PlayerControls';
import { explainText } from '../../traceViews/stepText';

export function StepDock() {
  const { t } = useTranslation();
  const item = useCurrentItem();
  return (
    <div className="flex shrink-0 flex-col gap-1.5 border-t border-slate-300 bg-slate-50 px-3 py-2 dark:border-slate-700 dark:bg-slate-950" data-testid="dock">
      {item && (
        <p className="text-lg leading-snug" data-testid="explanation">
          {item.part === 'reply' && <span className="mr-2 rounded bg-violet-800 px-2 py-0.5 text-base text-white">{t('trace.reply')}</span>}
          {explainText(t, item.step)}
        </p>
      )}
      <PlayerControls />
    </div>
  );
}
