/**
 * Walks the steps of an animation without touching the page: the base layer
 * of the vector drawing (src/export/svg/frameLayers.ts) is rasterised once,
 * then each step's frame is that base with the step's overlay drawn on top,
 * on one canvas handed on per step, reporting progress and stopping when
 * the export is cancelled.
 */
import type { FrameLayers } from '../../export/svg/frameLayers';
import { svgImage } from './rasterize';

export interface FrameWalk {
  positions: readonly number[];
  renderer: FrameRenderer;
  signal: AbortSignal;
  onProgress: (done: number, count: number) => void;
}

export interface Frame {
  canvas: HTMLCanvasElement;
  ctx: CanvasRenderingContext2D;
}

/** A canvas whose pixels are read back (getImageData, VideoFrame): kept in memory, not on a GPU. */
export function frameCanvas(width: number, height: number): Frame {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('no 2D canvas');
  return { canvas, ctx };
}

export interface FrameRenderer {
  layers: FrameLayers;
  /** The one canvas every frame is drawn on. */
  frame: Frame;
  /** Draws step `position`'s frame on `frame`. */
  draw(position: number): Promise<Frame>;
}

/** Rasterises the base layer; `even` crops the frame to even sides (video encoders want them). */
export async function frameRenderer(layers: FrameLayers, even = false): Promise<FrameRenderer> {
  const crop = (n: number) => (even ? n - (n % 2) : n);
  const frame = frameCanvas(crop(layers.width), crop(layers.height));
  const base = frameCanvas(layers.width, layers.height);
  base.ctx.drawImage(await svgImage(layers.base), 0, 0, layers.width, layers.height);
  return {
    layers,
    frame,
    async draw(position) {
      const overlay = await svgImage(layers.overlay(position));
      frame.ctx.drawImage(base.canvas, 0, 0);
      frame.ctx.drawImage(overlay, 0, 0, layers.width, layers.height);
      return frame;
    },
  };
}

/**
 * The frame's RGBA pixels. Read through a VideoFrame where the browser has
 * one: Chromium's getImageData took about five times as long for the same
 * bytes on a 1920 px slide (it allocates and converts each time).
 */
export async function framePixels({ canvas, ctx }: Frame): Promise<Uint8ClampedArray> {
  const data = new Uint8ClampedArray(canvas.width * canvas.height * 4);
  if (typeof VideoFrame !== 'undefined') {
    const frame = new VideoFrame(canvas, { timestamp: 0 });
    try {
      await frame.copyTo(data, { format: 'RGBA' });
      return data;
    } catch {
      // A browser without format conversion in copyTo: read the canvas.
    } finally {
      frame.close();
    }
  }
  return ctx.getImageData(0, 0, canvas.width, canvas.height).data;
}

export async function eachFrame(walk: FrameWalk, take: (frame: Frame, index: number, position: number) => Promise<void>): Promise<void> {
  walk.onProgress(0, walk.positions.length);
  for (const [i, position] of walk.positions.entries()) {
    walk.signal.throwIfAborted();
    await take(await walk.renderer.draw(position), i, position);
    walk.onProgress(i + 1, walk.positions.length);
  }
}
