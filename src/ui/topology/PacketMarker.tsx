/**
 * The packet on the canvas: moves along `points` with a d3 transition (one
 * segment after another, time by distance), or jumps to the last point when
 * motion is reduced. Rendered in flow coordinates (inside ViewportPortal).
 * The tag sits on the acting element's top-right corner (`lift` above its
 * centre, `reach` right of it), right-aligned: labels are left-aligned, so
 * neither the element's own label nor the one above it is covered.
 */
import { select } from 'd3';
import { useEffect, useRef } from 'react';
import type { Point } from './route';

const PX_PER_MS = 0.9;

const at = (p: Point) => `translate(${p.x}px, ${p.y}px)`;

export function PacketMarker({ points, reduceMotion, speed, label, lift, reach }: { points: Point[]; reduceMotion: boolean; speed: number; label: string; lift: number; reach: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    const last = points.at(-1);
    if (!el || !last) return;
    const sel = select(el);
    sel.interrupt();
    if (reduceMotion || points.length < 2) {
      sel.style('transform', at(last));
      return;
    }
    sel.style('transform', at(points[0]!));
    let chain = sel.transition().duration(0);
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1]!;
      const b = points[i]!;
      const ms = Math.max(60, Math.hypot(b.x - a.x, b.y - a.y) / PX_PER_MS / speed);
      chain = chain.transition().duration(ms).style('transform', at(b));
    }
    return () => {
      sel.interrupt();
    };
  }, [points, reduceMotion, speed]);
  if (points.length === 0) return null;
  return (
    <div ref={ref} data-testid="packet-marker" aria-hidden="true" className="pointer-events-none absolute top-0 left-0 z-10" style={{ transform: at(points.at(-1)!) }}>
      <div style={{ marginTop: -lift, marginLeft: reach }} className="-translate-x-full -translate-y-3/4 rounded-full border-2 border-orange-900 bg-orange-700 px-2 text-center font-mono text-base font-bold whitespace-nowrap text-white shadow-lg">{label}</div>
    </div>
  );
}
