/**
 * One colour table for every frame of an export (GIF, slides), quantised by
 * gifenc from sample frames: the first and the last frame between them show
 * every colour the drawing uses (the theme's, the acting element's, the
 * trail's). At most 255 colours, so index 255 stays free for a GIF's
 * "unchanged" pixels.
 */
import gifenc, { type Palette } from 'gifenc';

export interface FramePalette {
  colours: Palette;
  /** The colours padded to the 256 entries of a GIF colour table. */
  table: Palette;
}

export const FREE_INDEX = 255;

/** Every STRIDE-th pixel is sampled: a flat drawing repeats each colour over thousands of pixels, and quantising costs per pixel. */
const STRIDE = 4;

export function framePalette(samples: readonly Uint8ClampedArray[]): FramePalette {
  const all = new Uint8ClampedArray(samples.reduce((n, s) => n + Math.ceil(s.length / 4 / STRIDE) * 4, 0));
  let at = 0;
  for (const s of samples) {
    for (let k = 0; k < s.length; k += 4 * STRIDE, at += 4) all.set(s.subarray(k, k + 4), at);
  }
  const colours = gifenc.quantize(all, FREE_INDEX);
  const table = [...colours];
  while (table.length < 256) table.push([0, 0, 0]);
  return { colours, table };
}

export function indexed(rgba: Uint8ClampedArray, palette: FramePalette): Uint8Array {
  return gifenc.applyPalette(rgba, palette.colours);
}
