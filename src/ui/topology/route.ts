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
