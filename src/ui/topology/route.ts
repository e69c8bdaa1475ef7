/**
 * The way a packet marker travels between two elements on the canvas: within
 * a machine straight across; between machines down to the machine's cable,
 * along the network bus and up into the other machine (or along the uplink).
 */
import type { Topology } from '../../engine/index';
import { center, type TopologyLayout } from './layout';

export interface Point {
  x: number;
  y: number;
}

/** The machine (top-level element) an element belongs to. */
function machineOf(layout: TopologyLayout, id: string): string {
  let e = layout.byId.get(id)?.element;
  while (e?.parent) e = layout.byId.get(e.parent)?.element;
  return e?.id ?? id;
}

/** Where a machine's cable leaves it: its NIC (nodes) or the machine itself (hosts, gateway). */
function cableEnd(t: Topology, layout: TopologyLayout, machine: string): { id: string; network?: string } {
  const wire = t.edges.find((e) => e.kind === 'wire' && machineOf(layout, e.source) === machine);
  return wire ? { id: wire.source, network: wire.target } : { id: machine };
}

export function routeBetween(t: Topology, layout: TopologyLayout, from: string, to: string): Point[] {
  const a = layout.byId.get(from);
  const b = layout.byId.get(to);
  if (!a || !b) return [];
  const start = center(a.abs);
  const end = center(b.abs);
  const ma = machineOf(layout, from);
  const mb = machineOf(layout, to);
  if (ma === mb) return [start, end];
  const ca = cableEnd(t, layout, ma);
  const cb = cableEnd(t, layout, mb);
  const points: Point[] = [start];
  const pa = center(layout.byId.get(ca.id)!.abs);
  const pb = center(layout.byId.get(cb.id)!.abs);
  points.push(pa);
  const net = ca.network && ca.network === cb.network ? layout.byId.get(ca.network)?.abs : undefined;
  if (net) {
    const y = net.y + net.h / 2;
    points.push({ x: pa.x, y }, { x: pb.x, y });
  }
  points.push(pb, end);
  return points.filter((p, i) => i === 0 || p.x !== points[i - 1]!.x || p.y !== points[i - 1]!.y);
}

/** The wire part of the way between two elements on different machines: from the first machine's cable end along the network to the other's; undefined within one machine. */
export function wirePath(t: Topology, layout: TopologyLayout, from: string, to: string): Point[] | undefined {
  const ma = machineOf(layout, from);
  const mb = machineOf(layout, to);
  if (ma === mb || !layout.byId.get(from) || !layout.byId.get(to)) return undefined;
  const ca = layout.byId.get(cableEnd(t, layout, ma).id)!.abs;
  const cb = layout.byId.get(cableEnd(t, layout, mb).id)!.abs;
  const network = cableEnd(t, layout, ma).network;
  const net = network && network === cableEnd(t, layout, mb).network ? layout.byId.get(network)?.abs : undefined;
  // From the edge of the cable end that faces the network (its label stays readable) to the other's.
  const edge = (box: { x: number; y: number; w: number; h: number }) => ({ x: box.x + box.w / 2, y: net && box.y > net.y ? box.y : box.y + box.h });
  const a = edge(ca);
  const b = edge(cb);
  if (!net) return [a, b];
  const y = net.y + net.h - 8;
  return [a, { x: a.x, y }, { x: (a.x + b.x) / 2, y }, { x: b.x, y }, b];
}
