/**
 * The packet on the canvas: moves along `points` with a d3 transition (one
 * segment after another, time by distance), or jumps to the last point when
 * motion is reduced. Rendered in flow coordinates (inside ViewportPortal).
 * The tag sits just right of the acting element (`reach` right of its
 * centre), so neither its own label nor the one above it is covered; on the
 * rightmost node it is pulled back inside `maxX` (the drawing's right edge),
 * where the view is fitted, so a VXLAN envelope is never cut off.
 */
import { select } from 'd3';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Point } from './route';

const PX_PER_MS = 0.9;

const at = (p: Point) => `translate(${p.x}px, ${p.y}px)`;

/** The packet token: its protocol; between the VTEPs wrapped in the VXLAN envelope; the reply in its own colour. */
function Token({ proto, encap, reply }: { proto: string; encap?: string; reply: boolean }) {
  const colour = reply ? 'border-violet-950 bg-violet-800' : 'border-orange-900 bg-orange-700';
  const inner = <span className={`rounded-full border-2 px-2 text-white ${colour}`}>{proto}</span>;
  if (!encap) return inner;
  return (
    <span className="flex items-center gap-1 rounded-lg border-2 border-dashed border-emerald-800 bg-emerald-100 py-0.5 pr-0.5 pl-1.5 text-emerald-950" data-testid="packet-envelope">
      <span className="text-sm">{encap}</span>
      {inner}
    </span>
  );
}

interface Props {
  points: Point[];
  reduceMotion: boolean;
  speed: number;
  proto: string;
  encap?: string;
  reply: boolean;
  reach: number;
  /** The right edge of the drawing in flow units: the tag ends before it. */
  maxX: number;
}

export function PacketMarker({ points, reduceMotion, speed, proto, encap, reply, reach, maxX }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const tag = useRef<HTMLDivElement>(null);
  const last = points.at(-1);
  // Measured after render: the tag's width depends on the protocol and the envelope.
  useLayoutEffect(() => {
    const el = tag.current;
    if (!el || !last) return;
    const room = maxX - 4 - last.x - el.offsetWidth;
    el.style.marginLeft = `${Math.min(reach + 4, room)}px`;
  }, [last, reach, maxX, proto, encap]);
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
  if (!last) return null;
  return (
    <div ref={ref} data-testid="packet-marker" aria-hidden="true" className="pointer-events-none absolute top-0 left-0 z-10" style={{ transform: at(last) }}>
      <div ref={tag} style={{ marginLeft: reach + 4 }} className="flex -translate-y-1/2 font-mono text-base font-bold whitespace-nowrap shadow-lg" data-part={reply ? 'reply' : 'request'}>
        <Token proto={proto} encap={encap} reply={reply} />
      </div>
    </div>
  );
}
