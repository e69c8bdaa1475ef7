/**
 * Windows readiness: the worker's findings for the current scenario, grouped
 * by severity, each with the objects concerned (click one to select it), why,
 * the fix, and the commands or manifest to copy. "Planning a Windows node"
 * checks a cluster that has none yet. Asked again after every change.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Finding, FindingSeverity, ObjectRef } from '../../engine/index';
import { useInsight, useInsightActions, useLiveInsight, useScenario, useSelection, useSelectionStore } from '../../state/hooks';
import { sameObject } from '../../state/scenario/selectionStore';
import { Section } from '../Section';
import { RunbookSection } from './RunbookSection';
import { useInsightWhileShown } from '../workspace/drawerShown';

const SEVERITIES: readonly FindingSeverity[] = ['error', 'warning', 'info'];

/** Findings drawn per severity until "Show all" (issue 18: a 1,000-node cluster has a finding per Windows node). */
const FINDINGS_SHOWN = 20;

const tone: Record<FindingSeverity, string> = {
  error: 'border-red-700 bg-red-50 dark:bg-red-950',
  warning: 'border-amber-600 bg-amber-50 dark:bg-amber-950',
  info: 'border-sky-700 bg-sky-50 dark:bg-sky-950',
};

function refText(o: ObjectRef): string {
  return `${o.kind} ${o.namespace ? `${o.namespace}/` : ''}${o.name}`;
}

function CopyBlock({ text, label, testId }: { text: string; label: string; testId: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div className="relative">
      <pre className="whitespace-pre-wrap break-all rounded bg-slate-900 p-2 pr-24 font-mono text-sm text-slate-50" data-testid={testId}>
        {text}
      </pre>
      <button
        type="button"
        className="absolute right-1 top-1 rounded bg-slate-200 px-2 py-0.5 text-sm font-semibold text-slate-900"
        aria-label={label}
        onClick={() => {
          void navigator.clipboard?.writeText(text).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {copied ? t('whatIf.readiness.copied') : t('whatIf.readiness.copy')}
      </button>
    </div>
  );
}

function FindingCard({ f }: { f: Finding }) {
  const { t } = useTranslation();
  const selection = useSelectionStore();
  const selected = useSelection((s) => s.owner);
  return (
    <li className={`flex flex-col gap-2 rounded border-l-4 p-3 ${tone[f.severity]}`} data-testid="readiness-finding" data-finding={f.id}>
      <div className="flex flex-wrap items-baseline gap-2">
        <span className="rounded bg-white px-2 font-mono text-sm font-semibold text-slate-900 dark:bg-slate-800 dark:text-slate-100">{f.id}</span>
        {f.objects.length > 0 && <span className="font-semibold">{t('whatIf.readiness.objects')}:</span>}
        {f.objects.map((o) => (
          <button
            key={refText(o)}
            type="button"
            aria-pressed={sameObject(selected, o)}
            className="rounded border border-slate-500 bg-white px-2 font-mono text-sm underline-offset-2 hover:underline dark:bg-slate-800"
            onClick={() => selection.setState({ owner: sameObject(selected, o) ? undefined : o })}
          >
            {refText(o)}
          </button>
        ))}
      </div>
      <p>
        <span className="font-semibold">{t('whatIf.readiness.why')}: </span>
        {t(f.why.key, f.why.params)}
      </p>
      {f.fix && (
        <div className="flex flex-col gap-1">
          <p>
            <span className="font-semibold">{t('whatIf.readiness.fix')}: </span>
            {t(f.fix.key, f.fix.params)}
          </p>
          {f.fix.commands && f.fix.commands.length > 0 && (
            <>
              <p className="text-sm font-semibold">
                {t('whatIf.readiness.commands')} ({f.fix.commandsFrom === 'seed' ? t('whatIf.readiness.fromSeed') : t('whatIf.readiness.derived')})
              </p>
              <CopyBlock text={f.fix.commands.join('\n')} label={t('whatIf.readiness.copyCommands', { id: f.id })} testId="readiness-commands" />
            </>
          )}
          {f.fix.manifest && (
            <>
              <p className="text-sm font-semibold">{t('whatIf.readiness.manifest')}</p>
              <CopyBlock text={f.fix.manifest} label={t('whatIf.readiness.copyManifest', { id: f.id })} testId="readiness-manifest" />
            </>
          )}
        </div>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('whatIf.readiness.source', { source: f.source })}</p>
    </li>
  );
}

export function ReadinessPanel() {
  const { t } = useTranslation();
  const { findings, readiness, error, runbook } = useInsight((s) => s);
  const planWindows = useLiveInsight((s) => s.planWindows);
  useInsightWhileShown();
  const scenarioName = useScenario((s) => s.summary?.name ?? 'scenario');
  const { setPlanWindows } = useInsightActions();
  const hasWindows = useScenario((s) => s.summary?.nodes.some((n) => n.os === 'windows') ?? false);
  const [showAll, setShowAll] = useState<ReadonlySet<FindingSeverity>>(new Set());
  return (
    <Section id="readiness-heading" title={t('whatIf.readiness.heading')}>
      <div className="flex flex-col gap-3" data-testid="readiness">
        <div className="flex flex-wrap items-center gap-4">
          <label className="flex items-center gap-2">
            <input type="checkbox" className="h-5 w-5" checked={planWindows} onChange={(e) => void setPlanWindows(e.target.checked)} data-testid="readiness-plan-windows" />
            <span>{t('whatIf.readiness.planWindows')}</span>
          </label>
          <span aria-live="polite" data-testid="readiness-count">
            {readiness === 'loading' ? t('whatIf.readiness.loading') : readiness === 'ready' ? t('whatIf.readiness.count', { count: findings.length }) : ''}
          </span>
        </div>
        {error && <p className="text-red-800 dark:text-red-300">{t('errors.engine', { message: error })}</p>}
        {readiness === 'ready' && findings.length === 0 && <p data-testid="readiness-none">{hasWindows || planWindows ? t('whatIf.readiness.none') : t('whatIf.readiness.noWindows')}</p>}
        {SEVERITIES.map((sev) => {
          const group = findings.filter((f) => f.severity === sev);
          if (group.length === 0) return null;
          return (
            <section key={sev} aria-labelledby={`readiness-${sev}`}>
              <h3 id={`readiness-${sev}`} className="mb-2 text-xl font-semibold">
                {t(`severity.${sev}`)} ({group.length})
              </h3>
              <ul className="flex flex-col gap-2">
                {(showAll.has(sev) ? group : group.slice(0, FINDINGS_SHOWN)).map((f, i) => (
                  <FindingCard key={`${f.id}-${i}`} f={f} />
                ))}
              </ul>
              {group.length > FINDINGS_SHOWN && !showAll.has(sev) && (
                <button type="button" className="mt-2 rounded border border-slate-500 px-2 py-1" onClick={() => setShowAll(new Set([...showAll, sev]))} data-testid="readiness-show-all">
                  {t('whatIf.readiness.showAll', { count: group.length })}
                </button>
              )}
            </section>
          );
        })}
        {readiness === 'ready' && runbook && <RunbookSection runbook={runbook} scenario={scenarioName} />}
      </div>
    </Section>
  );
}
