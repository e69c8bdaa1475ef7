/**
 * The interface between the tracer and the per-place evaluators (Linux pod,
 * Linux host, fabric host, gateway; Windows later): a packet arrives at a
 * place, the evaluator returns the steps it took and what happens next.
 */
import type { Packet } from './packet';
import type { Branch, Delivered, Flow, Reason, Step, Verdict } from './trace';

export type Place =
  | { kind: 'linux-pod'; node: string; pod: string }
  | { kind: 'linux-host'; node: string }
  | { kind: 'windows-node'; node: string }
  | { kind: 'windows-pod'; node: string; pod: string }
  | { kind: 'fabric-host'; name: string }
  | { kind: 'gateway' };

export function placeKey(p: Place): string {
  switch (p.kind) {
    case 'linux-pod':
    case 'windows-pod':
      return `pod:${p.pod}`;
    case 'linux-host':
    case 'windows-node':
      return `node:${p.node}`;
    case 'fabric-host':
      return `host:${p.name}`;
    case 'gateway':
      return 'gateway';
  }
}

/** A packet arriving at a place: from a link (`iif`) or generated there (`local`). */
export interface Arrival {
  place: Place;
  packet: Packet;
  iif?: string;
  local?: boolean;
  /**
   * The sending socket is not bound to an address (`--src node:NAME`): the
   * node's stack picks the source address by route (the packet carries the
   * node's IP until then).
   */
  unboundSource?: boolean;
}

export type HopOutcome =
  /** Hand the frame to the next place. `wire` is set when it crosses a physical link between machines. */
  | { kind: 'send'; next: Arrival; wire?: { from: string; to: string; link: string } }
  | { kind: 'deliver'; delivered: Delivered }
  | { kind: 'stop'; verdict: Verdict; reason: Reason };

export interface HopResult {
  steps: Step[];
  outcome: HopOutcome;
}

/** A conntrack tuple; for ICMP echo the id stands in as both ports. */
export interface CtTuple {
  proto: string;
  src: string;
  sport?: number;
  dst: string;
  dport?: number;
}

/** One conntrack entry: the original direction and the expected reply (after NAT). */
export interface CtEntry {
  orig: CtTuple;
  reply: CtTuple;
  /** Human-readable `conntrack -L` line, for the state table. */
  text: string;
  /** Mark carried from the first packet (masquerade bit). */
  mark: number;
  /** Whether a reply has been seen ([ASSURED]-like). */
  seenReply: boolean;
}

/**
 * A VFP unified flow: the first packet's layers composed into one header
 * transposition, cached so later packets (and, reversed, replies) skip the
 * layers. @see DATAPATH-FACTS §5 [M9][M10]; the seed ("единый поток").
 */
export interface UftEntry {
  /** The VFP port where the flow was created. */
  port: string;
  /** The tuple of the first packet as it entered the port. */
  key: CtTuple;
  /** The tuple after the composed rewrite (what the receiver sees). */
  result: CtTuple;
  /** Where the switch sends the flow's packets after the rewrite. */
  route: UftRoute;
  /** The composed transposition as a person reads it. */
  text: string;
  /** Replies' route and transposition, learned from the first reply. */
  replyRoute?: UftRoute;
  replyText?: string;
  hits: number;
}

/** A VFP flow's forwarding: VXLAN to a provider address, to a port on this switch, through the host, or MAC-rewritten (l2bridge). */
export type UftRoute = { kind: 'encap'; pa: string; vni: number; drMac: string } | { kind: 'local' } | { kind: 'host' } | { kind: 'mac-rewrite'; srcMac: string };

/** ARP-like resolution on a physical segment. */
export interface Station {
  mac: string;
  place: Place;
  /** Name shown for the machine on the wire, e.g. `k8s-lab-node-1`, `gateway`. */
  name: string;
  /** Interface name on that machine, e.g. `ens18`. */
  ifname: string;
  /** The physical link (Fabric subnet name, or `uplink`) the station is reached on: `WirePacket.link`. */
  link: string;
}

/** What an evaluator may ask about the rest of the world during a trace. */
export interface HopContext {
  flow: Flow;
  /** Who answers ARP for `ip` on the segment of `fromIp` (the sender's own address). */
  arp(fromIp: string, ip: string): Station | undefined;
  /** Conntrack tables by node name (trace-scoped, so replies and later packets see the first packet's state). */
  conntrack: Map<string, CtEntry[]>;
  /** VFP unified flow tables by node (trace-scoped, like conntrack). */
  uft: Map<string, UftEntry[]>;
  /** Caveats met on the way that do not change the verdict (e.g. `icmp-through-outboundnat`). */
  warnings: Reason[];
  /** nftables dynamic-set state by node (session affinity). */
  nftSets: Map<string, Map<string, Map<string, number>>>;
  /**
   * Which of `choices` a random pick takes (kube-proxy `numgen random`).
   * Deterministic: the pinned backend if the flow names one, else a hash of
   * `hashKey` (e.g. the client address for source-IP affinity) or of the
   * whole flow. Returns the index.
   */
  pick(choices: string[], at?: string, hashKey?: string): number;
  /** Remembers which random choices were made, so a UI can offer the others. */
  branches: Branch[];
}
