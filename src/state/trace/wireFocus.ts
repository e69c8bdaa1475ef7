/**
 * Lining up two traces of the same flow by their packets on the wire: the
 * player's position says which link crossing the packet is at, and each trace
 * has its own wire packet for that crossing. Pure functions over play items.
 *
 * A trace's steps fall into segments, one per machine the packet is on in
 * turn; segment k of a part (request or reply) sends wire packet k of that
 * part and received wire packet k − 1.
 */
import type { Step, Trace, WirePacket } from '../../engine/index';
import type { PlayItem } from './playback';

/** The segment (machines passed so far within its part) of every play item; steps without a node stay in the current one. */
export function segments(items: PlayItem[]): number[] {
  const out: number[] = [];
  let part: PlayItem['part'] | undefined;
  let node: string | undefined;
  let count = 0;
  for (const item of items) {
    if (item.part !== part) [part, node, count] = [item.part, undefined, 0];
    const at = item.step.node;
    if (at && node && at !== node) count += 1;
    if (at) node = at;
    out.push(count);
  }
  return out;
}

/** Which wire packet the player is looking at: the `index`-th crossing of the `part`, `upcoming` while the packet is still on its first machine. */
export interface WireFocus {
  part: PlayItem['part'];
  index: number;
  upcoming: boolean;
}

export function wireFocus(items: PlayItem[], position: number): WireFocus | undefined {
  const item = items[position];
  if (!item) return undefined;
  const segment = segments(items)[position]!;
  return segment === 0 ? { part: item.part, index: 0, upcoming: true } : { part: item.part, index: segment - 1, upcoming: false };
}

/** The wire packets of one part of a trace. */
export function partWire(trace: Trace | undefined, part: PlayItem['part']): WirePacket[] {
  return (part === 'request' ? trace?.wire : trace?.reply?.wire) ?? [];
}

/**
 * The hop steps that shaped wire packet `index` of `part` on its sending
 * machine and touched the Ethernet or tunnel headers (a VXLAN encapsulation,
 * a MAC rewrite, the link's own Ethernet header).
 */
export function framingSteps(items: PlayItem[], part: PlayItem['part'], index: number): Step[] {
  const seg = segments(items);
  const framing = (f: string) => /^(eth|outer|inner\.eth|vxlan)\./.test(f);
  return items.filter((item, i) => item.part === part && seg[i] === index && item.step.level === 'hop' && item.step.changed.some(framing)).map((item) => item.step);
}
