/**
 * Two packets' headers paired from the innermost out, so the payload's TCP
 * meets TCP and the pod's IP meets the pod's IP, and an overlay's outer
 * headers have no partner. The one alignment the inspector (a step's before →
 * after), side by side (two wires) and the what-if diff (two traces) use.
 */
import type { Header, Packet } from '../engine/index';

export interface HeaderPair {
  /** 1 for the innermost header. */
  depth: number;
  a?: Header;
  b?: Header;
}

/** The pairs, innermost first. */
export function alignHeaders(a: Packet, b: Packet): HeaderPair[] {
  const n = Math.max(a.headers.length, b.headers.length);
  return Array.from({ length: n }, (_, i) => ({ depth: i + 1, a: a.headers[a.headers.length - 1 - i], b: b.headers[b.headers.length - 1 - i] }));
}

/** A header's field as text ('' when absent), for comparing two headers. */
export function fieldText(h: Header, field: string): string {
  return String((h as unknown as Record<string, unknown>)[field] ?? '');
}
