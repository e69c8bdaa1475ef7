/**
 * Places a topology on a canvas: the nodes side by side, each with its parts
 * stacked in packet order (pods on top, the NIC at the bottom), the node
 * network as a bus below them, and the gateway, the outside client and the
 * internet host under the bus. At most two pods share a row, so their names
 * fit; each veth has a row of its own, since a cali veth's name is 15
 * characters (the kernel's limit) and two side by side were cut. In a vSwitch the VFP flow cache comes first, above the layers, as in
 * the seed's diagram: a packet of a known flow meets the cache and skips the
 * layers. Pure: topology in, boxes (absolute and
 * relative to their parent) out. Sizes are in flow units (px at zoom 1).
 */
import type { TopoElement, Topology } from '../../engine/index';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PlacedElement {
  element: TopoElement;
  /** Absolute position on the canvas. */
  abs: Box;
  /** Position relative to the parent (as xyflow wants child nodes). */
  rel: Box;
}

export interface TopologyLayout {
  placed: PlacedElement[];
  byId: Map<string, PlacedElement>;
  /** For each network: its ports (the x where a machine's cable meets the bus) by machine id. */
  ports: Map<string, { machine: string; x: number; side: 'top' | 'bottom' }[]>;
  width: number;
  height: number;
}

export const NODE_W = 320;
const GAP = 36;
const PAD = 10;
const TITLE_H = 66;
const ROW_H = 36;
const ROW_GAP = 8;
const POD_H = 92;
const CHIP_H = 28;
const NET_H = 56;
const HOST_W = 240;
const HOST_H = 78;

type Rows = TopoElement[][];

/** Pods per row: three in a row truncate their names. */
const PODS_PER_ROW = 2;

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The rows of a node's parts, top to bottom, in the order a packet meets them. */
function nodeRows(parts: TopoElement[]): Rows {
  const of = (...roles: TopoElement['role'][]) => parts.filter((p) => roles.includes(p.role));
  return [...chunks(of('pod', 'compartment'), PODS_PER_ROW), ...of('veth').map((v) => [v]), of('routing'), of('nft'), of('conntrack'), of('vxlan'), of('vswitch'), of('vethernet'), of('nic')].filter((r) => r.length > 0);
}

/** A vSwitch's chips top to bottom: the flow cache first (the seed: «кэш потоков VFP ── поток известен ──►»), then the layers in order. */
export function vswitchOrder(chips: TopoElement[]): TopoElement[] {
  return [...chips.filter((c) => c.role === 'uft'), ...chips.filter((c) => c.role !== 'uft')];
}

function rowHeight(row: TopoElement[], children: Map<string, TopoElement[]>): number {
  const first = row[0]!;
  if (first.role === 'pod' || first.role === 'compartment') return POD_H;
  if (first.role === 'vswitch') return 36 + (children.get(first.id)?.length ?? 0) * (CHIP_H + 2) + 6;
  return ROW_H;
}

export function layoutTopology(t: Topology): TopologyLayout {
  const children = new Map<string, TopoElement[]>();
  for (const e of t.elements) if (e.parent) children.set(e.parent, [...(children.get(e.parent) ?? []), e]);
  const placed: PlacedElement[] = [];
  const put = (element: TopoElement, abs: Box, parentAbs?: Box) =>
    placed.push({ element, abs, rel: parentAbs ? { ...abs, x: abs.x - parentAbs.x, y: abs.y - parentAbs.y } : abs });

  const nodes = t.elements.filter((e) => e.role === 'node');
  let maxH = 0;
  const nodeBoxes: Box[] = [];
  nodes.forEach((n, i) => {
    const x = i * (NODE_W + GAP);
    const rows = nodeRows(children.get(n.id) ?? []);
    const h = TITLE_H + rows.reduce((sum, r) => sum + rowHeight(r, children) + ROW_GAP, 0) + PAD - ROW_GAP;
    nodeBoxes.push({ x, y: 0, w: NODE_W, h });
    maxH = Math.max(maxH, h);
  });
  nodes.forEach((n, i) => {
    const box = { ...nodeBoxes[i]!, h: maxH };
    put(n, box);
    let y = TITLE_H;
    for (const row of nodeRows(children.get(n.id) ?? [])) {
      const h = rowHeight(row, children);
      const w = (NODE_W - 2 * PAD - ROW_GAP * (row.length - 1)) / row.length;
      row.forEach((part, k) => {
        const abs = { x: box.x + PAD + k * (w + ROW_GAP), y: box.y + y, w, h };
        put(part, abs, box);
        const inside = children.get(part.id) ?? [];
        (part.role === 'vswitch' ? vswitchOrder(inside) : inside).forEach((child, c) => {
          const inner =
            part.role === 'vswitch'
              ? // VFP layers nearly as wide as the vSwitch: VNET_MAC_REWRITE_LAYER fits whole at 1366×768.
                { x: abs.x + 5, y: abs.y + 34 + c * (CHIP_H + 2), w: abs.w - 10, h: CHIP_H }
              : { x: abs.x + 8, y: abs.y + abs.h - CHIP_H - 6, w: abs.w - 16, h: CHIP_H };
          put(child, inner, abs);
        });
      });
      y += h + ROW_GAP;
    }
  });

  const width = Math.max(nodes.length * (NODE_W + GAP) - GAP, 3 * (HOST_W + GAP));
  const ports = new Map<string, { machine: string; x: number; side: 'top' | 'bottom' }[]>();
  const networks = t.elements.filter((e) => e.role === 'network');
  const netY = maxH + 30;
  networks.forEach((net, i) => {
    put(net, { x: 0, y: netY + i * (NET_H + 20), w: width, h: NET_H });
    ports.set(net.id, []);
  });

  const hosts = t.elements.filter((e) => e.role === 'gateway' || e.role === 'host');
  const onNetwork = new Map(t.edges.filter((e) => e.kind === 'wire').map((e) => [e.source, e.target]));
  const hostY = netY + networks.length * (NET_H + 20) + 10;
  // The gateway in the middle, hosts on the node network to its left, hosts behind the gateway to its right.
  const ordered = [...hosts.filter((h) => h.role === 'host' && onNetwork.has(h.id)), ...hosts.filter((h) => h.role === 'gateway'), ...hosts.filter((h) => h.role === 'host' && !onNetwork.has(h.id))];
  const start = (width - (ordered.length * (HOST_W + GAP) - GAP)) / 2;
  ordered.forEach((h, i) => put(h, { x: start + i * (HOST_W + GAP), y: hostY, w: HOST_W, h: HOST_H }));

  const byId = new Map(placed.map((p) => [p.element.id, p]));
  for (const edge of t.edges) {
    if (edge.kind !== 'wire') continue;
    const from = byId.get(edge.source);
    const list = ports.get(edge.target);
    if (!from || !list) continue;
    const netBox = byId.get(edge.target)!.abs;
    list.push({ machine: edge.source, x: from.abs.x + from.abs.w / 2 - netBox.x, side: from.abs.y < netBox.y ? 'top' : 'bottom' });
  }
  return { placed, byId, ports, width, height: hostY + HOST_H };
}

export function center(b: Box): { x: number; y: number } {
  return { x: b.x + b.w / 2, y: b.y + b.h / 2 };
}
