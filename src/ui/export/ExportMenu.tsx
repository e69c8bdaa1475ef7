/**
 * Export: the current step as a vector SVG or a PNG (diagram only, or with
 * the inspector), the trace as Markdown, text or a Mermaid sequence diagram
 * (the worker's formatters, the formats of `npm run trace`), and the whole
 * flow as slides (a PNG per step in a zip), a GIF or a WebM. Every picture
 * comes from the vector drawing (src/export/svg) in the current language and
 * theme; long exports show their progress and can be cancelled.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlayback, usePlayItems, useScenario, useTrace } from '../../state/hooks';
import { visiblePositions } from '../../state/trace/playback';
import { formatTrace, i18nTranslate } from '../../traceViews/index';
import { localizeTraceText } from '../../traceViews/stepText';
import { useTheme } from '../theme/useTheme';
import { download, slug } from './download';
import type { ExportFile, JobContext } from './exportJobs';

/** The exporters (SVG, PNG, GIF, WebM encoders): a chunk fetched on the first export, not in the first download (issue 18). */
const jobs = () => import('./exportJobs');

const button = 'rounded border border-slate-500 bg-white px-3 py-1 text-lg hover:bg-slate-100 disabled:opacity-50 dark:bg-slate-800 dark:hover:bg-slate-700';

type TextFormat = 'markdown' | 'text' | 'mermaid';
const TEXT_FILE: Record<TextFormat, { ext: string; type: string }> = {
  markdown: { ext: 'md', type: 'text/markdown' },
  mermaid: { ext: 'mermaid.md', type: 'text/markdown' },
  text: { ext: 'txt', type: 'text/plain' },
};

/** The work's result and its duration in ms. */
async function timed<T>(work: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

export function ExportMenu() {
  const { t, i18n } = useTranslation();
  const topology = useScenario((s) => s.topology);
  const trace = useTrace((s) => s.trace);
  const locations = useTrace((s) => s.locations);
  const items = usePlayItems();
  const detail = usePlayback((s) => s.detail);
  const position = usePlayback((s) => s.position);
  const theme = useTheme();
  const [status, setStatus] = useState('');
  /** How long the last finished export took, in ms (for the e2e limits of issue 16, measured in the page). */
  const [took, setTook] = useState<number | undefined>();
  const [inspector, setInspector] = useState(false);
  /** The running export's cancel switch (none when idle). */
  const [running, setRunning] = useState<AbortController | null>(null);
  const language = i18n.resolvedLanguage === 'ru' ? 'ru' : 'en';
  const base = trace ? `packetwalk-${slug(`${trace.flow.src.spec} ${trace.flow.dst.spec}`)}` : 'packetwalk';

  const run = async (work: (c: JobContext) => ExportFile | Promise<ExportFile>) => {
    if (!trace || !topology) return;
    const controller = new AbortController();
    setRunning(controller);
    setTook(undefined);
    try {
      const { value: file, ms } = await timed(() => work({
        input: { topology, trace, detail, ...(locations ? { locations } : {}) },
        svg: { t, language, theme },
        positions: visiblePositions(items, detail),
        position,
        base,
        signal: controller.signal,
        onProgress: (done, count) => setStatus(t('classroom.export.busy', { done, count })),
      }));
      setTook(Math.round(ms));
      download(file.blob, file.name);
      setStatus(t('classroom.export.saved', { name: file.name }));
    } catch (error) {
      if (controller.signal.aborted) setStatus(t('classroom.export.cancelled'));
      else setStatus(t('classroom.export.failed', { message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setRunning(null);
    }
  };

  const traceText = (format: TextFormat) =>
    run((): ExportFile => {
      const text = formatTrace(localizeTraceText(t, trace!), format, { t: i18nTranslate(i18n, language), detail: detail === 'detailed' });
      const file = TEXT_FILE[format];
      return { blob: new Blob([`${text}\n`], { type: file.type }), name: `${base}.${file.ext}` };
    });

  const disabled = !trace || !topology || running !== null;
  const action = (id: string, label: string, onClick: () => void) => (
    <button type="button" className={button} disabled={disabled} onClick={onClick} data-testid={`export-${id}`}>
      {label}
    </button>
  );
  return (
    <div role="group" aria-label={t('classroom.export.label')} className="flex flex-wrap items-center gap-2" data-testid="export">
      <span className="text-lg font-semibold">{t('classroom.export.label')}:</span>
      {action('svg', t('classroom.export.svg'), () => void run(async (c) => (await jobs()).svgFile(c, inspector)))}
      {action('png', t('classroom.export.png'), () => void run(async (c) => (await jobs()).pngFile(c, inspector)))}
      <label className="flex items-center gap-1 text-base">
        <input type="checkbox" checked={inspector} onChange={(e) => setInspector(e.target.checked)} data-testid="export-inspector" />
        {t('classroom.export.withInspector')}
      </label>
      {action('markdown', t('classroom.export.markdown'), () => void traceText('markdown'))}
      {action('mermaid', t('classroom.export.mermaid'), () => void traceText('mermaid'))}
      {action('text', t('classroom.export.text'), () => void traceText('text'))}
      {action('slides', t('classroom.export.slides'), () => void run(async (c) => (await jobs()).slidesFile(c, inspector)))}
      {action('gif', t('classroom.export.gif'), () => void run(async (c) => (await jobs()).gifFile(c)))}
      {action('webm', t('classroom.export.webm'), () => void run(async (c) => (await jobs()).webmFile(c)))}
      {running && (
        <button type="button" className={button} onClick={() => running.abort()} data-testid="export-cancel">
          {t('classroom.export.cancel')}
        </button>
      )}
      <span role="status" className="text-base" data-testid="export-status" data-duration-ms={took}>
        {status}
      </span>
    </div>
  );
}
