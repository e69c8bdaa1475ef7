import { execFileSync } from 'node:child_process';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/index';
import { playItems, visiblePositions } from '../../state/trace/playback';
import { toolOrSkip } from '../../testing/tools';
import { labFlow } from '../testing/labFlow';
import { frameLayers } from './frameLayers';
import { renderDiagramSvg, type SvgOptions } from './renderSvg';

const RSVG = toolOrSkip('rsvg-convert', 'librsvg2-bin');
const input = labFlow();
const visible = visiblePositions(playItems(input.trace, input.locations), 'summary');
const options: SvgOptions = { t: createI18n('en').t, language: 'en', theme: 'light', inspector: false, focus: true, fixedCaption: true, width: 640 };

/** RGBA pixels of an SVG by librsvg. */
function raster(svg: string): Uint8Array {
  const png = decode(execFileSync(RSVG!, ['--format', 'png'], { input: svg }));
  expect(png.channels).toBe(4);
  return png.data as Uint8Array;
}

describe('animation frames as a base and a per-step overlay', () => {
  const layers = frameLayers(input, visible, options);

  it('keeps the step out of the base and only the step in the overlay', () => {
    const encap = visible.find((p) => playItems(input.trace, input.locations)[p]!.step.at.layer === 'VNET_ENCAP_LAYER')!;
    expect(layers.base).not.toMatch(/data-active|data-testid="packet"|data-part="caption"|<polyline/);
    const overlay = layers.overlay(encap);
    expect(overlay).toMatch(/data-active="true"/);
    expect(overlay).toContain('data-testid="packet"');
    expect(overlay).toContain('Step 6 of 20');
    // No background and no networks: the base shows through.
    expect(overlay).not.toMatch(/height="100%"|data-element="net:/);
    expect(overlay.length).toBeLessThan(layers.base.length / 2);
  });

  it.skipIf(!RSVG)('composited, gives the pixels of the whole drawing of the step (anti-aliased edges aside)', () => {
    const base = raster(layers.base);
    for (const at of [visible[0]!, visible[5]!, visible[12]!, visible.at(-1)!]) {
      const whole = raster(renderDiagramSvg(input, at, options));
      const top = raster(layers.overlay(at));
      expect(top.length).toBe(whole.length);
      let differing = 0;
      for (let k = 0; k < whole.length; k += 4) {
        const a = top[k + 3]! / 255;
        // "Over": the overlay's (non-premultiplied) colour over the opaque base.
        const worst = Math.max(...[0, 1, 2].map((c) => Math.abs(top[k + c]! * a + base[k + c]! * (1 - a) - whole[k + c]!)));
        if (worst > 48) differing++;
      }
      expect(differing / (whole.length / 4)).toBeLessThan(0.002);
    }
  });
});
