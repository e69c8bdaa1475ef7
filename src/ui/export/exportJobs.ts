/**
 * The exports as jobs: each makes one file from the vector drawing (or, for
 * the trace texts, from the worker's formatter) and never moves the player.
 * Sizes: PNG at twice the drawing's size; slides one indexed PNG per step at
 * 1920 px; GIF and WebM focused on the machines the flow touches,
 * 960 and 1280 px wide, one second per step.
 */
import { zipSync } from 'fflate';
import { renderDiagramSvg, type DiagramInput, type SvgOptions } from '../../export/svg/renderSvg';
import { framePalette } from './framePalette';
import { eachFrame } from './frames';
import { indexedPng } from './indexedPng';
import { canvasBlob, svgSize, svgToCanvas } from './rasterize';

export const STEP_SECONDS = 1;
export const GIF_WIDTH = 960;
export const SLIDE_WIDTH = 1920;
export const VIDEO_WIDTH = 1280;

export interface JobContext {
  input: DiagramInput;
  svg: Omit<SvgOptions, 'inspector'>;
  /** Positions (into the play items) of the visible steps, and the current one. */
  positions: readonly number[];
  position: number;
  /** File name stem, e.g. `packetwalk-pod-demo-web-svc-demo-hello`. */
  base: string;
  signal: AbortSignal;
  onProgress: (done: number, count: number) => void;
}

export interface ExportFile {
  blob: Blob;
  name: string;
}

const stepName = (c: JobContext, at: number) => `${c.base}-step-${String(c.positions.indexOf(at) + 1).padStart(2, '0')}`;

export function svgFile(c: JobContext, inspector: boolean): ExportFile {
  const svg = renderDiagramSvg(c.input, c.position, { ...c.svg, inspector });
  return { blob: new Blob([svg], { type: 'image/svg+xml' }), name: `${stepName(c, c.position)}.svg` };
}

export async function pngFile(c: JobContext, inspector: boolean): Promise<ExportFile> {
  const natural = svgSize(renderDiagramSvg(c.input, c.position, { ...c.svg, inspector })).width;
  const canvas = await svgToCanvas(renderDiagramSvg(c.input, c.position, { ...c.svg, inspector, width: natural * 2 }));
  return { blob: await canvasBlob(canvas), name: `${stepName(c, c.position)}.png` };
}

const pixels = (canvas: HTMLCanvasElement) => canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;

export async function slidesFile(c: JobContext, inspector: boolean): Promise<ExportFile> {
  c.onProgress(0, c.positions.length);
  const render = (at: number) => renderDiagramSvg(c.input, at, { ...c.svg, inspector, width: SLIDE_WIDTH });
  const ends = [c.positions[0], c.positions[c.positions.length - 1]].filter((p) => p !== undefined);
  const samples = [];
  for (const at of new Set(ends)) samples.push(pixels(await svgToCanvas(render(at))));
  const palette = framePalette(samples);
  const files: Record<string, Uint8Array> = {};
  await eachFrame({ ...c, render }, async (canvas, _i, at) => {
    files[`${stepName(c, at)}.png`] = indexedPng(pixels(canvas), canvas.width, canvas.height, palette);
  });
  // PNG is compressed already: store, do not deflate again.
  return { blob: new Blob([zipSync(files, { level: 0 }) as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), name: `${c.base}-slides.zip` };
}

const animationFrame = (c: JobContext, width: number) => (at: number) => renderDiagramSvg(c.input, at, { ...c.svg, inspector: false, focus: true, fixedCaption: true, width });

export async function gifFile(c: JobContext): Promise<ExportFile> {
  c.onProgress(0, c.positions.length);
  const { encodeGif } = await import('./gif');
  const frames: { rgba: Uint8ClampedArray; delayMs: number }[] = [];
  let size = { width: 0, height: 0 };
  await eachFrame({ ...c, render: animationFrame(c, GIF_WIDTH) }, async (canvas) => {
    size = { width: canvas.width, height: canvas.height };
    frames.push({ rgba: pixels(canvas), delayMs: STEP_SECONDS * 1000 });
  });
  const bytes = await encodeGif(frames, size.width, size.height, c.signal);
  return { blob: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/gif' }), name: `${c.base}.gif` };
}

export async function webmFile(c: JobContext): Promise<ExportFile> {
  c.onProgress(0, c.positions.length);
  const { canEncodeWebm, startWebm } = await import('./webm');
  if (!(await canEncodeWebm())) throw new Error(c.svg.t('classroom.export.webmUnsupported'));
  const video = document.createElement('canvas');
  const first = svgSize(animationFrame(c, VIDEO_WIDTH)(c.positions[0] ?? 0));
  // Encoders want even sizes.
  video.width = first.width - (first.width % 2);
  video.height = first.height - (first.height % 2);
  const ctx = video.getContext('2d')!;
  const writer = await startWebm(video);
  try {
    await eachFrame({ ...c, render: animationFrame(c, VIDEO_WIDTH) }, async (canvas, i) => {
      ctx.drawImage(canvas, 0, 0);
      await writer.step(i, STEP_SECONDS);
    });
    return { blob: await writer.finish(), name: `${c.base}.webm` };
  } catch (error) {
    await writer.cancel();
    throw error;
  }
}
