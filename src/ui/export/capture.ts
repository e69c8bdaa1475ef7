/**
 * Pictures of the view: the given elements (the topology, and side by side's
 * wire stacks) stacked under a caption, as SVG (the elements as
 * foreignObject under SVG text, so the addresses stay text) or as a canvas
 * (PNG frames, pixel ratio 2 by default), in the current theme's colours.
 * html-to-image does the DOM → image step.
 */
import { toCanvas, toSvg } from 'html-to-image';
import { stripActiveContent } from './sanitizeSvg';

export interface Look {
  background: string;
  foreground: string;
}

const CAPTION_FONT = 20;
const LINE = 28;
const PAD = 16;

/**
 * The computed styles copied into the picture. html-to-image copies every
 * property by default (~400 per element, seconds per frame on a topology);
 * these are the ones the topology and the wire stacks use.
 */
const STYLE_PROPERTIES = [
  'display', 'position', 'top', 'right', 'bottom', 'left', 'z-index', 'box-sizing', 'overflow', 'overflow-x', 'overflow-y', 'visibility', 'opacity',
  'width', 'height', 'min-width', 'min-height', 'max-width', 'max-height',
  'margin-top', 'margin-right', 'margin-bottom', 'margin-left', 'padding-top', 'padding-right', 'padding-bottom', 'padding-left',
  'border-top-width', 'border-right-width', 'border-bottom-width', 'border-left-width',
  'border-top-style', 'border-right-style', 'border-bottom-style', 'border-left-style',
  'border-top-color', 'border-right-color', 'border-bottom-color', 'border-left-color',
  'border-top-left-radius', 'border-top-right-radius', 'border-bottom-right-radius', 'border-bottom-left-radius',
  'outline-width', 'outline-style', 'outline-color', 'outline-offset', 'box-shadow',
  'background-color', 'background-image', 'background-size', 'background-position', 'background-repeat', 'color',
  'font-family', 'font-size', 'font-weight', 'font-style', 'line-height', 'letter-spacing', 'text-align', 'text-transform', 'text-decoration-line',
  'white-space', 'word-break', 'overflow-wrap', 'text-overflow', 'vertical-align',
  'flex-direction', 'flex-wrap', 'flex-grow', 'flex-shrink', 'flex-basis', 'align-items', 'align-self', 'justify-content', 'row-gap', 'column-gap',
  'grid-template-columns', 'grid-template-rows', 'grid-column-start', 'grid-column-end', 'grid-row-start', 'grid-row-end',
  'transform', 'transform-origin', 'translate', 'scale', 'rotate', 'fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-opacity', 'stroke-linecap', 'stroke-linejoin',
];

/** The zoom buttons are controls, not part of the picture. */
const keep = (node: HTMLElement) => !(node.classList && node.classList.contains('react-flow__controls'));

const SVG_PAINT = ['stroke', 'stroke-width', 'stroke-dasharray', 'stroke-opacity', 'fill', 'fill-opacity', 'opacity'];

/**
 * html-to-image clones `<svg>` subtrees as they are, without their computed
 * styles, so the edges (stroked by xyflow's stylesheet) would vanish. This
 * inlines the paint of every SVG shape for the time of `work`, then puts the
 * inline styles back.
 */
async function withInlineSvgPaint<T>(elements: readonly HTMLElement[], work: () => Promise<T>): Promise<T> {
  const shapes = elements.flatMap((el) => [...el.querySelectorAll<SVGElement>('svg *')]);
  const saved = shapes.map((shape) => shape.getAttribute('style'));
  for (const shape of shapes) {
    const computed = getComputedStyle(shape);
    for (const name of SVG_PAINT) shape.style.setProperty(name, computed.getPropertyValue(name));
  }
  try {
    return await work();
  } finally {
    shapes.forEach((shape, i) => (saved[i] === null ? shape.removeAttribute('style') : shape.setAttribute('style', saved[i]!)));
  }
}

const captionHeight = (lines: readonly string[]) => PAD + lines.length * LINE + PAD / 2;

const xml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** An SVG document: caption lines as `<text>`, then each element as a nested `<svg>` with its foreignObject. */
export async function captureSvg(elements: readonly HTMLElement[], caption: readonly string[], look: Look): Promise<string> {
  const parts: { svg: Element; w: number; h: number }[] = [];
  for (const el of elements) {
    const url = await withInlineSvgPaint([el], () => toSvg(el, { backgroundColor: look.background, filter: keep, skipFonts: true, includeStyleProperties: STYLE_PROPERTIES }));
    const text = decodeURIComponent(url.slice(url.indexOf(',') + 1));
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const svg = stripActiveContent(doc.documentElement);
    parts.push({ svg, w: Number(svg.getAttribute('width')) || el.offsetWidth, h: Number(svg.getAttribute('height')) || el.offsetHeight });
  }
  const width = Math.max(640, ...parts.map((p) => p.w));
  let y = captionHeight(caption);
  const body: string[] = [];
  for (const p of parts) {
    p.svg.setAttribute('x', '0');
    p.svg.setAttribute('y', String(y));
    body.push(new XMLSerializer().serializeToString(p.svg));
    y += p.h;
  }
  const lines = caption.map((line, i) => `<text x="${PAD}" y="${PAD + (i + 1) * LINE - 8}" font-family="system-ui, sans-serif" font-size="${CAPTION_FONT}" fill="${look.foreground}"${i === 0 ? ' font-weight="bold"' : ''}>${xml(line)}</text>`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${y}" viewBox="0 0 ${width} ${y}">`,
    `<title>${xml(caption.join(' — '))}</title>`,
    `<rect width="100%" height="100%" fill="${look.background}"/>`,
    ...lines,
    ...body,
    '</svg>',
  ].join('\n');
}

/** A canvas of the caption and the elements at `pixelRatio` (2: crisp on projectors and in slides). */
export async function captureCanvas(elements: readonly HTMLElement[], caption: readonly string[], look: Look, pixelRatio = 2): Promise<HTMLCanvasElement> {
  const shots: HTMLCanvasElement[] = [];
  for (const el of elements) shots.push(await withInlineSvgPaint([el], () => toCanvas(el, { backgroundColor: look.background, filter: keep, skipFonts: true, includeStyleProperties: STYLE_PROPERTIES, pixelRatio })));
  const top = Math.round(captionHeight(caption) * pixelRatio);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(640 * pixelRatio, ...shots.map((s) => s.width));
  canvas.height = top + shots.reduce((h, s) => h + s.height, 0);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
  ctx.fillStyle = look.background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = look.foreground;
  caption.forEach((line, i) => {
    ctx.font = `${i === 0 ? 'bold ' : ''}${CAPTION_FONT * pixelRatio}px system-ui, sans-serif`;
    ctx.fillText(line, PAD * pixelRatio, (PAD + (i + 1) * LINE - 8) * pixelRatio, canvas.width - 2 * PAD * pixelRatio);
  });
  let y = top;
  for (const s of shots) {
    ctx.drawImage(s, 0, y);
    y += s.height;
  }
  return canvas;
}

export function canvasBlob(canvas: HTMLCanvasElement, type = 'image/png'): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the canvas gave no image'))), type));
}
