/**
 * A packet inside a Linux pod's netns: sent by the pod's socket (route
 * `default via 169.254.1.1 dev eth0`, eth0's MTU, ARP for 169.254.1.1
 * answered by proxy ARP on the host's `cali…`, then across the veth), or
 * arriving on eth0 for the pod's socket. @see DATAPATH-FACTS §1.1 [C9][C10]
 * A flannel pod instead routes `default via <lease .1>` to the `cni0` bridge
 * and reaches pods of its own lease on-link (linux/flannel.ts).
 */
import type { Arrival, HopContext, HopResult } from '../model/hop';
import type { Packet } from '../model/packet';
import { innerIp, ipLength, patchInnerIp, ports, withOuterEth, withoutOuterEth } from '../model/packetOps';
import { StepRecorder } from '../model/steps';
import { checkMtu } from '../model/mtu';
import { formatNeighbour } from './neigh';
import { formatRoute, localTable, lookupLocal, lookupRoute, routeRuleId } from './routes';
import { podRouteTable } from '../model/ruleIds';
import { notEnforced } from '../policy/flannel';
import type { LinuxNodeState, LinuxPodNetns, Route } from './state';
import type { StepLocation } from '../model/trace';
import { linuxPartOf } from './parts';

const POD_LOOPBACK = { name: 'lo', addrs: ['127.0.0.1/8'] };

const podLocalTables = new WeakMap<LinuxPodNetns, { eth0: LinuxPodNetns['eth0']; table: Route[] }>();

/** The pod netns' `local` table (its `lo` and eth0 addresses), built once per compiled pod, not per packet. */
function podLocalTable(pod: LinuxPodNetns): Route[] {
  const hit = podLocalTables.get(pod);
  if (hit && hit.eth0 === pod.eth0) return hit.table;
  const table = localTable([POD_LOOPBACK, pod.eth0]);
  podLocalTables.set(pod, { eth0: pod.eth0, table });
  return table;
}

/**
 * A packet for the pod's own addresses (127.0.0.0/8 on its `lo`, its eth0
 * address) stays in the pod's netns: the `local` table sends it through the
 * pod's `lo` to the pod's own socket. Assumption, as for every pod socket:
 * something listens on the port.
 */
function loopback(st: LinuxNodeState, pod: LinuxPodNetns, p0: Packet, r: Route, unbound: boolean, rec: StepRecorder): HopResult {
  const ip0 = innerIp(p0);
  const p = unbound ? patchInnerIp(p0, { src: r.src ?? ip0.dst }) : p0;
  rec.add({ at: { component: 'pod', layer: pod.pod, table: 'local' }, action: 'route', before: p, rule: { text: formatRoute(r), source: r.source, owner: pod.ref }, explain: 'pod.routeLocalTable', params: { dst: ip0.dst, pod: pod.pod } });
  const ip = innerIp(p);
  const { sport, dport } = ports(p);
  rec.add({ at: { component: 'socket', layer: pod.pod }, action: 'deliver', before: p, rule: { text: `lo of ${pod.pod}`, source: 'drivers/net/loopback.c; assumption: a socket of the pod listens on the port', assumption: true }, explain: 'pod.deliverLoopback', params: { pod: pod.pod, dst: ip.dst } });
  const icmp = ip.proto === 'icmp';
  return { steps: rec.steps, outcome: { kind: 'deliver', delivered: { node: st.name, pod: pod.pod, ip: ip.dst, port: icmp ? undefined : dport, seenSrcIp: ip.src, seenSrcPort: icmp ? undefined : sport, ttl: ip.ttl } } };
}

function send(st: LinuxNodeState, pod: LinuxPodNetns, p0: Packet, ctx: HopContext, rec: StepRecorder, unbound: boolean): HopResult {
  const at: StepLocation = { component: 'pod', layer: pod.pod };
  const dst = innerIp(p0).dst;
  const local = lookupLocal(podLocalTable(pod), dst);
  if (local) return loopback(st, pod, p0, local, unbound, rec);
  const r = lookupRoute(pod.routes, dst);
  if (!r) return { steps: rec.steps, outcome: { kind: 'stop', verdict: 'no-route', reason: { code: 'no-route', params: { dst, pod: pod.pod } } } };
  let p = rec.add({ at: { ...at, table: 'main' }, action: 'route', before: p0, after: p0, rule: { id: routeRuleId(r, podRouteTable(pod.pod)), text: formatRoute(r), source: r.source, owner: pod.ref }, explain: pod.bridge ? (r.via ? 'pod.routeBridge' : 'pod.routeOnLink') : 'pod.route', params: { dst, via: r.via ?? '', pod: pod.pod, ...(pod.bridge ? { bridge: pod.bridge } : {}) } });
  const d = checkMtu(p, pod.eth0.mtu, ctx.flow.df, true);
  if (d.kind === 'emsgsize') {
    rec.add({ at: { ...at, layer: 'eth0' }, action: 'drop', before: p, explain: 'linux.emsgsize', params: { mtu: d.mtu, dev: 'eth0', size: ipLength(p) } });
    return { steps: rec.steps, outcome: { kind: 'stop', verdict: 'dropped', reason: { code: 'mtu-exceeded-local', params: { mtu: d.mtu, dev: 'eth0', size: ipLength(p), pod: pod.pod } } } };
  }
  if (d.kind === 'fragment') {
    p = rec.add({ at: { ...at, layer: 'eth0' }, action: 'fragment', before: p, after: d.first, explain: 'linux.fragment', params: { mtu: pod.eth0.mtu, dev: 'eth0', count: d.count, size: ipLength(p) } });
  }
  if (pod.unenforcedPolicies?.egress.length) sayNotEnforced(pod, 'egress', p, ctx, rec);
  // The next hop: the gateway, or on flannel's bridge the destination itself when it is on-link (same lease).
  const neigh = pod.neigh.find((n) => n.ip === (r.via ?? dst));
  const framed = withOuterEth(p, { src: pod.eth0.mac, dst: neigh?.mac ?? 'ff:ff:ff:ff:ff:ff' });
  rec.add({
    at: { ...at, layer: 'eth0' },
    action: 'transmit',
    before: p,
    after: framed,
    rule: neigh ? { text: formatNeighbour(neigh), source: neigh.source } : undefined,
    explain: 'pod.transmit',
    params: { veth: pod.hostVeth, mtu: pod.eth0.mtu },
  });
  return { steps: rec.steps, outcome: { kind: 'send', next: { place: { kind: 'linux-host', node: st.name }, packet: framed, iif: pod.hostVeth } } };
}

/** Flannel: the policies that select the pod are named, and not enforced. */
function sayNotEnforced(pod: LinuxPodNetns, dir: 'ingress' | 'egress', p: Packet, ctx: HopContext, rec: StepRecorder): void {
  const n = notEnforced(pod.pod, dir, pod.unenforcedPolicies![dir], p);
  rec.add(n.step);
  ctx.warnings.push(n.warning);
}

function receive(st: LinuxNodeState, pod: LinuxPodNetns, p0: Packet, ctx: HopContext, rec: StepRecorder): HopResult {
  const p = rec.add({ at: { component: 'pod', layer: pod.pod }, action: 'receive', before: p0, after: withoutOuterEth(p0), explain: 'pod.receive', params: { pod: pod.pod }, level: 'detail' });
  const ip = innerIp(p);
  if (ip.dst !== pod.ip) {
    return { steps: rec.steps, outcome: { kind: 'stop', verdict: 'dropped', reason: { code: 'not-for-this-pod', params: { dst: ip.dst, pod: pod.pod } } } };
  }
  if (pod.unenforcedPolicies?.ingress.length) sayNotEnforced(pod, 'ingress', p, ctx, rec);
  const { sport, dport } = ports(p);
  rec.add({ at: { component: 'socket', layer: pod.pod }, action: 'deliver', before: p, explain: 'pod.deliver', params: { pod: pod.pod, src: ip.src, ttl: ip.ttl } });
  const icmp = ip.proto === 'icmp';
  return {
    steps: rec.steps,
    outcome: { kind: 'deliver', delivered: { node: st.name, pod: pod.pod, ip: ip.dst, port: icmp ? undefined : dport, seenSrcIp: ip.src, seenSrcPort: icmp ? undefined : sport, ttl: ip.ttl } },
  };
}

/** Evaluates a packet in a pod's netns on a Linux node. */
export function evaluateLinuxPod(st: LinuxNodeState, pod: LinuxPodNetns, arrival: Arrival, ctx: HopContext): HopResult {
  const rec = new StepRecorder(st.name, linuxPartOf(st, pod));
  return arrival.local ? send(st, pod, arrival.packet, ctx, rec, arrival.unboundSource === true) : receive(st, pod, arrival.packet, ctx, rec);
}
