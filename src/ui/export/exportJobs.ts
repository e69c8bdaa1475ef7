/**
 * The exports as jobs: each makes one file from the vector drawing (or, for
 * the trace texts, from the worker's formatter) and never moves the player.
 * Sizes: PNG at twice the drawing's size; slides one indexed PNG per step at
 * 1920 px; GIF and WebM focused on the machines the flow touches,
 * 960 and 1280 px wide, one second per step.
 */
import { zipSync } from 'fflate';
import { renderDiagramSvg, type DiagramInput, type SvgOptions } from '../../export/svg/renderSvg';
import { frameLayers } from '../../export/svg/frameLayers';
import { framePalette } from './framePalette';
import { eachFrame, framePixels, frameRenderer } from './frames';
import { indexedPng } from './indexedPng';
import { canvasBlob, svgSize, svgToCanvas } from './rasterize';
import { GIF_WIDTH, SLIDE_WIDTH, STEP_SECONDS, VIDEO_WIDTH } from './sizes';

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

export async function slidesFile(c: JobContext, inspector: boolean): Promise<ExportFile> {
  c.onProgress(0, c.positions.length);
  const renderer = await frameRenderer(frameLayers(c.input, c.positions, { ...c.svg, inspector, width: SLIDE_WIDTH }));
  const ends = [...new Set([c.positions[0], c.positions.at(-1)])].filter((p) => p !== undefined);
  const samples = [];
  for (const at of ends) samples.push(await framePixels(await renderer.draw(at)));
  const palette = framePalette(samples);
  const files: Record<string, Uint8Array> = {};
  await eachFrame({ ...c, renderer }, async (frame, _i, at) => {
    files[`${stepName(c, at)}.png`] = indexedPng(await framePixels(frame), frame.canvas.width, frame.canvas.height, palette);
  });
  // PNG is compressed already: store, do not deflate again.
  return { blob: new Blob([zipSync(files, { level: 0 }) as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), name: `${c.base}-slides.zip` };
}

/** The GIF's and the WebM's frames: the machines the flow touches, no inspector, one size for every step. */
const animationLayers = (c: JobContext, width: number) => frameLayers(c.input, c.positions, { ...c.svg, inspector: false, focus: true, width });

export async function gifFile(c: JobContext): Promise<ExportFile> {
  c.onProgress(0, c.positions.length);
  const { encodeGif } = await import('./gif');
  const renderer = await frameRenderer(animationLayers(c, GIF_WIDTH));
  const frames: { rgba: Uint8ClampedArray; delayMs: number }[] = [];
  await eachFrame({ ...c, renderer }, async (frame) => {
    frames.push({ rgba: await framePixels(frame), delayMs: STEP_SECONDS * 1000 });
  });
  const { width, height } = renderer.frame.canvas;
  const bytes = await encodeGif(frames, width, height, c.signal);
  return { blob: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/gif' }), name: `${c.base}.gif` };
}

export async function webmFile(c: JobContext): Promise<ExportFile> {
  c.onProgress(0, c.positions.length);
  const { canEncodeWebm, startWebm } = await import('./webm');
  if (!(await canEncodeWebm())) throw new Error(c.svg.t('classroom.export.webmUnsupported'));
  const renderer = await frameRenderer(animationLayers(c, VIDEO_WIDTH), true);
  const writer = await startWebm(renderer.frame.canvas);
  try {
    await eachFrame({ ...c, renderer }, async (_frame, i) => {
      await writer.step(i, STEP_SECONDS);
    });
    return { blob: await writer.finish(), name: `${c.base}.webm` };
  } catch (error) {
    await writer.cancel();
    throw error;
  }
}
