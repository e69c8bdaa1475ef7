/**
 * The packet's journey across machines so far: every link it crossed lit,
 * with an arrow for the direction (the request in orange, the reply in
 * violet, a VXLAN crossing dashed), so a student sees the whole path at a
 * glance, not only the current box. Drawn in flow coordinates.
 */
import type { TrailSegment } from './trail';

const COLOUR = { request: '#c2410c', reply: '#6d28d9' } as const;

export function Trail({ segments }: { segments: TrailSegment[] }) {
  if (segments.length === 0) return null;
  return (
    <svg className="pointer-events-none absolute top-0 left-0 overflow-visible" width={1} height={1} aria-hidden="true" data-testid="trail">
      <defs>
        {(['request', 'reply'] as const).map((part) => (
          <marker key={part} id={`trail-arrow-${part}`} viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">
            <path d="M0,0 L10,5 L0,10 z" fill={COLOUR[part]} />
          </marker>
        ))}
      </defs>
      {segments.map((s, i) => (
        <polyline
          key={i}
          points={s.points.map((p) => `${p.x},${p.y}`).join(' ')}
          fill="none"
          stroke={COLOUR[s.part]}
          strokeOpacity={0.8}
          strokeWidth={6}
          strokeDasharray={s.encap ? '14 6' : undefined}
          strokeLinejoin="round"
          markerMid={`url(#trail-arrow-${s.part})`}
          markerEnd={`url(#trail-arrow-${s.part})`}
          data-part={s.part}
          data-encap={s.encap || undefined}
        />
      ))}
    </svg>
  );
}
