/**
 * A Windows node's OS build in the nodes form (issue 12 item 9): one of the
 * releases the build table tells apart; a build the table does not name shows
 * as it is until another is chosen.
 */
import { useTranslation } from 'react-i18next';
import { KNOWN_WINDOWS_BUILDS, type EditableNode } from '../../edit/editableModel';
import type { Edit } from '../../edit/edits';
import type { WindowsRelease } from '../../engine/model/windowsBuilds';
import { inputClass } from './controls';

export function WindowsBuildSelect({ node, apply, busy }: { node: EditableNode; apply: (edit: Edit) => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <select
      className={inputClass}
      aria-label={t('whatIf.node.buildOf', { name: node.name })}
      title={t('whatIf.node.build')}
      data-testid="windows-build"
      value={node.release ?? ''}
      disabled={busy}
      onChange={(e) => apply({ op: 'setWindowsBuild', name: node.name, release: e.target.value as WindowsRelease })}
    >
      {!node.release && (
        <option value="" disabled>
          {t('whatIf.node.buildOther', { build: node.build ?? '' })}
        </option>
      )}
      {KNOWN_WINDOWS_BUILDS.map((b) => (
        <option key={b.release} value={b.release}>
          {b.release} ({b.kernelVersion})
        </option>
      ))}
    </select>
  );
}
