/**
 * The packet on the canvas: moves along `points` with a d3 transition (one
 * segment after another, time by distance), or jumps to the last point when
 * motion is reduced. Rendered in flow coordinates (inside ViewportPortal).
 * The tag sits beside the acting element where it covers no label's text and
 * stays inside the drawing (`placeTag`): the labels are measured in the page
 * after render, since their width depends on the font and the language.
 */
import { select } from 'd3';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Box } from './layout';
import type { Point } from './route';
import { placeTag } from './tagPlacement';

const PX_PER_MS = 0.9;

const at = (p: Point) => `translate(${p.x}px, ${p.y}px)`;

/** The packet token: its protocol; between the VTEPs wrapped in the VXLAN envelope; the reply in its own colour. */
function Token({ proto, encap, reply }: { proto: string; encap?: string; reply: boolean }) {
  const colour = reply ? 'border-violet-950 bg-violet-800' : 'border-orange-900 bg-orange-700';
  const inner = <span className={`rounded-full border-2 px-2 text-white ${colour}`}>{proto}</span>;
  if (!encap) return inner;
  return (
    <span className="flex items-center gap-1 rounded-lg border-2 border-dashed border-emerald-800 bg-emerald-100 py-0.5 pr-0.5 pl-1.5 text-emerald-950" data-testid="packet-envelope">
      <span>{encap}</span>
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
  /** The acting element's box in flow units. */
  acting: Box;
  /** The drawing's box in flow units: the tag stays inside it. */
  bounds: Box;
}

/** The boxes of the topology's label text in flow units, read from the page (`root` is the xyflow pane). */
function labelBoxes(root: Element): Box[] {
  const viewport = root.querySelector('.react-flow__viewport');
  if (!viewport) return [];
  const m = new DOMMatrix(getComputedStyle(viewport).transform);
  const origin = root.getBoundingClientRect();
  const zoom = m.a || 1;
  const out: Box[] = [];
  const range = document.createRange();
  const walker = document.createTreeWalker(root.querySelector('.react-flow__nodes') ?? root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent?.trim()) continue;
    range.selectNodeContents(n);
    for (const r of range.getClientRects()) {
      if (r.width > 0) out.push({ x: (r.left - origin.left - m.e) / zoom, y: (r.top - origin.top - m.f) / zoom, w: r.width / zoom, h: r.height / zoom });
    }
  }
  return out;
}

export function PacketMarker({ points, reduceMotion, speed, proto, encap, reply, acting, bounds }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const tag = useRef<HTMLDivElement>(null);
  const last = points.at(-1);
  // Measured after render: the tag's width depends on the protocol and the envelope.
  useLayoutEffect(() => {
    const el = tag.current;
    const root = el?.closest('.react-flow');
    if (!el || !last || !root) return;
    const spot = placeTag(acting, { w: el.offsetWidth, h: el.offsetHeight }, labelBoxes(root), bounds);
    el.style.marginLeft = `${spot.x - last.x}px`;
    el.style.marginTop = `${spot.y - last.y}px`;
  }, [last, acting, bounds, proto, encap]);
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
      <div ref={tag} className="flex w-max font-mono text-base font-bold whitespace-nowrap shadow-lg" data-part={reply ? 'reply' : 'request'}>
        <Token proto={proto} encap={encap} reply={reply} />
      </div>
    </div>
  );
}
