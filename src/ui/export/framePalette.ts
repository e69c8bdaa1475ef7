/**
 * One colour table for every frame of an export (GIF, slides), quantised by
 * gifenc from sample frames: the first and the last frame between them show
 * every colour the drawing uses (the theme's, the acting element's, the
 * trail's). At most 255 colours, so index 255 stays free for a GIF's
 * "unchanged" pixels.
 */
import { applyPalette, quantize, type Palette } from 'gifenc';

export interface FramePalette {
  colours: Palette;
  /** The colours padded to the 256 entries of a GIF colour table. */
  table: Palette;
}

export const FREE_INDEX = 255;

export function framePalette(samples: readonly Uint8ClampedArray[]): FramePalette {
  const all = new Uint8ClampedArray(samples.reduce((n, s) => n + s.length, 0));
  let at = 0;
  for (const s of samples) {
    all.set(s, at);
    at += s.length;
  }
  const colours = quantize(all, FREE_INDEX);
  const table = [...colours];
  while (table.length < 256) table.push([0, 0, 0]);
  return { colours, table };
}

export function indexed(rgba: Uint8ClampedArray, palette: FramePalette): Uint8Array {
  return applyPalette(rgba, palette.colours);
}
