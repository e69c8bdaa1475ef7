/** The classroom tools under the header: share and embed links, presentation, export; the share-link notice above them. */
import { useTranslation } from 'react-i18next';
import { useClassroomApi } from '../../state/classroomHooks';
import { useTrace } from '../../state/hooks';
import { ExportMenu } from '../export/ExportMenu';
import { ShareMenu } from './ShareMenu';
import { ShareNotice } from './ShareNotice';

export function ClassroomBar() {
  const { t } = useTranslation();
  const { stores } = useClassroomApi();
  const trace = useTrace((s) => s.trace);
  return (
    <>
      <ShareNotice />
      <section aria-label={t('classroom.share.linkLabel')} className="flex flex-wrap items-start gap-4 rounded-lg border border-slate-300 bg-white p-3 shadow-sm dark:border-slate-600 dark:bg-slate-900" data-testid="classroom-bar">
        <ShareMenu />
        <button
          type="button"
          disabled={!trace}
          onClick={() => stores.classroom.setState({ mode: 'present' })}
          className="rounded bg-teal-800 px-4 py-1 text-lg font-semibold text-white disabled:opacity-50"
          data-testid="present-start"
        >
          {t('classroom.present.start')}
        </button>
        <ExportMenu />
      </section>
    </>
  );
}
