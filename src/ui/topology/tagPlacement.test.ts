import { describe, expect, it } from 'vitest';
import type { Box } from './layout';
import { placeTag } from './tagPlacement';

const bounds: Box = { x: 0, y: 0, w: 1000, h: 600 };
const tag = { w: 120, h: 30 };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('placeTag', () => {
  it('puts the tag right of the acting element when nothing is there', () => {
    const acting = { x: 100, y: 100, w: 200, h: 28 };
    expect(placeTag(acting, tag, [{ x: 110, y: 104, w: 80, h: 20 }], bounds)).toMatchObject({ x: 304, y: 99 });
  });

  it('goes left where the right side passes the drawing’s edge, the rightmost node', () => {
    const acting = { x: 800, y: 100, w: 190, h: 28 };
    const placed = placeTag(acting, tag, [], bounds);
    expect(placed.x + placed.w).toBeLessThanOrEqual(acting.x);
  });

  it('never covers a neighbour’s text: the rightmost node’s layer beside the next node’s ens18 address moves a row off', () => {
    const acting = { x: 800, y: 100, w: 190, h: 28 };
    const address = { x: 700, y: 98, w: 90, h: 24 }; // node-2's ens18 IP, just left of the Windows node
    const layerName = { x: 810, y: 104, w: 170, h: 20 }; // VNET_ENCAP_LAYER, the acting layer's own name
    const placed = placeTag(acting, tag, [address, layerName], bounds);
    expect(overlaps(placed, address)).toBe(false);
    expect(overlaps(placed, layerName)).toBe(false);
    expect(placed.x + placed.w).toBeLessThanOrEqual(bounds.w);
  });

  it('does not cover the pod beside it (web’s vNIC next to iis’s vNIC): left of it instead', () => {
    const webVnic = { x: 400, y: 200, w: 130, h: 28 };
    const iisVnic = { x: 546, y: 204, w: 45, h: 20 };
    const placed = placeTag(webVnic, { w: 56, h: 30 }, [{ x: 410, y: 204, w: 45, h: 20 }, iisVnic], bounds);
    expect(overlaps(placed, iisVnic)).toBe(false);
    expect(placed.x + placed.w).toBeLessThanOrEqual(webVnic.x);
  });

  it('inside the element’s free right end when both sides are text', () => {
    const acting = { x: 400, y: 200, w: 300, h: 40 };
    const labels = [
      { x: 410, y: 205, w: 100, h: 20 },
      { x: 200, y: 100, w: 196, h: 300 },
      { x: 704, y: 100, w: 200, h: 300 },
    ];
    const placed = placeTag(acting, tag, labels, bounds);
    expect(placed.x).toBeGreaterThan(acting.x);
    expect(placed.x + placed.w).toBeLessThan(acting.x + acting.w);
    for (const l of labels) expect(overlaps(placed, l)).toBe(false);
  });

  it('when every spot covers text, takes the one covering least and stays in the drawing', () => {
    const acting = { x: 400, y: 200, w: 100, h: 28 };
    const everywhere = [{ x: 0, y: 0, w: 1000, h: 600 }];
    const placed = placeTag(acting, tag, everywhere, bounds);
    expect(placed.x).toBeGreaterThanOrEqual(0);
    expect(placed.x + placed.w).toBeLessThanOrEqual(bounds.w);
  });
});
