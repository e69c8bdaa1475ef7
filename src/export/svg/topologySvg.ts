/**
 * The topology as SVG shapes and text, placed by the page's own layout
 * (src/ui/topology/layout.ts): machines, their parts, the networks, the
 * links, then the packet's trail and the packet itself on top. Labels that
 * do not fit are cut with an ellipsis; the whole label is in the element's
 * `<title>`, so every name and address stays searchable text.
 */
import type { TFunction } from 'i18next';
import type { TopoElement, Topology } from '../../engine/index';
import { packetLabel } from '../../ui/topology/packetLabel';
import type { Box, PlacedElement, TopologyLayout } from '../../ui/topology/layout';
import type { PlayItem } from '../../state/trace/playback';
import type { FrameMarks } from './diagramState';
import type { Palette } from './palette';
import { BOLD, FONT, fitText, textWidth, type FontKind } from './textFit';
import { el, text, title } from './xml';

interface Label {
  content: string;
  x: number;
  y: number;
  size: number;
  kind: FontKind;
  width: number;
  fill: string;
  bold?: boolean;
  anchor?: 'end';
}

function label(l: Label): string {
  return text(fitText(l.content, l.width, l.bold ? l.size * BOLD : l.size, l.kind), {
    x: l.x,
    y: l.y,
    'font-family': FONT[l.kind],
    'font-size': l.size,
    'font-weight': l.bold ? 'bold' : undefined,
    'text-anchor': l.anchor === 'end' ? 'end' : undefined,
    fill: l.fill,
    // Monospaced labels are names (`ip route`, `demo/hello`, `SLB_NAT_LAYER`): identifiers, as on the page.
    translate: l.kind === 'mono' ? 'no' : undefined,
  });
}

const CONTAINERS = new Set(['pod', 'compartment', 'vswitch']);

/** A pod by its name (the namespace is in the title), an nft table without its family. */
function shortLabel(e: TopoElement): string {
  if (e.role === 'pod' || e.role === 'compartment') return e.label.slice(e.label.indexOf('/') + 1);
  if (e.role === 'nft') return e.label.replace(/^ip /, '');
  return e.label;
}

function machine(e: TopoElement, b: Box, marks: FrameMarks, pal: Palette, t: TFunction): string {
  const paint = pal.machine(e.os, e.role);
  const kind = e.role === 'node' ? t(`os.${e.os ?? 'linux'}`) : t(`topology.role.${e.role}`);
  const kindWidth = textWidth(kind, 16, 'sans');
  return el('g', { 'data-element': e.id, 'data-active': marks.active === e.id ? 'true' : undefined }, [
    title(e.detail ? `${e.label} (${kind}) ${e.detail}` : `${e.label} (${kind})`),
    el('rect', { x: b.x, y: b.y, width: b.w, height: b.h, rx: 12, fill: paint.fill, stroke: marks.active === e.id ? pal.active.stroke : paint.stroke, 'stroke-width': marks.active === e.id ? 4 : 2 }),
    label({ content: e.label, x: b.x + 12, y: b.y + 30, size: 20, kind: 'mono', width: b.w - 36 - kindWidth, fill: pal.text, bold: true }),
    label({ content: kind, x: b.x + b.w - 12, y: b.y + 30, size: 16, kind: 'sans', width: kindWidth, fill: pal.muted, anchor: 'end' }),
    ...(e.detail ? [label({ content: e.detail, x: b.x + 12, y: b.y + 54, size: 16, kind: 'mono', width: b.w - 24, fill: pal.muted })] : []),
  ]);
}

function part(e: TopoElement, b: Box, marks: FrameMarks, pal: Palette): string {
  const active = marks.active === e.id;
  const paint = active ? pal.active : pal.part(e.role);
  const small = e.role === 'veth';
  const pad = small ? 4 : 8;
  const shapes = [
    title(e.detail ? `${e.label} ${e.detail}` : e.label),
    ...(active ? [el('rect', { x: b.x - 4, y: b.y - 4, width: b.w + 8, height: b.h + 8, rx: 9, fill: 'none', stroke: pal.active.stroke, 'stroke-width': 3, 'stroke-opacity': 0.6 })] : []),
    el('rect', { x: b.x, y: b.y, width: b.w, height: b.h, rx: 6, fill: paint.fill, stroke: paint.stroke, 'stroke-width': marks.visited.has(e.id) || active ? 3 : 2, 'stroke-dasharray': e.role === 'uft' ? '6 4' : undefined }),
  ];
  if (CONTAINERS.has(e.role)) {
    shapes.push(label({ content: shortLabel(e), x: b.x + pad, y: b.y + 20, size: 16, kind: 'mono', width: b.w - 2 * pad, fill: pal.text, bold: true }));
    if (e.detail) shapes.push(label({ content: e.detail, x: b.x + pad, y: b.y + 38, size: 14, kind: 'mono', width: b.w - 2 * pad, fill: pal.muted }));
  } else {
    const size = small ? 12 : 16;
    const baseline = b.y + b.h / 2 + size * 0.35;
    const detailWidth = e.detail ? Math.min(textWidth(e.detail, 14, 'mono'), (b.w - 2 * pad) / 2) : 0;
    shapes.push(label({ content: shortLabel(e), x: b.x + pad, y: baseline, size, kind: 'mono', width: b.w - 2 * pad - (detailWidth ? detailWidth + 8 : 0), fill: pal.text }));
    if (e.detail) shapes.push(label({ content: e.detail, x: b.x + b.w - pad, y: baseline, size: 14, kind: 'mono', width: detailWidth, fill: pal.muted, anchor: 'end' }));
  }
  // A part shows only its names (label, detail, tooltip): identifiers.
  return el('g', { 'data-element': e.id, 'data-active': active ? 'true' : undefined, translate: 'no' }, shapes);
}

function network(e: TopoElement, b: Box, pal: Palette): string {
  const name = textWidth(e.label, 20, 'mono');
  return el('g', { 'data-element': e.id }, [
    title(e.detail ? `${e.label} ${e.detail}` : e.label),
    el('rect', { x: b.x, y: b.y, width: b.w, height: b.h, rx: b.h / 2, fill: pal.network.fill, stroke: pal.network.stroke, 'stroke-width': 2 }),
    label({ content: e.label, x: b.x + 24, y: b.y + b.h / 2 + 7, size: 20, kind: 'mono', width: b.w / 2, fill: pal.text, bold: true }),
    ...(e.detail ? [label({ content: e.detail, x: b.x + 40 + name, y: b.y + b.h / 2 + 6, size: 18, kind: 'mono', width: b.w / 2, fill: pal.text })] : []),
  ]);
}

/** Links as the page draws them: uplinks side to side, cables down (or up) to the bus, veth pairs top to bottom. */
function links(t: Topology, layout: TopologyLayout, pal: Palette): string[] {
  return t.edges.flatMap((edge) => {
    const a = layout.byId.get(edge.source)?.abs;
    const b = layout.byId.get(edge.target)?.abs;
    if (!a || !b) return [];
    let from = { x: a.x + a.w / 2, y: a.y + a.h };
    let to = { x: b.x + b.w / 2, y: b.y };
    if (edge.kind === 'uplink') {
      from = { x: a.x + a.w, y: a.y + a.h / 2 };
      to = { x: b.x, y: b.y + b.h / 2 };
    } else if (edge.kind === 'wire') {
      const below = a.y > b.y;
      from = { x: a.x + a.w / 2, y: below ? a.y : a.y + a.h };
      to = { x: from.x, y: below ? b.y + b.h : b.y };
    }
    return [el('line', { x1: from.x, y1: from.y, x2: to.x, y2: to.y, stroke: pal.edge, 'stroke-width': 2 })];
  });
}

function trail(marks: FrameMarks, pal: Palette): string[] {
  if (marks.trail.length < 2) return [];
  const points = marks.trail.map((p) => `${Math.round(p.x)},${Math.round(p.y)}`).join(' ');
  return [el('polyline', { points, fill: 'none', stroke: pal.trail, 'stroke-width': 4, 'stroke-opacity': 0.5, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' })];
}

/** The packet's tag on the acting element's top edge, as the page's marker sits. */
function packet(item: PlayItem | undefined, layout: TopologyLayout, marks: FrameMarks, pal: Palette): string[] {
  const at = marks.active ? layout.byId.get(marks.active)?.abs : undefined;
  if (!item || !at) return [];
  const l = packetLabel(item.step.after);
  const content = l.encap ? `${l.encap} · ${l.proto}` : l.proto;
  const w = textWidth(content, 16, 'mono') + 20;
  const cx = at.x + at.w / 2;
  return [
    el('g', { 'data-testid': 'packet' }, [
      el('rect', { x: cx - w / 2, y: at.y - 18, width: w, height: 26, rx: 13, fill: pal.packet.fill, stroke: pal.packet.stroke, 'stroke-width': 2 }),
      text(content, { x: cx, y: at.y + 1, 'font-family': FONT.mono, 'font-size': 16, 'font-weight': 'bold', 'text-anchor': 'middle', fill: '#ffffff' }),
    ]),
  ];
}

/** Machines first, then their parts: the order later shapes cover earlier ones in. */
export function drawOrder(layout: TopologyLayout): PlacedElement[] {
  return [...layout.placed.filter((p) => !p.element.parent && p.element.role !== 'network'), ...layout.placed.filter((x) => x.element.parent)];
}

/**
 * The topology with the step's marks; `only` draws just those machines and
 * parts, with the trail and the packet, and no networks or links (the layer
 * an animation's frame puts over its unmarked base, frameLayers.ts).
 */
export function topologySvg(t: Topology, layout: TopologyLayout, marks: FrameMarks, position: number, pal: Palette, tr: TFunction, only?: ReadonlySet<string>): string {
  const shapes: string[] = [];
  if (!only) {
    for (const p of layout.placed.filter((x) => x.element.role === 'network')) shapes.push(network(p.element, p.abs, pal));
    shapes.push(...links(t, layout, pal));
  }
  for (const p of drawOrder(layout)) {
    if (only && !only.has(p.element.id)) continue;
    shapes.push(p.element.parent ? part(p.element, p.abs, marks, pal) : machine(p.element, p.abs, marks, pal, tr));
  }
  shapes.push(...trail(marks, pal), ...packet(marks.items[position], layout, marks, pal));
  return el('g', { 'data-part': 'topology' }, shapes);
}
