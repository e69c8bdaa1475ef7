/**
 * Walks the steps of an animation without touching the page: renders each
 * step's vector drawing, rasterises it, and hands the canvas on, reporting
 * progress and stopping when the export is cancelled.
 */
import { svgToCanvas } from './rasterize';

export interface FrameWalk {
  positions: readonly number[];
  render: (position: number) => string;
  signal: AbortSignal;
  onProgress: (done: number, count: number) => void;
}

export async function eachFrame(walk: FrameWalk, take: (canvas: HTMLCanvasElement, index: number, position: number) => Promise<void>): Promise<void> {
  const canvas = document.createElement('canvas');
  for (const [i, position] of walk.positions.entries()) {
    walk.signal.throwIfAborted();
    walk.onProgress(i, walk.positions.length);
    await take(await svgToCanvas(walk.render(position), canvas), i, position);
  }
  walk.onProgress(walk.positions.length, walk.positions.length);
}
