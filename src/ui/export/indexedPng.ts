/**
 * A PNG with a colour table (8-bit indexed, fast-png): a flat diagram keeps
 * its look in 255 colours and the file is a fraction of a true-colour PNG,
 * which keeps a deck of slides small.
 */
import { encode } from 'fast-png';
import { indexed, type FramePalette } from './framePalette';

export function indexedPng(rgba: Uint8ClampedArray, width: number, height: number, palette: FramePalette): Uint8Array {
  return encode({ width, height, data: indexed(rgba, palette), depth: 8, channels: 1, palette: palette.colours.map(([r, g, b]) => [r!, g!, b!]) });
}
