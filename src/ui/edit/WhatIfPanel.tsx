/**
 * "What if…": structured edits of the scenario (network settings, nodes,
 * pods, services, endpoints, NetworkPolicies), undo/redo (buttons and Ctrl+Z / Ctrl+Shift+Z),
 * reset to the preset, download as YAML, and the trace before vs after the
 * last change side by side with the differing steps listed.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BEFORE_EDIT } from '../../state/compare/compareStore';
import { useCompare, useCompareActions, useEditableModel, useScenario, useTrace, useWhatIf, useWhatIfActions } from '../../state/hooks';
import { EDITABLE_TEXT_LIMIT } from '../../edit/editableModel';
import type { Edit } from '../../edit/edits';
import { policyLabel } from '../../edit/policies';
import { diffTraces } from '../../traceViews/stepDiff';
import { downloadName } from '../../state/whatIf/whatIfStore';
import { HistoryCompare } from '../compare/HistoryCompare';
import { DiagnosticList } from '../DiagnosticList';
import { Section } from '../Section';
import { primaryButton, secondaryButton } from './controls';
import { NetworkForm } from './NetworkForm';
import { NodesForm, PodsForm, ServicesForm, type FormSearches } from './ObjectForms';
import { PoliciesForm } from './PoliciesForm';
import { useUndoKeys } from './useUndoKeys';
import { useInsightWhileShown } from '../workspace/drawerShown';

type Tab = 'network' | 'nodes' | 'pods' | 'services' | 'policies';
const TABS: readonly Tab[] = ['network', 'nodes', 'pods', 'services', 'policies'];

/** The i18n params describing an edit (`whatIf.edits.<op>`). */
export function editParams(e: Edit): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(e)) if ((typeof v === 'string' || typeof v === 'number') && k !== 'yaml') out[k] = String(v);
  if (e.op === 'setPool') out.name = e.pool.name;
  if (e.op === 'replacePolicy' || e.op === 'removePolicy') out.policy = policyLabel(e.policy);
  return out;
}

/** The header differences of a step, in words: fields that changed, headers only one trace's packet has. */
function FieldGroups({ fields }: { fields: string[] }) {
  const { t } = useTranslation();
  const changed = fields.filter((f) => !f.startsWith('+') && !f.startsWith('-'));
  const upper = (f: string) => f.slice(1).toUpperCase();
  const added = fields.filter((f) => f.startsWith('+')).map(upper);
  const removed = fields.filter((f) => f.startsWith('-')).map(upper);
  return (
    <>
      {changed.length > 0 && <span className="ml-2 block font-mono">{t('whatIf.stepDiff.fields', { fields: changed.join(', ') })}</span>}
      {added.length > 0 && <span className="ml-2 block">{t('whatIf.stepDiff.headersAfter', { headers: added.join(', ') })}</span>}
      {removed.length > 0 && <span className="ml-2 block">{t('whatIf.stepDiff.headersBefore', { headers: removed.join(', ') })}</span>}
    </>
  );
}

function BeforeAfter() {
  const { t } = useTranslation();
  const before = useWhatIf((s) => s.before);
  const lastEdit = useWhatIf((s) => s.lastEdit);
  const request = useTrace((s) => s.request);
  const mainTrace = useTrace((s) => s.trace);
  const comparing = useCompare((s) => s.presetName === BEFORE_EDIT);
  const compareTrace = useCompare((s) => s.trace);
  const compareActions = useCompareActions();
  const rows = useMemo(() => (comparing ? diffTraces(compareTrace, mainTrace) : []), [comparing, compareTrace, mainTrace]);
  if (!before && !comparing) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="before-after">
      <div className="flex flex-wrap items-center gap-3">
        {lastEdit && <span>{t('whatIf.lastEdit', { edit: t(`whatIf.edits.${lastEdit.op}`, editParams(lastEdit)) })}</span>}
        {before && (
          <button type="button" className={secondaryButton} disabled={!request} onClick={() => void compareActions.open(before, BEFORE_EDIT)} data-testid="compare-before-after">
            {t('whatIf.compareBeforeAfter')}
          </button>
        )}
        {!request && <span className="text-slate-700 dark:text-slate-300">{t('whatIf.compareNeedsTrace')}</span>}
      </div>
      {comparing && compareTrace && mainTrace && (
        <div data-testid="step-diff">
          <h3 className="text-xl font-semibold">{t('whatIf.stepDiff.heading')}</h3>
          {rows.length === 0 ? (
            <p>{t('whatIf.stepDiff.same')}</p>
          ) : (
            <ol className="flex flex-col gap-1">
              {rows.map((r, i) => (
                <li
                  key={i}
                  className={`rounded px-2 py-1 ${r.kind === 'onlyAfter' ? 'bg-green-100 dark:bg-green-950' : r.kind === 'onlyBefore' ? 'bg-red-100 dark:bg-red-950' : 'bg-yellow-100 dark:bg-yellow-950'}`}
                  data-testid="step-diff-row"
                >
                  <span className="font-semibold">
                    {r.kind === 'onlyAfter' ? t('whatIf.stepDiff.onlyAfter') : r.kind === 'onlyBefore' ? t('whatIf.stepDiff.onlyBefore') : t('whatIf.stepDiff.step', { before: r.beforeIndex, after: r.afterIndex })}
                  </span>{' '}
                  <span className="font-mono">
                    {r.step.node ?? ''} {r.step.at.component}
                    {r.step.at.layer ? `/${r.step.at.layer}` : ''} · {r.step.action}
                  </span>
                  <FieldGroups fields={r.fields} />
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}

export function WhatIfPanel() {
  const { t } = useTranslation();
  const actions = useWhatIfActions();
  const state = useWhatIf((s) => s);
  const textLength = useScenario((s) => s.textLength);
  const ready = useScenario((s) => s.status === 'ready');
  useInsightWhileShown();
  const plainPreset = 'preset' in state.base && !state.base.edits?.length;
  const [tab, setTab] = useState<Tab>('network');
  const [searches, setSearches] = useState<FormSearches>({});
  const search = (list: keyof FormSearches, text: string) => setSearches((s) => ({ ...s, [list]: text }));
  useUndoKeys();

  const model = useEditableModel(textLength !== undefined && textLength > EDITABLE_TEXT_LIMIT);
  const busy = state.status === 'applying' || !ready;
  const apply = (e: Edit) => void actions.edit(e);

  const download = async () => {
    const text = await actions.scenarioText();
    if (text === undefined) return;
    const url = URL.createObjectURL(new Blob([text], { type: 'application/yaml' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = downloadName(state);
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <Section id="what-if-heading" title={t('whatIf.heading')}>
      <div className="flex flex-col gap-3" data-testid="what-if">
        <p>{t('whatIf.intro')}</p>
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className={secondaryButton} disabled={state.changes.length === 0 || busy} onClick={() => void actions.undo()} data-testid="what-if-undo" aria-keyshortcuts="Control+Z">
            ↶ {t('whatIf.undo')}
          </button>
          <button type="button" className={secondaryButton} disabled={state.future.length === 0 || busy} onClick={() => void actions.redo()} data-testid="what-if-redo" aria-keyshortcuts="Control+Shift+Z">
            ↷ {t('whatIf.redo')}
          </button>
          <button type="button" className={secondaryButton} disabled={(state.unedited && plainPreset) || busy} onClick={() => void actions.reset()} data-testid="what-if-reset">
            {t('whatIf.reset')}
          </button>
          <button type="button" className={primaryButton} disabled={textLength === undefined} onClick={() => void download()} data-testid="what-if-download">
            {t('whatIf.download')}
          </button>
          <span className="text-slate-700 dark:text-slate-300" data-testid="what-if-status" aria-live="polite">
            {state.status === 'applying'
              ? t('whatIf.applying')
              : state.imported?.length
                ? t('whatIf.importedFrom', { files: state.imported.join(', ') })
                : !state.unedited
                  ? t('whatIf.edited', { count: state.changes.length })
                  : t('whatIf.unedited')}
          </span>
        </div>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('whatIf.undoKeys')}</p>
        {state.saveError && (
          <p role="alert" className="rounded border border-amber-700 bg-amber-50 p-2 text-amber-950 dark:bg-amber-950 dark:text-amber-50" data-testid="what-if-save-error">
            {t('whatIf.saveFailed', { message: state.saveError })}
          </p>
        )}
        {state.keptDraft && (
          <p role="status" className="flex flex-wrap items-center gap-2 rounded border border-sky-700 bg-sky-50 p-2 text-sky-950 dark:bg-sky-950 dark:text-sky-50" data-testid="what-if-kept-draft">
            {t('whatIf.keptDraft', { name: state.keptDraft.name, count: state.keptDraft.count })}
            <button type="button" className={secondaryButton} onClick={() => void actions.returnToKeptDraft()} data-testid="what-if-return-to-draft">
              {t('whatIf.returnToDraft')}
            </button>
          </p>
        )}
        {state.status === 'error' && (
          <div role="alert" className="rounded border border-red-700 bg-red-50 p-2 text-red-900 dark:bg-red-950 dark:text-red-100" data-testid="what-if-error">
            {state.error ? t('whatIf.refused', { message: state.error }) : t('whatIf.refusedDiagnostics')}
            {state.errorDiagnostics && state.errorDiagnostics.length > 0 && <DiagnosticList diagnostics={state.errorDiagnostics} />}
          </div>
        )}
        <HistoryCompare busy={busy} />
        <BeforeAfter />
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('whatIf.heading')}>
          {TABS.map((k) => (
            <button key={k} type="button" aria-pressed={tab === k} className={tab === k ? primaryButton : secondaryButton} onClick={() => setTab(k)} data-testid={`what-if-tab-${k}`}>
              {t(`whatIf.kinds.${k}`)}
            </button>
          ))}
        </div>
        {textLength !== undefined && textLength > EDITABLE_TEXT_LIMIT && <p data-testid="what-if-too-large">{t('whatIf.tooLarge', { size: Math.round(textLength / 1e6) })}</p>}
        {model && tab === 'network' && <NetworkForm model={model} apply={apply} busy={busy} />}
        {model && tab === 'nodes' && <NodesForm apply={apply} busy={busy} searches={searches} search={search} />}
        {model && tab === 'pods' && <PodsForm apply={apply} busy={busy} searches={searches} search={search} />}
        {model && tab === 'services' && <ServicesForm apply={apply} busy={busy} searches={searches} search={search} />}
        {model && tab === 'policies' && <PoliciesForm model={model} edit={actions.edit} busy={busy} />}
      </div>
    </Section>
  );
}
