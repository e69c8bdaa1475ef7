/**
 * The tracer's output contract (ARCHITECTURE.md "Output: a Trace").
 *
 * Additive fields beyond the contract: `Step.level` (hop vs detail, for the
 * summary and detailed views), `Step.rule.id` (the state-view line that prints
 * the rule), `Step.rule.owner` (the Kubernetes/Calico object that produced a rule), `Step.rule.assumption` (no source confirms it) and
 * `Trace.warnings`, `Trace.branches`. A flat step list carries the tree through `at`.
 */
import type { ObjectRef } from './diagnostic';
import type { L4Proto, Packet } from './packet';
import type { Component, ExplainKey, ReasonCode, StepAction } from './stepVocabulary';

export type Verdict = 'delivered' | 'dropped' | 'rejected' | 'no-route' | 'unsupported';

/** What the user asked to trace, resolved to addresses. */
export interface Flow {
  proto: L4Proto;
  src: Endpoint;
  dst: Endpoint;
  sport?: number;
  dport?: number;
  /** IP total length in bytes of the first packet (default: a minimal packet). */
  size?: number;
  df?: boolean;
  /** first = a new connection; next = a later packet of the same connection (conntrack / VFP flow cache hit). */
  packet: 'first' | 'next';
  /** Node where the packet enters when the source is outside the scenario (`--from-node`). */
  fromNode?: string;
  /** Pinned backend (`ip` or `ip:port`) where kube-proxy would pick at random. */
  backend?: string;
}

/** A resolved place a packet starts from or is addressed to. */
export interface Endpoint {
  /** What the user wrote, e.g. `pod:demo/net`, `svc:demo/hello`, `192.168.10.50`. */
  spec: string;
  ip: string;
  kind: 'pod' | 'node' | 'host' | 'service' | 'ip';
  /** Pod `ns/name`, node name, fabric host name or service `ns/name`. */
  name?: string;
  node?: string;
}

/** Where in the datapath a step happens. */
export interface StepLocation {
  /**
   * Linux: `pod`, `routing`, `netfilter`, `conntrack`, `vxlan`, `ipip`,
   * `link`, `socket`; Windows: `compartment` (layer = pod), `vnic` (layer =
   * pod), `vfp` (layer = VFP layer, chain = the port's label), `uft` (the
   * unified flow cache), `vswitch`, `routing`/`link`/`socket`; elsewhere
   * `fabric`, `resolver`, `node` (stepVocabulary.ts).
   */
  component: Component;
  /** Interface, VFP layer or pod netns the step acts on. */
  layer?: string;
  /** nftables `family name`, e.g. `ip kube-proxy`; `main` for the route table. */
  table?: string;
  /** nftables chain; for `vfp` steps the VFP port (`demo/web`, `vEthernet (Ethernet)`, `Ethernet`). */
  chain?: string;
}

/** The line or object that decided a step, in its real format. */
export interface StepRule {
  /**
   * The id of the state-view line that prints this rule on the step's node
   * (model/ruleIds.ts), set by the code that produced the rule; the view
   * line carries the same id (`NodeStateView.lineIds`). Several ids, one per
   * line, when the rule is several objects (a neighbour and its FDB entry).
   * Absent when no view prints the rule (conntrack entries, the kernel's
   * `local` table, Fabric hosts, a packetwalk limit).
   */
  id?: string;
  /** e.g. an `ip route` line, an nft rule, an HNS policy as JSON. */
  text: string;
  /** Upstream source that says this is what happens (DATAPATH-FACTS tag + file), or `assumption: …`. */
  source: string;
  owner?: ObjectRef;
  assumption?: boolean;
}

export interface Step {
  node?: string;
  at: StepLocation;
  /**
   * The topology part the step acts on (model/partIds.ts), put there by the
   * evaluator that recorded it; absent where the part is not drawn (a Fabric
   * host that is not listed, a step before any packet).
   */
  part?: string;
  /** Short verb: `route`, `dnat`, `snat`, `masquerade`, `encapsulate`, `decapsulate`, `transmit`, `receive`, `deliver`, `drop`, `reject`, `match`, `fragment`, … (stepVocabulary.ts). */
  action: StepAction;
  rule?: StepRule;
  before: Packet;
  after: Packet;
  /** Header field paths that differ between before and after, e.g. `ipv4.dst`, `outer.udp.dport`. */
  changed: string[];
  /** i18n key under `explain.` and its parameters; the UI renders en/ru text. */
  explain: { key: ExplainKey; params: Record<string, string | number> };
  /** `hop` steps make the summary view; `detail` steps (chain jumps, non-matching layers) only the detailed one. */
  level: 'hop' | 'detail';
}

/** A packet as seen on a physical link between machines. */
export interface WirePacket {
  from: string;
  to: string;
  link: string;
  packet: Packet;
}

/** What the receiving socket sees. */
export interface Delivered {
  node: string;
  pod?: string;
  ip: string;
  port?: number;
  seenSrcIp: string;
  seenSrcPort?: number;
  ttl: number;
}

export interface Reason {
  /** Stable identifier, e.g. `no-endpoints`, `no-route`, `address-in-windows-block`, `mtu-exceeded-local` (stepVocabulary.ts). */
  code: ReasonCode;
  params: Record<string, string | number>;
}

export interface Trace {
  flow: Flow;
  verdict: Verdict;
  reason?: Reason;
  steps: Step[];
  wire: WirePacket[];
  delivered?: Delivered;
  reply?: Trace;
  /** Caveats that do not change the verdict (e.g. `icmp-through-outboundnat`). */
  warnings?: Reason[];
  /**
   * Random choices the datapath made (kube-proxy `numgen random`, a VFP load
   * balancer): each lists the choices and which was taken, so a UI can offer
   * pinning another (`Flow.backend`). Choices are backend `ip:port` strings
   * where a backend is chosen.
   */
  branches?: Branch[];
}

export interface Branch {
  /** Where the choice was made, e.g. the nft rule text or the HNS load balancer. */
  at: string;
  choices: string[];
  taken: number;
}
