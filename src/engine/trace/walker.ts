/**
 * Walks a packet from place to place until it is delivered or stops, asking
 * each place's evaluator (the registry in evaluators.ts) what happens there. Collects the steps and the
 * packets seen on physical links.
 */
import { arpOnFabric, segmentOf } from '../fabric/fabric';
import { genericHost } from '../fabric/stations';
import { fnv1a } from '../model/hash';
import type { Arrival, HopContext, HopOutcome, Place, Station } from '../model/hop';
import type { Flow, Step, WirePacket } from '../model/trace';
import type { CompiledCluster } from './cluster';
import { evaluatePlace } from './evaluators';

/** Hops after which a walk is declared a loop. */
export const MAX_HOPS = 64;

export interface WalkResult {
  steps: Step[];
  wire: WirePacket[];
  outcome: Exclude<HopOutcome, { kind: 'send' }>;
  /** The place where the walk ended (the receiving socket's place when delivered). */
  last: Place;
}

/**
 * A trace-scoped context: conntrack and nft set state persist across the
 * walks of one traceFlow call (first packet, reply, next packet).
 */
export function createHopContext(c: CompiledCluster, flow: Flow): HopContext {
  const branches: HopContext['branches'] = [];
  return {
    flow,
    arp: (fromIp, ip) => arpOnFabric(c.fabric, fromIp, ip) ?? outsideSource(c, flow, fromIp, ip),
    conntrack: new Map(),
    uft: new Map(),
    warnings: [],
    nftSets: new Map(),
    branches,
    pick(choices, at = choices.join(' | '), hashKey) {
      let taken = -1;
      if (flow.backend) {
        // Endpoint chains end in `__<ip>/<port>`; `ip:port` pins one port, a bare ip any port of it.
        const [ip, port] = flow.backend.split(':');
        const suffix = port ? `__${ip}/${port}` : `__${ip}/`;
        taken = choices.findIndex((ch) => (port ? ch.endsWith(suffix) : ch.includes(suffix)));
      }
      if (taken < 0) taken = fnv1a(`${hashKey ?? `${flow.src.ip}:${flow.sport ?? ''}>${flow.dst.ip}:${flow.dport ?? ''}/${flow.proto}`}|${choices.join(',')}`) % choices.length;
      branches.push({ at, choices: choices.map(backendOf), taken });
      return taken;
    },
  };
}

/**
 * The source of a `--from-node` flow at an address of a Fabric subnet that
 * the Fabric does not list: it sent the packet, so it is a host on that
 * segment and answers ARP (a generic host named by its address). Any other
 * unlisted address does not answer.
 */
function outsideSource(c: CompiledCluster, flow: Flow, fromIp: string, ip: string): Station | undefined {
  if (!flow.fromNode || flow.src.kind !== 'ip' || flow.src.ip !== ip) return undefined;
  const seg = segmentOf(c.fabric, fromIp);
  const host = genericHost(c.fabric, ip);
  if (!seg || !host || segmentOf(c.fabric, ip) !== seg) return undefined;
  return { mac: host.mac, place: { kind: 'fabric-host', name: host.name }, name: host.name, ifname: 'eth0', link: seg.subnet.name };
}

/** `…__172.21.211.8/8080` (a kube-proxy endpoint chain) → `172.21.211.8:8080`; other choices as they are. */
function backendOf(choice: string): string {
  const m = /__([\d.]+)\/(\d+)$/.exec(choice);
  return m ? `${m[1]}:${m[2]}` : choice;
}

/** A Windows node delivers to one of its pods' compartments: the reply starts there. */
function deliveredPlace(p: Place, o: Exclude<HopOutcome, { kind: 'send' }>): Place {
  if ((p.kind === 'windows-node' || p.kind === 'windows-pod') && o.kind === 'deliver') {
    return o.delivered.pod ? { kind: 'windows-pod', node: p.node, pod: o.delivered.pod } : { kind: 'windows-node', node: p.node };
  }
  return p;
}

export function walk(c: CompiledCluster, start: Arrival, ctx: HopContext): WalkResult {
  const steps: Step[] = [];
  const wire: WirePacket[] = [];
  let arrival = start;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const r = evaluatePlace(c, arrival, ctx);
    steps.push(...r.steps);
    if (r.outcome.kind !== 'send') return { steps, wire, outcome: r.outcome, last: deliveredPlace(arrival.place, r.outcome) };
    if (r.outcome.wire) wire.push({ ...r.outcome.wire, packet: r.outcome.next.packet });
    arrival = r.outcome.next;
  }
  return { steps, wire, outcome: { kind: 'stop', verdict: 'dropped', reason: { code: 'routing-loop', params: { hops: MAX_HOPS } } }, last: arrival.place };
}
