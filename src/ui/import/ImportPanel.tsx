/**
 * Import a real cluster: drop or pick files (kubectl dumps, Calico objects,
 * the flannel ConfigMap, HNS JSON dumps of a Windows node). Files are read in
 * the main thread with `File.text()` (asynchronous, one at a time, progress
 * after each) and parsed and compiled in the worker, so a large dump does not
 * freeze the page. Problems name the file, line and field; a bad file leaves
 * the scenario loaded before. The HNS dumps are compared with the cluster.
 */
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Diagnostic } from '../../engine/index';
import type { ImportOutcome, ImportProgress } from '../../state/whatIf/whatIfActions';
import { useWhatIfActions } from '../../state/hooks';
import { Field, inputClass, primaryButton } from '../edit/controls';
import { Section } from '../Section';

function where(d: Diagnostic, t: (k: string, p?: Record<string, unknown>) => string): string {
  const field = d.field ?? '';
  if (d.file && d.line !== undefined && field) return t('whatIf.import.where', { file: d.file, line: d.line, field });
  if (d.file && d.line !== undefined) return t('whatIf.import.whereNoField', { file: d.file, line: d.line });
  if (d.file) return t('whatIf.import.whereFile', { file: d.file }) + (field ? ` · ${field}` : '');
  return field;
}

function ProgressLine({ p }: { p: ImportProgress }) {
  const { t } = useTranslation();
  const text =
    p.phase === 'reading'
      ? t('whatIf.import.reading', { file: p.file, read: p.read + 1, total: p.total })
      : p.phase === 'parsing'
        ? t('whatIf.import.parsing', { total: p.total })
        : p.phase === 'compiling'
          ? t('whatIf.import.compiling')
          : p.phase === 'done'
            ? t('whatIf.import.done', { total: p.total })
            : t('whatIf.import.failed');
  const value = p.phase === 'reading' ? p.read : p.phase === 'parsing' ? p.total : p.phase === 'compiling' ? p.total + 1 : p.total + 2;
  return (
    <div className="flex flex-col gap-1" aria-live="polite">
      <progress className="h-3 w-full max-w-xl" max={p.total + 2} value={value} aria-label={text} data-testid="import-progress" />
      <span data-testid="import-status">{text}</span>
    </div>
  );
}

export function ImportPanel() {
  const { t } = useTranslation();
  const { importFiles } = useWhatIfActions();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<ImportProgress>();
  const [outcome, setOutcome] = useState<ImportOutcome>();
  const [over, setOver] = useState(false);
  const [windowsNode, setWindowsNode] = useState('');
  const [pasted, setPasted] = useState('');
  const busy = !!progress && ['reading', 'parsing', 'compiling'].includes(progress.phase);

  const run = async (files: FileList | readonly { name: string; text(): Promise<string> }[] | null) => {
    const list = files ? [...files] : [];
    if (list.length === 0 || busy) return;
    setOutcome(undefined);
    const result = await importFiles(list, setProgress, windowsNode.trim() || undefined);
    setOutcome(result);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void run(e.dataTransfer.files);
  };

  const problems = outcome?.diagnostics.filter((d) => d.severity !== 'info') ?? [];

  return (
    <Section id="import-heading" title={t('whatIf.import.heading')}>
      <div className="flex flex-col gap-3" data-testid="import">
        <p>{t('whatIf.import.hint')}</p>
        <div
          className={`flex flex-wrap items-center gap-4 rounded-lg border-2 border-dashed p-4 ${over ? 'border-teal-700 bg-teal-50 dark:bg-teal-950' : 'border-slate-400'}`}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          data-testid="import-drop"
        >
          <span className="font-semibold">{t('whatIf.import.drop')}</span>
          <button type="button" className={primaryButton} disabled={busy} onClick={() => input.current?.click()}>
            {t('whatIf.import.pick')}
          </button>
          <input
            ref={input}
            type="file"
            multiple
            accept=".yaml,.yml,.json,.txt"
            className="sr-only"
            aria-label={t('whatIf.import.pick')}
            data-testid="import-files"
            onChange={(e) => {
              void run(e.target.files);
              e.target.value = '';
            }}
          />
          <Field label={t('whatIf.import.windowsNode')}>
            <input className={`${inputClass} w-56 font-mono`} value={windowsNode} onChange={(e) => setWindowsNode(e.target.value)} />
          </Field>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <Field label={t('whatIf.import.pasteLabel')}>
            <textarea className={`${inputClass} h-24 w-[40rem] max-w-full font-mono text-sm`} value={pasted} onChange={(e) => setPasted(e.target.value)} data-testid="import-paste" />
          </Field>
          <button type="button" className={primaryButton} disabled={busy || !pasted.trim()} onClick={() => void run([{ name: t('whatIf.import.pastedName'), text: async () => pasted }])}>
            {t('whatIf.import.pasteButton')}
          </button>
        </div>
        {progress && <ProgressLine p={progress} />}
        {outcome?.error && (
          <p role="alert" className="text-red-800 dark:text-red-300">
            {t('errors.engine', { message: outcome.error })}
          </p>
        )}
        {problems.length > 0 && (
          <div role={outcome?.ok ? undefined : 'alert'} data-testid="import-problems">
            <h3 className="text-xl font-semibold">{t('whatIf.import.problems')}</h3>
            <ul className="flex flex-col gap-1">
              {problems.map((d, i) => (
                <li key={i} className={d.severity === 'error' ? 'text-red-900 dark:text-red-200' : ''}>
                  <span className="font-semibold">{t(`severity.${d.severity}`)}</span> · <span className="font-mono">{where(d, t)}</span> — {d.message}
                </li>
              ))}
            </ul>
          </div>
        )}
        {outcome?.hns.map((h) => (
          <div key={h.node} data-testid="import-hns">
            <h3 className="text-xl font-semibold">{t('whatIf.import.hnsHeading', { node: h.node })}</h3>
            <p className="text-sm">{h.files.join(', ')}</p>
            {h.mismatches.length === 0 ? (
              <p>{t('whatIf.import.hnsAgrees')}</p>
            ) : (
              <ul className="flex flex-col gap-1">
                {h.mismatches.map((m, i) => (
                  <li key={i} data-testid="import-mismatch">
                    <span className="font-semibold">{t(`severity.${m.severity}`)}</span> · <span className="font-mono">{m.id}</span> · <span className="font-mono">{m.object}</span>
                    {m.field ? <span className="font-mono"> {m.field}</span> : null} — {m.message}
                    {m.expected !== undefined && <span className="ml-2 font-mono">({t('whatIf.import.expected', { value: m.expected })}; {m.actual !== undefined ? t('whatIf.import.actual', { value: m.actual }) : t('whatIf.import.missing')})</span>}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
      </div>
    </Section>
  );
}
