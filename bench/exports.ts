/**
 * Export times and sizes for the lab flow (pod demo/web → ClusterIP
 * demo/hello, 20 summary steps with the reply), for `npm run bench`: the
 * vector SVG of every step (diagram, and with the inspector), Markdown and
 * Mermaid, then the GIF (960 px) and the slides (1920 px, indexed PNG) with
 * the app's own frames (a base layer and a per-step overlay) and encoders. Node has no canvas: frames are rasterised by
 * rsvg-convert, whose wall time is printed on its own; the other times are
 * CPU time of this process. The WebM needs WebCodecs: e2e/exports.spec.ts
 * measures it in Chromium.
 */
import { spawnSync } from 'node:child_process';
import { decode } from 'fast-png';
import { zipSync } from 'fflate';
import { formatTraceMarkdown, formatTraceMermaid } from '../src/traceViews/index';
import { frameLayers } from '../src/export/svg/frameLayers';
import { renderDiagramSvg, type SvgOptions } from '../src/export/svg/renderSvg';
import { labFlow } from '../src/export/testing/labFlow';
import { createI18n } from '../src/i18n/index';
import { playItems, visiblePositions } from '../src/state/trace/playback';
import { GIF_WIDTH, SLIDE_WIDTH } from '../src/ui/export/sizes';
import { framePalette } from '../src/ui/export/framePalette';
import { encodeGif } from '../src/ui/export/gif';
import { indexedPng } from '../src/ui/export/indexedPng';

interface Target {
  name: string;
  value: number;
  limit: number;
  unit: string;
}

const cpuMs = (): number => (process.cpuUsage().user + process.cpuUsage().system) / 1000;
const round = (n: number): number => Math.round(n * 10) / 10;

/** RGBA pixels of an SVG by rsvg-convert (the stand-in for the browser's canvas), and the wall time it took. */
function rasterise(svg: string): { rgba: Uint8ClampedArray; width: number; height: number; ms: number } {
  const t0 = performance.now();
  const r = spawnSync('rsvg-convert', ['--format', 'png'], { input: svg, maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`rsvg-convert: ${r.stderr}`);
  const png = decode(r.stdout);
  const rgba = new Uint8ClampedArray(png.width * png.height * 4);
  // rsvg-convert writes RGBA; keep the layout the canvas gives.
  if (png.channels === 4) rgba.set(png.data as Uint8Array);
  else for (let p = 0; p < png.width * png.height; p++) rgba.set([png.data[p * 3]!, png.data[p * 3 + 1]!, png.data[p * 3 + 2]!, 255], p * 4);
  return { rgba, width: png.width, height: png.height, ms: performance.now() - t0 };
}

export async function measureExports(): Promise<Target[]> {
  const input = labFlow();
  const positions = visiblePositions(playItems(input.trace, input.locations), 'summary');
  const t = createI18n('en').t;
  const base: SvgOptions = { t, language: 'en', theme: 'light', inspector: false };
  const svgs = (o: Partial<SvgOptions>) => positions.map((at) => renderDiagramSvg(input, at, { ...base, ...o }));

  let t0 = cpuMs();
  const diagram = svgs({});
  const svgMs = (cpuMs() - t0) / positions.length;
  const withInspector = svgs({ inspector: true });
  const svgKB = Math.max(...withInspector.map((s) => s.length)) / 1024;

  t0 = cpuMs();
  const tr = (key: string, params: Record<string, string | number>) => t(key, params);
  const markdown = formatTraceMarkdown(input.trace, { t: tr });
  const mermaid = formatTraceMermaid(input.trace, { t: tr });
  const textMs = cpuMs() - t0;

  let rasterMs = 0;
  let layerMs = 0;
  /** The app's frames: the base layer rasterised once, each step's overlay composited over it ("over", in JS here). */
  const frames = (o: Partial<SvgOptions>) => {
    const t1 = cpuMs();
    const layers = frameLayers(input, positions, { ...base, ...o });
    const overlays = positions.map((at) => layers.overlay(at));
    layerMs += cpuMs() - t1;
    const under = rasterise(layers.base);
    rasterMs += under.ms;
    return overlays.map((svg) => {
      const top = rasterise(svg);
      rasterMs += top.ms;
      const t2 = cpuMs();
      const rgba = new Uint8ClampedArray(under.rgba);
      for (let k = 0; k < rgba.length; k += 4) {
        const a = top.rgba[k + 3]! / 255;
        if (a > 0) for (let c = 0; c < 3; c++) rgba[k + c] = top.rgba[k + c]! * a + under.rgba[k + c]! * (1 - a);
      }
      layerMs += cpuMs() - t2;
      return { rgba, width: top.width, height: top.height };
    });
  };
  const gifFrames = frames({ focus: true, width: GIF_WIDTH });
  t0 = cpuMs();
  const gif = await encodeGif(gifFrames.map((f) => ({ rgba: f.rgba, delayMs: 1000 })), gifFrames[0]!.width, gifFrames[0]!.height);
  const gifMs = cpuMs() - t0;

  const gifLayerMs = layerMs;
  const slideFrames = frames({ width: SLIDE_WIDTH });
  const slideLayerMs = layerMs - gifLayerMs;
  t0 = cpuMs();
  const palette = framePalette([slideFrames[0]!.rgba, slideFrames.at(-1)!.rgba]);
  const slides = zipSync(Object.fromEntries(slideFrames.map((f, i) => [`step-${i + 1}.png`, indexedPng(f.rgba, f.width, f.height, palette)])), { level: 0 });
  const slidesMs = cpuMs() - t0;

  console.log(
    `exports of the lab flow (${positions.length} steps): SVG ${round(svgMs)} ms per step, ${round(diagram[0]!.length / 1024)} kB (with inspector up to ${round(svgKB)} kB); ` +
      `Markdown ${round(markdown.length / 1024)} kB + Mermaid ${round(mermaid.length / 1024)} kB in ${round(textMs)} ms; ` +
      `GIF ${GIF_WIDTH} px ${round(gif.length / 1024)} kB, encoded in ${Math.round(gifMs)} ms; slides ${round(slides.length / 1024)} kB, encoded in ${Math.round(slidesMs)} ms; ` +
      `layers (SVG overlays and compositing) ${Math.round(layerMs)} ms; rasterising ${gifFrames.length + slideFrames.length + 2} layers (rsvg-convert, wall) ${Math.round(rasterMs)} ms; WebM: see e2e/exports.spec.ts`,
  );
  return [
    { name: 'lab SVG with inspector, largest step', value: round(svgKB), limit: 200, unit: 'kB' },
    { name: 'lab SVG, render per step', value: round(svgMs), limit: 50, unit: 'ms' },
    { name: `lab GIF at ${GIF_WIDTH} px`, value: round(gif.length / 1048576), limit: 3, unit: 'MB' },
    { name: 'lab GIF, encoding (CPU)', value: Math.round(gifMs), limit: 3000, unit: 'ms' },
    { name: 'lab slides zip', value: round(slides.length / 1048576), limit: 5, unit: 'MB' },
    { name: 'lab slides, layers + encoding (CPU, rasterising aside)', value: Math.round(slidesMs + slideLayerMs), limit: 5000, unit: 'ms' },
  ];
}
