/**
 * Export: the current step (with side by side's wire stacks when it is on) as
 * SVG or PNG with a caption of the flow and the step; the trace as Markdown
 * or text (the formats of `npm run trace`, formatted in the worker); one PNG
 * per step in a zip for slides; an animated WebM that plays the steps.
 */
import { zipSync } from 'fflate';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClassroomApi } from '../../state/classroomHooks';
import { useCompare, usePlayItems, usePlayback, usePlaybackActions, useTrace } from '../../state/hooks';
import { visiblePositions } from '../../state/playback';
import { flowTitle, stepCaption } from '../share/flowTitle';
import { sentenceCatalogue } from '../share/sentences';
import { useTheme } from '../theme/useTheme';
import { canvasBlob, captureCanvas, captureSvg, type Look } from './capture';
import { download, slug } from './download';
import { canRecordWebm, startWebm } from './record';

const button = 'rounded border border-slate-500 bg-white px-3 py-1 text-lg hover:bg-slate-100 disabled:opacity-50 dark:bg-slate-800 dark:hover:bg-slate-700';
/** Time for the view to draw a step (the packet marker moves) before a frame is taken. */
const SETTLE_MS = 450;

const settle = () => new Promise((r) => window.setTimeout(r, SETTLE_MS));

export function ExportMenu() {
  const { t, i18n } = useTranslation();
  const { formatTrace } = useClassroomApi();
  const trace = useTrace((s) => s.trace);
  const items = usePlayItems();
  const detail = usePlayback((s) => s.detail);
  const position = usePlayback((s) => s.position);
  const comparing = useCompare((s) => s.presetName !== undefined);
  const player = usePlaybackActions();
  const theme = useTheme();
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const language = i18n.resolvedLanguage === 'ru' ? 'ru' : 'en';
  const look: Look = theme === 'dark' ? { background: '#020617', foreground: '#f1f5f9' } : { background: '#ffffff', foreground: '#0f172a' };
  const visible = visiblePositions(items, detail);

  const elements = (): HTMLElement[] => {
    const list = [document.querySelector<HTMLElement>('main [data-testid="topology"]')];
    if (comparing) list.push(document.querySelector<HTMLElement>('[data-testid="compare-grid"]'));
    return list.filter((e): e is HTMLElement => e !== null);
  };
  const caption = (at: number) => (trace ? [flowTitle(trace), stepCaption(t, items, visible, at)] : []);
  const base = trace ? `packetwalk-${slug(`${trace.flow.src.spec} ${trace.flow.dst.spec}`)}` : 'packetwalk';
  const stepName = (at: number) => `${base}-step-${String(visible.indexOf(at) + 1).padStart(2, '0')}`;

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      setStatus(t('classroom.export.saved', { name: await work() }));
    } catch (error) {
      setStatus(t('classroom.export.failed', { message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setBusy(false);
    }
  };

  const svg = () =>
    run(async () => {
      const name = `${stepName(position)}.svg`;
      download(new Blob([await captureSvg(elements(), caption(position), look)], { type: 'image/svg+xml' }), name);
      return name;
    });
  const png = () =>
    run(async () => {
      const name = `${stepName(position)}.png`;
      download(await canvasBlob(await captureCanvas(elements(), caption(position), look)), name);
      return name;
    });
  const traceText = (format: 'markdown' | 'text') =>
    run(async () => {
      if (!trace) throw new Error(t('classroom.export.noTrace'));
      const answer = await formatTrace(trace, format, sentenceCatalogue(i18n, language), detail === 'detailed');
      if (answer.kind !== 'ok') throw new Error(answer.kind === 'error' ? answer.message : 'stale');
      const name = `${base}.${format === 'markdown' ? 'md' : 'txt'}`;
      download(new Blob([`${answer.value}\n`], { type: format === 'markdown' ? 'text/markdown' : 'text/plain' }), name);
      return name;
    });
  /** Walks every visible step, hands each frame to `take`, then returns to the step the user was on. */
  const eachStep = async (take: (canvas: HTMLCanvasElement, at: number) => Promise<void>, pixelRatio: number) => {
    const start = position;
    try {
      for (const [i, at] of visible.entries()) {
        setStatus(t('classroom.export.busy', { done: i, count: visible.length }));
        player.seek(at);
        await settle();
        await take(await captureCanvas(elements(), caption(at), look, pixelRatio), at);
      }
    } finally {
      player.seek(start);
    }
  };
  const slides = () =>
    run(async () => {
      const files: Record<string, Uint8Array> = {};
      await eachStep(async (canvas, at) => {
        files[`${stepName(at)}.png`] = new Uint8Array(await (await canvasBlob(canvas)).arrayBuffer());
      }, 2);
      const name = `${base}-slides.zip`;
      download(new Blob([zipSync(files, { level: 0 }) as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), name);
      return name;
    });
  const webm = () =>
    run(async () => {
      if (!canRecordWebm()) throw new Error(t('classroom.export.webmUnsupported'));
      let recorder: ReturnType<typeof startWebm> | undefined;
      await eachStep(async (canvas) => {
        recorder ??= startWebm(canvas.width - (canvas.width % 2), canvas.height - (canvas.height % 2), look.background);
        await recorder.frame(canvas, 1000);
      }, 1);
      if (!recorder) throw new Error(t('classroom.export.noTrace'));
      const name = `${base}.webm`;
      download(await recorder.stop(), name);
      return name;
    });

  const disabled = !trace || busy;
  return (
    <div role="group" aria-label={t('classroom.export.label')} className="flex flex-wrap items-center gap-2" data-testid="export">
      <span className="text-lg font-semibold">{t('classroom.export.label')}:</span>
      <button type="button" className={button} disabled={disabled} onClick={() => void svg()} data-testid="export-svg">
        {t('classroom.export.svg')}
      </button>
      <button type="button" className={button} disabled={disabled} onClick={() => void png()} data-testid="export-png">
        {t('classroom.export.png')}
      </button>
      <button type="button" className={button} disabled={disabled} onClick={() => void traceText('markdown')} data-testid="export-markdown">
        {t('classroom.export.markdown')}
      </button>
      <button type="button" className={button} disabled={disabled} onClick={() => void traceText('text')} data-testid="export-text">
        {t('classroom.export.text')}
      </button>
      <button type="button" className={button} disabled={disabled} onClick={() => void slides()} data-testid="export-slides">
        {t('classroom.export.slides')}
      </button>
      <button type="button" className={button} disabled={disabled} onClick={() => void webm()} data-testid="export-webm">
        {t('classroom.export.webm')}
      </button>
      <span role="status" className="text-base" data-testid="export-status">
        {status}
      </span>
    </div>
  );
}
