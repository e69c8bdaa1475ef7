/**
 * Where the packet's tag goes next to the acting element, in flow units: the
 * first free spot among right of it, left of it, inside its right end, then
 * right or left a row or two up or down. Free means inside the drawing and
 * over no label's text (the acting element's own name included), so the tag
 * never hides a neighbour's address or name (node-2's ens18 IP, iis's vNIC).
 * When no spot is free, the one covering the least text.
 */
import type { Box } from './layout';

const GAP = 4;
/** How many rows up and down the tag may move when both sides of the element are taken. */
const SHIFTS = 3;

function overlapArea(a: Box, b: Box): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** The candidate spots, in order of preference: beside the element first, then inside it, then a row off. */
function candidates(acting: Box, tag: { w: number; h: number }): Box[] {
  const y = acting.y + acting.h / 2 - tag.h / 2;
  const right = acting.x + acting.w + GAP;
  const left = acting.x - GAP - tag.w;
  const inside = acting.x + acting.w - GAP - tag.w;
  const at = (x: number, dy = 0): Box => ({ x, y: y + dy, w: tag.w, h: tag.h });
  const out = [at(right), at(left), at(inside)];
  for (let k = 1; k <= SHIFTS; k++) {
    const step = k * (tag.h + GAP);
    out.push(at(right, step), at(left, step), at(right, -step), at(left, -step));
  }
  return out;
}

/**
 * The tag's box for an acting element `acting`, a tag of size `tag`, the
 * labels' text boxes `labels` and the drawing `bounds` (all in flow units).
 */
export function placeTag(acting: Box, tag: { w: number; h: number }, labels: readonly Box[], bounds: Box): Box {
  const inside = (b: Box) => b.x >= bounds.x && b.y >= bounds.y && b.x + b.w <= bounds.x + bounds.w && b.y + b.h <= bounds.y + bounds.h;
  const covered = (b: Box) => labels.reduce((sum, l) => sum + overlapArea(b, l), 0);
  const spots = candidates(acting, tag).filter(inside);
  const free = spots.find((b) => covered(b) === 0);
  if (free) return free;
  const all = spots.length > 0 ? spots : candidates(acting, tag).slice(0, 1);
  return all.reduce((best, b) => (covered(b) < covered(best) ? b : best));
}
