/** The workspace's toolbar: one button per drawer (flow, lessons, what-if, share and export), and presentation mode. */
import { useTranslation } from 'react-i18next';
import { useClassroomApi, useTrace } from '../../state/hooks';
import { DRAWERS, useDrawer } from './drawerStore';

const button =
  'rounded border border-slate-500 bg-white px-2.5 py-1 font-semibold hover:bg-slate-100 aria-expanded:bg-teal-800 aria-expanded:text-white disabled:opacity-50 dark:bg-slate-800 dark:hover:bg-slate-700 dark:aria-expanded:bg-teal-700';

export function Toolbar() {
  const { t } = useTranslation();
  const { open, toggle } = useDrawer();
  const { stores } = useClassroomApi();
  const trace = useTrace((s) => s.trace);
  return (
    <nav aria-label={t('workspace.toolbar')} className="flex flex-wrap items-center gap-2" data-testid="toolbar">
      {DRAWERS.map((id) => (
        <button key={id} type="button" className={button} aria-expanded={open === id} aria-controls={`drawer-${id}`} onClick={() => toggle(id)} data-testid={`drawer-${id}`}>
          {t(`workspace.drawer.${id}`)}
        </button>
      ))}
      <button
        type="button"
        disabled={!trace}
        onClick={() => stores.classroom.setState({ mode: 'present' })}
        className="rounded bg-teal-800 px-3 py-1 font-semibold text-white disabled:opacity-50"
        data-testid="present-start"
      >
        {t('classroom.present.start')}
      </button>
    </nav>
  );
}
