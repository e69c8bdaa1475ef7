/**
 * A PNG with a colour table (8-bit indexed): a flat diagram keeps its look
 * in 255 colours and the file is a fraction of a true-colour PNG, which
 * keeps a deck of slides small. Written here rather than with a general
 * encoder because this one case is a few chunks around one fflate call:
 * scanlines without a filter (the PNG spec's advice for indexed images)
 * deflated at a low level, where a flat drawing already compresses well.
 */
import { zlibSync } from 'fflate';
import { indexed, type FramePalette } from './framePalette';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** fflate's level 3: on a 1920 px lab slide about half the time of level 6 for a file 1 % larger (measured with bench/exports.ts's frames). */
const LEVEL = 3;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

export function indexedPng(rgba: Uint8ClampedArray, width: number, height: number, palette: FramePalette): Uint8Array {
  const pixels = indexed(rgba, palette);
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 3, 0, 0, 0], 8); // depth 8, colour type 3 (indexed), deflate, adaptive filtering, no interlace
  const plte = new Uint8Array(palette.colours.length * 3);
  palette.colours.forEach((c, i) => plte.set([c[0]!, c[1]!, c[2]!], i * 3));
  // Each scanline starts with its filter type, 0 (none).
  const lines = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y++) lines.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  const parts = [new Uint8Array(SIGNATURE), chunk('IHDR', header), chunk('PLTE', plte), chunk('IDAT', zlibSync(lines, { level: LEVEL })), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
