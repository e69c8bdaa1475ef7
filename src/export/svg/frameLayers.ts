/**
 * An animation's frames (GIF, slides, WebM) as two layers of the vector
 * drawing: a base that no step changes (background, title, the machines
 * unmarked, networks and links), rasterised once, and per step an overlay
 * on a transparent ground with only what the step changes: its caption, the
 * elements it marks (acting, visited) drawn again with their marks, the
 * trail, the packet and the inspector. Base + overlay shows what
 * renderDiagramSvg draws for that step (up to the anti-aliasing of a
 * redrawn outline), and a frame costs the raster of a few shapes instead of
 * the whole diagram. Every frame has one size: the caption keeps room for
 * its longest form and the height is the tallest step's.
 */
import type { Box } from '../../ui/topology/layout';
import type { FrameMarks } from './diagramState';
import { diagramScene, PAD, stepParts, svgRoot, type DiagramInput, type Scene, type SvgOptions } from './renderSvg';
import { drawOrder, topologySvg } from './topologySvg';
import { el } from './xml';

export interface FrameLayers {
  /** Output size in px, the same for every frame. */
  width: number;
  height: number;
  base: string;
  overlay(position: number): string;
}

/** How far a mark reaches outside its element's box (the acting part's halo and its stroke). */
const MARK_REACH = 6;

const overlaps = (a: Box, b: Box, reach: number) => a.x < b.x + b.w + reach && b.x - reach < a.x + a.w && a.y < b.y + b.h + reach && b.y - reach < a.y + a.h;

/**
 * The machines and parts an overlay draws: the marked ones, and every shape
 * drawn after one of them that it touches (its parts, a neighbour under its
 * halo), so the overlay covers them in the order the full drawing does.
 */
export function redrawn(s: Scene, marks: FrameMarks): Set<string> {
  const marked = new Set(marks.visited);
  if (marks.active) marked.add(marks.active);
  const boxes: Box[] = [];
  const out = new Set<string>();
  for (const p of drawOrder(s.layout)) {
    if (!marked.has(p.element.id) && !boxes.some((b) => overlaps(b, p.abs, MARK_REACH))) continue;
    out.add(p.element.id);
    boxes.push(p.abs);
  }
  return out;
}

const UNMARKED: Omit<FrameMarks, 'items' | 'visible'> = { active: null, visited: new Set(), trail: [] };

export function frameLayers(input: DiagramInput, positions: readonly number[], options: SvgOptions): FrameLayers {
  const s = diagramScene(input, { ...options, fixedCaption: true });
  const steps = new Map(positions.map((at) => [at, stepParts(s, at)]));
  const first = stepParts(s, positions[0] ?? -1);
  const height = Math.ceil(Math.max(first.bottom, ...[...steps.values()].map((p) => p.bottom)) + PAD);
  const root = svgRoot(s, height);
  // With a fixed caption the topology sits at one height on every step.
  const place = (shapes: string) => el('g', { transform: `translate(${PAD} ${first.top})` }, [shapes]);
  const base = [
    root.open,
    el('rect', { width: '100%', height: '100%', fill: s.pal.background }),
    ...s.title,
    ...first.others,
    place(topologySvg(s.input.topology, s.layout, { ...first.marks, ...UNMARKED }, -1, s.pal, s.o.t)),
    '</svg>',
  ].join('\n');
  return {
    width: root.width,
    height: root.height,
    base,
    overlay(position) {
      const p = steps.get(position) ?? stepParts(s, position);
      const top = place(topologySvg(s.input.topology, s.layout, p.marks, position, s.pal, s.o.t, redrawn(s, p.marks)));
      return [root.open, ...p.caption, top, ...(p.inspector ? [p.inspector] : []), '</svg>'].join('\n');
    },
  };
}
