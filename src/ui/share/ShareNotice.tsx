/** The message about a share link that could not be opened as made (a tampered or old link, a scenario or flow that fails). */
import { useTranslation } from 'react-i18next';
import { useClassroom, useClassroomApi } from '../../state/hooks';
import type { NoticeCode } from '../../state/classroom/classroomStore';

const KEYS: Record<NoticeCode, string> = {
  corrupt: 'classroom.share.corrupt',
  'unsupported-version': 'classroom.share.unsupportedVersion',
  invalid: 'classroom.share.invalid',
  scenario: 'classroom.share.scenario',
  trace: 'classroom.share.trace',
};

export function ShareNotice() {
  const { t, i18n } = useTranslation();
  const notice = useClassroom((s) => s.notice);
  const opening = useClassroom((s) => s.opening);
  const { stores } = useClassroomApi();
  if (opening) {
    return (
      <p role="status" className="text-lg" data-testid="share-opening">
        {t('classroom.share.opening')}
      </p>
    );
  }
  if (!notice) return null;
  // The codec's own message is English: shown as details next to the translated sentence in English only.
  const codecError = notice.code !== 'scenario' && notice.code !== 'trace' && i18n.resolvedLanguage === 'en';
  return (
    <div role="alert" className="flex items-start gap-4 rounded-lg border-2 border-amber-600 bg-amber-50 p-3 text-lg dark:bg-amber-950" data-testid="share-notice" data-code={notice.code}>
      <div>
        <p className="font-semibold">{t('classroom.share.noticeTitle')}</p>
        <p>{t(KEYS[notice.code], { message: notice.message })}</p>
        {codecError && <p className="text-base text-slate-700 dark:text-slate-300">{t('classroom.share.details', { message: notice.message })}</p>}
      </div>
      <button type="button" className="ml-auto rounded border border-slate-500 px-3 py-1" onClick={() => stores.classroom.setState({ notice: undefined })}>
        {t('classroom.share.dismiss')}
      </button>
    </div>
  );
}
