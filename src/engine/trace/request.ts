/**
 * A trace request as the CLI and the UI state it, and its resolution to
 * places and addresses in the compiled cluster.
 *
 * Address forms (ARCHITECTURE.md "The command line"):
 *   src: IP | pod:NS/NAME | node:NAME | host:NAME
 *   dst: IP | pod:NS/NAME | svc:NS/NAME | node:NAME | host:NAME | dns:NAME
 */
import { backendPinError } from './backendPin';
import type { Diagnostic } from '../model/diagnostic';
import type { Arrival, Place } from '../model/hop';
import { ipv4Range, isIPv4, isIPv6 } from '../model/ipv4';
import { windowsIpv6Refusal } from '../windows/ipv6';
import type { L4Proto } from '../model/packet';
import type { NodeOs, ServiceSpec } from '../model/scenario';
import type { Endpoint, Flow, Reason } from '../model/trace';
import type { CompiledCluster } from './cluster';
import { clusterLookups } from './lookups';
import { resolveName, type Resolution } from './resolver';

export interface FlowRequest {
  src: string;
  dst: string;
  proto?: L4Proto;
  dport?: number;
  sport?: number;
  /** IP total length in bytes. */
  size?: number;
  /** true = `ping -M do` (no local fragmentation), false = DF clear, unset = Linux default. */
  df?: boolean;
  fromNode?: string;
  packet?: 'first' | 'next';
  /** Pin the backend kube-proxy would pick at random: `ip` or `ip:port`. */
  backend?: string;
}

export interface ResolvedFlow {
  flow: Flow;
  /** Where the first packet starts. */
  start: Arrival;
  /** Where the source lives (the reply is delivered back here). */
  srcPlace: Place;
  resolution?: Resolution;
  service?: ServiceSpec;
  /** A documented platform limitation the flow runs into before any packet moves (e.g. hostNetwork on Windows). */
  limitation?: Reason;
  /** The source of that limitation, for the trace's one step. */
  limitationSource?: string;
}

/**
 * Limitations of Windows nodes that stop a flow before its first packet.
 * @see DATAPATH-FACTS §7 [K6][K12] (no host networking for normal pods; no IPv6
 *   on overlay), §8.1 [D2] (Calico on Windows is IPv4-only); the seed.
 */
function windowsLimitation(c: CompiledCluster, req: FlowRequest, src: Endpoint, srcPlace: Place): (Reason & { source?: string }) | undefined {
  const pods = [req.src, req.dst].flatMap((spec) => {
    const [kind, rest] = splitForm(spec);
    const pod = kind === 'pod' ? clusterLookups(c).pod(rest) : undefined;
    return pod ? [pod] : [];
  });
  for (const pod of pods) {
    if (pod.hostNetwork && c.view.peerByName.get(pod.nodeName)?.os === 'windows') {
      return { code: 'windows-hostnetwork-unsupported', params: { pod: `${pod.namespace}/${pod.name}`, node: pod.nodeName } };
    }
  }
  const windowsSrc = srcPlace.kind === 'windows-pod' || srcPlace.kind === 'windows-node';
  if (windowsSrc && isIPv6(req.dst)) {
    // Each network type refuses IPv6 for its own reason (windows/ipv6.ts).
    const st = c.nodes.get(src.node ?? '');
    const why = st?.kind === 'windows' ? windowsIpv6Refusal(st) : { code: 'windows-ipv6-calico' as const, source: 'D2 Calico for Windows requirements' };
    return { code: why.code, params: { node: src.node ?? '', dst: req.dst }, source: why.source };
  }
  return undefined;
}

const DEFAULT_PORT: Record<L4Proto, number | undefined> = { tcp: 80, udp: 53, icmp: undefined };

/** `pod:demo/net` → ['pod', 'demo/net']; a bare IPv4 or IPv6 address → ['ip', addr]. */
function splitForm(spec: string): [string, string] {
  const i = spec.indexOf(':');
  if (i < 0) return ['ip', spec];
  const form = spec.slice(0, i);
  // A form name is not hex, so `pod:…` never needs the (costly) IPv6 parse.
  if (/^[0-9a-f]*$/i.test(form) && isIPv6(spec)) return ['ip', spec];
  return [form, spec.slice(i + 1)];
}

function bad(message: string, field: string): { error: Diagnostic } {
  return { error: { severity: 'error', code: 'invalid-field', field, message } };
}

function podPlace(c: CompiledCluster, key: string): { place: Place; ip: string; node: string } | undefined {
  const pod = clusterLookups(c).pod(key);
  if (!pod) return undefined;
  const node = c.view.peerByName.get(pod.nodeName)!;
  if (pod.hostNetwork) {
    const ip = node.ip;
    return { place: node.os === 'linux' ? { kind: 'linux-host', node: pod.nodeName } : { kind: 'windows-node', node: pod.nodeName }, ip, node: pod.nodeName };
  }
  const ip = c.view.podIP.get(key);
  if (!ip) return undefined;
  return { place: node.os === 'linux' ? { kind: 'linux-pod', node: pod.nodeName, pod: key } : { kind: 'windows-pod', node: pod.nodeName, pod: key }, ip, node: pod.nodeName };
}

function nodePlace(c: CompiledCluster, name: string): { place: Place; ip: string } | undefined {
  const n = c.view.peerByName.get(name);
  if (!n) return undefined;
  return { place: n.os === 'linux' ? { kind: 'linux-host', node: name } : { kind: 'windows-node', node: name }, ip: n.ip };
}

function findByIp(c: CompiledCluster, ip: string): { endpoint: Endpoint; place: Place } | undefined {
  const key = clusterLookups(c).podKeyByIp(ip);
  if (key !== undefined) {
    const r = podPlace(c, key)!;
    return { endpoint: { spec: ip, ip, kind: 'pod', name: key, node: r.node }, place: r.place };
  }
  // Any address of a node (its primary or a further one, fabric/nodeNics.ts) means that node's stack.
  const p = c.view.peers.find((x) => x.ip === ip || x.moreAddrs?.some((a) => a.ip === ip));
  if (p) return { endpoint: { spec: ip, ip, kind: 'node', name: p.name, node: p.name }, place: nodePlace(c, p.name)!.place };
  const h = c.fabric.hosts.find((x) => x.ip === ip);
  if (h) return { endpoint: { spec: ip, ip, kind: 'host', name: h.name }, place: { kind: 'fabric-host', name: h.name } };
  return undefined;
}

function resolveSource(c: CompiledCluster, spec: string): { endpoint: Endpoint; place: Place } | { error: Diagnostic } {
  const [kind, rest] = splitForm(spec);
  if (kind === 'pod') {
    const r = podPlace(c, rest);
    if (!r) return bad(`no pod "${rest}" with an IP in the scenario`, 'src');
    return { endpoint: { spec, ip: r.ip, kind: 'pod', name: rest, node: r.node }, place: r.place };
  }
  if (kind === 'node') {
    const r = nodePlace(c, rest);
    if (!r) return bad(`no node "${rest}" in the scenario`, 'src');
    return { endpoint: { spec, ip: r.ip, kind: 'node', name: rest, node: rest }, place: r.place };
  }
  if (kind === 'host') {
    const h = c.fabric.hosts.find((x) => x.name === rest);
    if (!h) return bad(`no Fabric host "${rest}"; known: ${c.fabric.hosts.map((x) => x.name).join(', ') || 'none'}`, 'src');
    return { endpoint: { spec, ip: h.ip, kind: 'host', name: rest }, place: { kind: 'fabric-host', name: rest } };
  }
  if (kind === 'ip') {
    if (isIPv6(spec)) return { error: { severity: 'error', code: 'ipv6-unsupported', field: 'src', message: `IPv6 source ${spec} is not supported` } };
    if (!isIPv4(spec)) return bad(`"${spec}" is not an IPv4 address or pod:/node:/host: reference`, 'src');
    const found = findByIp(c, spec);
    if (found) return { endpoint: { ...found.endpoint, spec }, place: found.place };
    return { endpoint: { spec, ip: spec, kind: 'ip' }, place: { kind: 'gateway' } };
  }
  return bad(`unknown source form "${kind}:"; use an IP, pod:NS/NAME, node:NAME or host:NAME`, 'src');
}

function resolveDestination(c: CompiledCluster, spec: string, srcNamespace: string, srcOs: NodeOs, client: string, pin?: string): { endpoint: Endpoint; service?: ServiceSpec; resolution?: Resolution } | { error: Diagnostic } {
  const [kind, rest] = splitForm(spec);
  switch (kind) {
    case 'pod': {
      const r = podPlace(c, rest);
      return r ? { endpoint: { spec, ip: r.ip, kind: 'pod', name: rest, node: r.node } } : bad(`no pod "${rest}" with an IP in the scenario`, 'dst');
    }
    case 'node': {
      const r = nodePlace(c, rest);
      return r ? { endpoint: { spec, ip: r.ip, kind: 'node', name: rest, node: rest } } : bad(`no node "${rest}" in the scenario`, 'dst');
    }
    case 'host': {
      const h = c.fabric.hosts.find((x) => x.name === rest);
      return h ? { endpoint: { spec, ip: h.ip, kind: 'host', name: rest } } : bad(`no Fabric host "${rest}"`, 'dst');
    }
    case 'svc': {
      const svc = clusterLookups(c).service(rest);
      if (!svc) return bad(`no service "${rest}" in the scenario`, 'dst');
      if (!svc.clusterIP) return bad(`service "${rest}" has no ClusterIP (headless or ExternalName)`, 'dst');
      return { endpoint: { spec, ip: svc.clusterIP, kind: 'service', name: rest }, service: svc };
    }
    case 'dns': {
      const resolution = resolveName(c.scenario, rest, srcNamespace, srcOs, client, pin);
      const a = resolution.answer;
      // No answer: the trace stops at the resolver (traceFlow); the endpoint keeps the name and no address.
      if (!a) return { endpoint: { spec, ip: '0.0.0.0', kind: 'service', name: rest }, resolution };
      if (a.kind === 'service') return { endpoint: { spec, ip: a.ip, kind: 'service', name: `${a.service.namespace}/${a.service.name}` }, service: a.service, resolution };
      const found = findByIp(c, a.ip);
      return { endpoint: found ? { ...found.endpoint, spec } : { spec, ip: a.ip, kind: 'ip' }, resolution };
    }
    case 'ip': {
      if (isIPv6(spec)) return { error: { severity: 'error', code: 'ipv6-unsupported', field: 'dst', message: `IPv6 destination ${spec} is not supported` } };
      if (!isIPv4(spec)) return bad(`"${spec}" is not an IPv4 address or pod:/svc:/node:/host:/dns: reference`, 'dst');
      // RFC 1122 §3.2.1.3: 0.0.0.0/8 ("this host on this network") is never a destination on a wire; Linux's stack takes a
      // connect() to 0.0.0.0 as one to the local host (net/ipv4/route.c ip_route_output_key_hash_rcu: no daddr → loopback).
      if (ipv4Range(spec) === 'unspecified') return bad(`${spec} is in 0.0.0.0/8 ("this network", RFC 1122), never a packet's destination; for the machine itself trace 127.0.0.1`, 'dst');
      const svc = clusterLookups(c).serviceByIp(spec);
      const found = findByIp(c, spec);
      return { endpoint: found ? { ...found.endpoint, spec } : { spec, ip: spec, kind: svc ? 'service' : 'ip', name: svc ? `${svc.namespace}/${svc.name}` : undefined }, service: svc };
    }
    default:
      return bad(`unknown destination form "${kind}:"; use an IP, pod:, svc:, node:, host: or dns:`, 'dst');
  }
}

/** Resolves a request. Errors name the field (`src`, `dst`, `fromNode`, …) and say what was expected. */
export function resolveFlow(c: CompiledCluster, req: FlowRequest): { resolved?: ResolvedFlow; error?: Diagnostic } {
  const src = resolveSource(c, req.src);
  if ('error' in src) return { error: src.error };
  const srcNs = src.endpoint.kind === 'pod' ? src.endpoint.name!.split('/')[0]! : 'default';
  const srcOs: NodeOs = src.place.kind === 'windows-pod' || src.place.kind === 'windows-node' ? 'windows' : 'linux';
  const limitation = windowsLimitation(c, req, src.endpoint, src.place);
  if (limitation) {
    const flow: Flow = { proto: req.proto ?? 'tcp', src: src.endpoint, dst: { spec: req.dst, ip: isIPv4(req.dst) ? req.dst : '0.0.0.0', kind: 'ip' }, packet: req.packet ?? 'first' };
    const { source, ...reason } = limitation;
    return { resolved: { flow, start: { place: src.place, packet: { headers: [] }, local: true }, srcPlace: src.place, limitation: reason, ...(source ? { limitationSource: source } : {}) } };
  }
  const dst = resolveDestination(c, req.dst, srcNs, srcOs, src.endpoint.ip, req.backend);
  if ('error' in dst) return { error: dst.error };
  const svcPort = dst.service?.ports.find((p) => (req.proto ? p.protocol.toLowerCase() === req.proto : true) && (req.dport ? p.port === req.dport || p.nodePort === req.dport : true));
  const proto: L4Proto = req.proto ?? (svcPort ? (svcPort.protocol.toLowerCase() as L4Proto) : 'tcp');
  const dport = proto === 'icmp' ? undefined : req.dport ?? svcPort?.port ?? DEFAULT_PORT[proto];
  if (req.dport !== undefined && (!Number.isInteger(req.dport) || req.dport < 1 || req.dport > 65535)) return bad(`port ${req.dport} is out of range 1–65535`, 'dport');
  if (req.sport !== undefined && (!Number.isInteger(req.sport) || req.sport < 1 || req.sport > 65535)) return bad(`source port ${req.sport} is out of range 1–65535`, 'sport');
  if (req.size !== undefined && (!Number.isInteger(req.size) || req.size < 28 || req.size > 65535)) return bad(`size ${req.size} is out of range 28–65535 bytes`, 'size');
  const pinError = req.backend ? backendPinError(c.scenario, req.backend, dst.service) : undefined;
  if (pinError) return { error: pinError };
  let start: Arrival;
  let srcPlace = src.place;
  if (req.fromNode) {
    const n = nodePlace(c, req.fromNode);
    if (!n) return bad(`no node "${req.fromNode}" in the scenario`, 'fromNode');
    srcPlace = { kind: 'gateway' };
    start = { place: n.place, packet: { headers: [] }, iif: undefined };
  } else if (src.endpoint.kind === 'ip') {
    return bad(`source ${req.src} is outside the scenario; say where it enters with --from-node`, 'src');
  } else {
    start = { place: src.place, packet: { headers: [] }, local: true };
  }
  const flow: Flow = {
    proto,
    src: src.endpoint,
    dst: dst.endpoint,
    ...(req.sport !== undefined ? { sport: req.sport } : {}),
    ...(dport !== undefined ? { dport } : {}),
    ...(req.size !== undefined ? { size: req.size } : {}),
    ...(req.df !== undefined ? { df: req.df } : {}),
    packet: req.packet ?? 'first',
    ...(req.fromNode ? { fromNode: req.fromNode } : {}),
    ...(req.backend ? { backend: req.backend } : {}),
  };
  return { resolved: { flow, start, srcPlace, resolution: dst.resolution, service: dst.service } };
}
