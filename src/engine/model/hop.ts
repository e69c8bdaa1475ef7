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
  | { kind: 'fabric-host'; name: string }
  | { kind: 'gateway' };

export function placeKey(p: Place): string {
  switch (p.kind) {
    case 'linux-pod':
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

/** ARP-like resolution on a physical segment. */
export interface Station {
  mac: string;
  place: Place;
  /** Name shown for the machine on the wire, e.g. `k8s-lab-node-1`, `gateway`. */
  name: string;
  /** Interface name on that machine, e.g. `ens18`. */
  ifname: string;
}

/** What an evaluator may ask about the rest of the world during a trace. */
export interface HopContext {
  flow: Flow;
  /** Who answers ARP for `ip` on the segment of `fromIp` (the sender's own address). */
  arp(fromIp: string, ip: string): Station | undefined;
  /** Conntrack tables by node name (trace-scoped, so replies and later packets see the first packet's state). */
  conntrack: Map<string, CtEntry[]>;
  /** nftables dynamic-set state by node (session affinity). */
  nftSets: Map<string, Map<string, Map<string, number>>>;
  /**
   * Which of `choices` a random pick takes (kube-proxy `numgen random`).
   * Deterministic: the pinned backend if the flow names one, else a hash of
   * the flow. Returns the index.
   */
  pick(choices: string[], at?: string): number;
  /** Remembers which random choices were made, so a UI can offer the others. */
  branches: Branch[];
}
