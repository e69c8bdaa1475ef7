/**
 * The vector drawing of one step: a caption (the flow, then the step and its
 * sentence in the current language), the topology with the packet and its
 * trail, and optionally the inspector (the rule and the headers before →
 * after). A pure function of the trace and the topology: the SVG export, and
 * every frame of the GIF, the slides and the WebM, are made from it. Text is
 * SVG text; nothing active (no script, no event attributes, no HTML) is
 * written, and every string from data is escaped (xml.ts).
 */
import type { TFunction } from 'i18next';
import { layoutTopology, type TopologyLayout } from '../../ui/topology/layout';
import type { Step } from '../../engine/index';
import { flowTitle } from '../../ui/share/flowTitle';
import { explainText } from '../../traceViews/stepText';
import { frameMarks, touchedMachines, type DiagramInput, type FrameMarks } from './diagramState';
import { focusTopology } from './focus';
import { INSPECTOR_W, inspectorSvg } from './inspectorSvg';
import { palette, type Palette, type Theme } from './palette';
import { BOLD, FONT, wrapText } from './textFit';
import { topologySvg } from './topologySvg';
import { el, escapeXml, text } from './xml';

export type { DiagramInput } from './diagramState';

export interface SvgOptions {
  t: TFunction;
  language: string;
  theme: Theme;
  /** Add the inspector (rule, headers before → after) on the right. */
  inspector: boolean;
  /** Draw only the machines the flow touches; the other nodes are named on one line. */
  focus?: boolean;
  /** Width of the picture in px (the drawing scales); default its natural size. */
  width?: number;
  /** Keep room for the longest caption on every step, so all frames of an animation have one size. */
  fixedCaption?: boolean;
  /** Leave out the title and the step caption (a page that shows them itself: the embed). */
  bare?: boolean;
}

/** A drawing and where its parts are, in its own units (the viewBox). */
export interface Diagram {
  svg: string;
  width: number;
  height: number;
  /** The box of the element the step acts on, if it is drawn. */
  active?: { x: number; y: number; w: number; h: number };
}

export const PAD = 16;
const TITLE_SIZE = 22;
const CAPTION_SIZE = 19;
const CAPTION_LINES = 3;

/**
 * Where a step happened, by the names it happened at only (node; nftables
 * table and chain, or interface, VFP layer and port, or pod): identifiers
 * read the same in every language. The route table's name is left out.
 */
function stepPlace(step: Step): string {
  const { table, chain, layer } = step.at;
  return [step.node, ...(table && chain ? [`${table} ${chain}`] : [layer, chain])].filter(Boolean).join(' · ');
}

export function renderDiagramSvg(input: DiagramInput, position: number, o: SvgOptions): string {
  return renderDiagram(input, position, o).svg;
}

/** What every step of one drawing shares: the machines drawn, their layout, the title (computed once for an animation's frames). */
export interface Scene {
  o: SvgOptions;
  pal: Palette;
  input: DiagramInput;
  collapsed: string[];
  layout: TopologyLayout;
  /** The drawing's width in its own units. */
  width: number;
  titleLine: string;
  /** The title's lines, drawn. */
  title: string[];
  /** Where the caption starts. */
  captionTop: number;
}

export function diagramScene(input: DiagramInput, o: SvgOptions): Scene {
  const focused = o.focus ? focusTopology(input.topology, touchedMachines(input)) : { topology: input.topology, collapsed: [] };
  const layout = layoutTopology(focused.topology);
  const pal = palette(o.theme);
  const width = layout.width + 2 * PAD + (o.inspector ? INSPECTOR_W : 0);
  const titleLine = flowTitle(input.trace);
  const title: string[] = [];
  let y = PAD;
  for (const line of o.bare ? [] : wrapText(titleLine, width - 2 * PAD, TITLE_SIZE * BOLD, 'sans', 2)) {
    y += TITLE_SIZE + 6;
    title.push(text(line, { x: PAD, y, 'font-family': FONT.sans, 'font-size': TITLE_SIZE, 'font-weight': 'bold', fill: pal.text }));
  }
  if (!o.bare) y += 8;
  return { o, pal, input: { ...input, topology: focused.topology }, collapsed: focused.collapsed, layout, width, titleLine, title, captionTop: y };
}

/** One step of a scene: its caption, where the topology sits, the marks on it, the inspector. */
export interface StepParts {
  marks: FrameMarks;
  captionLines: string[];
  caption: string[];
  /** The line naming the machines left out (a focused drawing). */
  others: string[];
  /** Top of the topology. */
  top: number;
  /** Bottom of everything drawn. */
  bottom: number;
  inspector?: string;
}

export function stepParts(s: Scene, position: number): StepParts {
  const { o, pal, layout } = s;
  const marks = frameMarks(s.input, layout, position);
  const step = marks.items[position]?.step;
  const captionLines = step && !o.bare ? wrapText(o.t('classroom.export.stepCaption', { index: marks.visible.indexOf(position) + 1, count: marks.visible.length, where: stepPlace(step), text: explainText(o.t, step) }), s.width - 2 * PAD, CAPTION_SIZE, 'sans', CAPTION_LINES) : [];
  const caption: string[] = [];
  let y = s.captionTop;
  for (const line of captionLines) {
    y += CAPTION_SIZE + 6;
    caption.push(text(line, { x: PAD, y, 'font-family': FONT.sans, 'font-size': CAPTION_SIZE, fill: pal.text, 'data-part': 'caption' }));
  }
  if (o.fixedCaption) y += (CAPTION_LINES - captionLines.length) * (CAPTION_SIZE + 6);
  // Room above the drawing for the packet's tag on a top row.
  const top = y + (o.bare ? 24 : PAD + 24);
  // The layout keeps a row for outside hosts; a focused drawing may have none.
  let bottom = top + Math.max(0, ...layout.placed.map((p) => p.abs.y + p.abs.h));
  const others: string[] = [];
  if (s.collapsed.length > 0) {
    bottom += 36;
    others.push(text(o.t('classroom.export.otherNodes', { names: s.collapsed.join(', ') }), { x: PAD, y: bottom - 8, 'font-family': FONT.sans, 'font-size': 16, fill: pal.muted }));
  }
  if (!o.inspector) return { marks, captionLines, caption, others, top, bottom };
  const panel = inspectorSvg(step, layout.width + 2 * PAD, top - PAD, pal, o.t);
  return { marks, captionLines, caption, others, top, bottom: Math.max(bottom, top - PAD + panel.h), inspector: panel.svg };
}

/** The root element for a drawing `height` units high, at the scene's output width. */
export function svgRoot(s: Scene, height: number): { open: string; width: number; height: number } {
  const width = s.o.width ?? s.width;
  const outH = Math.round((height * width) / s.width);
  return { open: `<svg xmlns="http://www.w3.org/2000/svg" xml:lang="${escapeXml(s.o.language)}" width="${width}" height="${outH}" viewBox="0 0 ${Math.ceil(s.width)} ${height}" role="img">`, width, height: outH };
}

export function renderDiagram(input: DiagramInput, position: number, o: SvgOptions): Diagram {
  const s = diagramScene(input, o);
  const p = stepParts(s, position);
  const height = Math.ceil(p.bottom + PAD);
  const at = p.marks.active ? s.layout.byId.get(p.marks.active)?.abs : undefined;
  const svg = [
    svgRoot(s, height).open,
    `<title>${escapeXml([s.titleLine, ...p.captionLines].join(' — '))}</title>`,
    el('rect', { width: '100%', height: '100%', fill: s.pal.background }),
    ...s.title,
    ...p.caption,
    ...p.others,
    el('g', { transform: `translate(${PAD} ${p.top})` }, [topologySvg(s.input.topology, s.layout, p.marks, position, s.pal, o.t)]),
    ...(p.inspector ? [p.inspector] : []),
    '</svg>',
  ].join('\n');
  return { svg, width: Math.ceil(s.width), height, ...(at ? { active: { x: at.x + PAD, y: at.y + p.top, w: at.w, h: at.h } } : {}) };
}
