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
  /**
   * Nearest colour index by RGB565 bin, filled on first use and kept for
   * every frame of the export (gifenc's applyPalette starts a new cache per
   * frame): a flat drawing has few bins, so a frame costs one lookup a pixel.
   */
  nearest: Int16Array;
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
  return { colours, table, nearest: new Int16Array(65536).fill(-1) };
}

function nearestIndex(colours: Palette, r: number, g: number, b: number): number {
  let best = 0;
  let bestDistance = Infinity;
  for (let j = 0; j < colours.length; j++) {
    const c = colours[j]!;
    const d = (c[0]! - r) ** 2 + (c[1]! - g) ** 2 + (c[2]! - b) ** 2;
    if (d < bestDistance) {
      bestDistance = d;
      best = j;
    }
  }
  return best;
}

/** Each pixel's index into the palette (opaque frames: alpha is ignored). */
export function indexed(rgba: Uint8ClampedArray, palette: FramePalette): Uint8Array {
  const { colours, nearest } = palette;
  // One 32-bit read a pixel (RGBA bytes, little-endian on every platform browsers run on).
  const words = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length >> 2);
  const out = new Uint8Array(words.length);
  for (let p = 0; p < words.length; p++) {
    const v = words[p]!;
    const bin = ((v & 0xf8) << 8) | ((v >> 5) & 0x7e0) | ((v >> 19) & 0x1f);
    let index = nearest[bin]!;
    if (index < 0) index = nearest[bin] = nearestIndex(colours, v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff);
    out[p] = index;
  }
  return out;
}
