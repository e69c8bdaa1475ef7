/**
 * An animated GIF from same-sized RGBA frames with gifenc: one colour table
 * for the whole animation (framePalette.ts), and each later frame written
 * with the pixels that did not change as transparent over the one before
 * (disposal "keep"), so a step costs about what it changes.
 */
import { GIFEncoder } from 'gifenc';
import { FREE_INDEX, framePalette, indexed } from './framePalette';

export interface GifFrame {
  rgba: Uint8ClampedArray;
  delayMs: number;
}

/** Encodes the frames; `signal` stops between frames. */
export async function encodeGif(frames: readonly GifFrame[], width: number, height: number, signal?: AbortSignal): Promise<Uint8Array> {
  if (frames.length === 0) throw new Error('no frames');
  const palette = framePalette([frames[0]!.rgba, ...(frames.length > 1 ? [frames[frames.length - 1]!.rgba] : [])]);
  const gif = GIFEncoder();
  let previous: Uint8ClampedArray | undefined;
  for (const [i, frame] of frames.entries()) {
    signal?.throwIfAborted();
    const index = indexed(frame.rgba, palette);
    if (previous) {
      const now = frame.rgba;
      for (let p = 0, k = 0; p < index.length; p++, k += 4) {
        if (now[k] === previous[k] && now[k + 1] === previous[k + 1] && now[k + 2] === previous[k + 2]) index[p] = FREE_INDEX;
      }
    }
    gif.writeFrame(index, width, height, { palette: palette.table, delay: frame.delayMs, repeat: 0, transparent: i > 0, transparentIndex: FREE_INDEX, dispose: 1 });
    previous = frame.rgba;
    // Let the page paint the progress between frames.
    await new Promise((r) => setTimeout(r, 0));
  }
  gif.finish();
  return gif.bytes();
}
