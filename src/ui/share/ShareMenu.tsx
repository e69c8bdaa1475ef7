/**
 * "Copy link" (the whole view in the URL) and "Copy embed code" (the same
 * view with `?embed=1` in an iframe snippet). The copied text stays visible
 * in a read-only field, so it can be copied by hand when the clipboard is not
 * available.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClassroomApi, useTrace } from '../../state/hooks';
import { copyText } from './clipboard';
import { embedCode } from './embedCode';
import { flowTitle } from './flowTitle';

const button = 'rounded border border-slate-500 bg-white px-3 py-1 text-lg font-semibold hover:bg-slate-100 disabled:opacity-50 dark:bg-slate-800 dark:hover:bg-slate-700';

/** The page address without hash and without `embed`. */
function baseUrl(): string {
  const url = new URL(window.location.href);
  url.hash = '';
  url.searchParams.delete('embed');
  return url.toString();
}

export function ShareMenu() {
  const { t } = useTranslation();
  const { share } = useClassroomApi();
  const trace = useTrace((s) => s.trace);
  const [followTheme, setFollowTheme] = useState(true);
  const [out, setOut] = useState<{ kind: 'link' | 'embed'; text: string; copied: boolean } | undefined>();

  const copy = async (kind: 'link' | 'embed') => {
    const state = share.snapshot();
    if (!state || !trace) return;
    // The encoder (lz-string and the state's zod schema) is a chunk of its own, fetched on first use (issue 18).
    const { shareUrl } = await import('../../share/codec');
    const text =
      kind === 'link'
        ? shareUrl(baseUrl(), { ...state, embed: false })
        : embedCode(shareUrl(baseUrl(), { ...state, embed: true, theme: followTheme ? 'auto' : state.theme }), t('classroom.share.embedTitle', { flow: flowTitle(trace) }));
    setOut({ kind, text, copied: await copyText(text) });
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={button} disabled={!trace} onClick={() => void copy('link')} data-testid="copy-link">
          {t('classroom.share.copyLink')}
        </button>
        <button type="button" className={button} disabled={!trace} onClick={() => void copy('embed')} data-testid="copy-embed">
          {t('classroom.share.copyEmbed')}
        </button>
        <label className="flex items-center gap-1 text-base">
          <input type="checkbox" checked={followTheme} onChange={(e) => setFollowTheme(e.target.checked)} />
          {t('classroom.share.followTheme')}
        </label>
      </div>
      {out && (
        <div className="flex flex-col gap-1">
          <p role="status" className="text-base">
            {out.copied ? t(out.kind === 'link' ? 'classroom.share.copiedLink' : 'classroom.share.copiedEmbed') : t('classroom.share.copyFailed')}
          </p>
          <label className="flex flex-col text-base">
            <span>{t(out.kind === 'link' ? 'classroom.share.linkLabel' : 'classroom.share.embedLabel')}</span>
            <input readOnly value={out.text} onFocus={(e) => e.target.select()} className="w-full rounded border border-slate-400 bg-slate-50 px-2 py-1 font-mono text-sm dark:bg-slate-800" data-testid="share-output" />
          </label>
        </div>
      )}
    </div>
  );
}
