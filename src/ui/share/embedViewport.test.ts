import { describe, expect, it } from 'vitest';
import { embedViewBox } from './embedViewport';

describe('embed viewport', () => {
  it('shows the whole drawing when it fits at scale 1 or more', () => {
    expect(embedViewBox({ width: 320, height: 180 }, { w: 640, h: 360 })).toEqual({ x: 0, y: 0, w: 320, h: 180 });
  });

  it('keeps scale 1 and centres on the acting element when the drawing is larger than the frame', () => {
    const v = embedViewBox({ width: 860, height: 800, active: { x: 400, y: 300, w: 280, h: 28 } }, { w: 640, h: 280 });
    expect(v.w).toBe(640);
    expect(v.h).toBe(280);
    expect(v.x + v.w / 2).toBe(540);
    expect(v.y + v.h / 2).toBe(314);
  });

  it('stays inside the drawing near its edges', () => {
    expect(embedViewBox({ width: 860, height: 800, active: { x: 10, y: 780, w: 20, h: 20 } }, { w: 480, h: 200 })).toEqual({ x: 0, y: 600, w: 480, h: 200 });
  });
});
