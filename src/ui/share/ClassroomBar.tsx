/** Share and export, in the workspace's share drawer: share and embed links, every export format. */
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../export/ExportMenu';
import { ShareMenu } from './ShareMenu';

export function ClassroomBar() {
  const { t } = useTranslation();
  return (
    <section aria-label={t('workspace.drawer.share')} className="flex flex-col gap-4" data-testid="classroom-bar">
      <ShareMenu />
      <ExportMenu />
    </section>
  );
}
