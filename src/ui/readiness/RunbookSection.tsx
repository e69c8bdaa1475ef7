/**
 * The article's migration runbook for the current scenario (the worker builds
 * it): each step with its status, preconditions, commands, the `ip route`
 * before and after, the verification commands and expected output, and the
 * manual checks; a step that changes the cluster links to the current flow
 * traced before and after it. "Download" saves it as Markdown in the page's
 * language, formatted here by the engine's pure runbookMarkdown (loaded on
 * first use; it escapes every scenario value for Markdown and HTML), as
 * `packetwalk readiness --runbook --format markdown` prints it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageRunbook } from '../../state/whatIf/insightStore';
import { useInsightActions } from '../../state/hooks';
import { download, slug } from '../export/download';
import { RunbookTraceLink } from './RunbookTraceLink';

type Step = PageRunbook['steps'][number];

function Step({ s }: { s: Step }) {
  const { t } = useTranslation();
  const pre = 'whitespace-pre-wrap break-all rounded bg-slate-900 p-2 font-mono text-sm text-slate-50';
  return (
    <li className="flex flex-col gap-2 rounded border border-slate-400 p-3" data-testid="runbook-step" data-step={s.id} data-status={s.status}>
      <h4 className="text-lg font-semibold">
        {t(`runbook.step.${s.id}`)} — {t(`runbook.status.${s.status}`)}
      </h4>
      {s.preconditions.length > 0 && (
        <ul className="list-disc pl-5">
          {s.preconditions.map((p) => (
            <li key={p.text.key}>
              <span className="font-semibold">{t(`runbook.met.${String(p.met)}`)}:</span> {t(p.text.key, p.text.params)}
            </li>
          ))}
        </ul>
      )}
      {s.commands.length > 0 && <pre className={pre}>{s.commands.join('\n')}</pre>}
      {s.changes && s.changes.before.join() !== s.changes.after.join() && (
        <div className="grid gap-2 xl:grid-cols-2">
          <p className="font-semibold xl:col-span-2">{t('runbook.label.changes', { node: s.changes.node })}</p>
          {s.changes.unchanged !== undefined && <p className="xl:col-span-2">{t('runbook.label.unchanged', { lines: s.changes.unchanged })}</p>}
          <pre className={pre} aria-label={t('runbook.label.before')}>
            {s.changes.before.join('\n')}
            {s.changes.moreBefore !== undefined && `\n${t('runbook.label.moreLines', { lines: s.changes.moreBefore })}`}
          </pre>
          <pre className={pre} aria-label={t('runbook.label.after')}>
            {s.changes.after.join('\n')}
            {s.changes.moreAfter !== undefined && `\n${t('runbook.label.moreLines', { lines: s.changes.moreAfter })}`}
          </pre>
        </div>
      )}
      <RunbookTraceLink step={s} />
      {s.verify.length > 0 && <p className="font-semibold">{t('runbook.label.verify')}</p>}
      {s.verify.map((v) => (
        <pre key={v.command} className={pre}>
          {`$ ${v.command}${v.expect ? `\n${v.expect}` : ''}`}
          {v.more !== undefined && `\n${t('runbook.label.moreLines', { lines: v.more })}`}
        </pre>
      ))}
      {s.manual.length > 0 && (
        <>
          <p className="font-semibold">{t('runbook.label.manual')}</p>
          <ul className="list-disc pl-5">
            {s.manual.map((m) => (
              <li key={m.key}>{t(m.key, m.params)}</li>
            ))}
          </ul>
        </>
      )}
      {s.extraChecks?.map((f, i) => <p key={`${f.id}-${i}`}>{t(f.why.key, f.why.params)}</p>)}
      <p className="text-sm">
        {t('runbook.label.source')}: {t(s.source.key, s.source.params)}
      </p>
    </li>
  );
}

/** Saves the runbook as Markdown in the page's language. */
function DownloadMarkdown({ scenario }: { scenario: string }) {
  const { t } = useTranslation();
  const insight = useInsightActions();
  const [error, setError] = useState('');
  const save = async () => {
    try {
      const [{ runbookMarkdown }, runbook] = await Promise.all([import('../../engine/readiness/runbookMarkdown'), insight.wholeRunbook()]);
      if (!runbook) throw new Error(t('runbook.changedMeanwhile'));
      download(new Blob([`${runbookMarkdown(runbook, scenario, t)}\n`], { type: 'text/markdown' }), `packetwalk-runbook-${slug(scenario)}.md`);
      setError('');
    } catch (e) {
      setError(t('runbook.downloadFailed', { message: e instanceof Error ? e.message : String(e) }));
    }
  };
  return (
    <>
      <button type="button" className="rounded bg-teal-800 px-3 py-1 font-semibold text-white hover:bg-teal-700" onClick={() => void save()} data-testid="runbook-download">
        {t('runbook.download')}
      </button>
      {error && <span role="alert">{error}</span>}
    </>
  );
}

export function RunbookSection({ runbook, scenario }: { runbook: PageRunbook; scenario: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="runbook-heading" data-testid="runbook" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <h3 id="runbook-heading" className="text-xl font-semibold">
          {t('runbook.title', { scenario })}
        </h3>
        <DownloadMarkdown scenario={scenario} />
      </div>
      <p>{t(runbook.windowsJoined ? 'runbook.windowsJoined' : 'runbook.intro')}</p>
      <ol className="flex flex-col gap-2">
        {runbook.steps.map((s) => (
          <Step key={s.id} s={s} />
        ))}
      </ol>
    </section>
  );
}
