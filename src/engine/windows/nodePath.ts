/**
 * A packet on a Windows node: the pod's compartment, its vNIC into the
 * Hyper-V switch, the VFP layers of the port (or the unified flow cache), and
 * out: to another port on the switch, VXLAN to another node, or through the
 * host to the physical network. From the wire: the external port, VXLAN
 * decapsulation, the host vNIC port (NodePort load balancers, replies to
 * OutBoundNAT flows) or a pod's port.
 *
 * Sources: DATAPATH-FACTS §4 (HNS), §5 (VFP), §7 (limitations), §8 (Calico on
 * Windows); the seed (VFP, unified flow, limitations). What no source pins
 * down is marked `assumption` on the step's rule:
 * - TTL: the VFP routing step decrements the TTL once when the packet leaves
 *   its subnet (as the distributed router); traffic within the subnet keeps it.
 * - The overlay gateway `.1` answers with the network's DrMacAddress.
 */
import type { Arrival, HopContext, HopResult } from '../model/hop';
import { cidrContains, isLoopback } from '../model/ipv4';
import type { Packet } from '../model/packet';
import { innerIp, outerIp, patchInnerIp, ports, vxlanHeader, withOuterEth, withoutOuterEth } from '../model/packetOps';
import { sameTuple, tupleOf } from '../model/flowTuple';
import { StepRecorder } from '../model/steps';
import { hnsMac, packetMac } from './hns';
import { HOST_VNIC, PHYSICAL_NIC } from './network';
import type { WindowsNodeState, WindowsPod } from './state';
import { describeTransposition, uftLookup, uftTable, type UftHit } from './uft';
import { LAYER, type VfpPort } from './vfp';
import { hnsObjectId } from '../model/ruleIds';
import { matchLayer } from './vfpMatch';
import { aclStep } from '../policy/windowsAclMatch';
import type { Ctx, Decision } from './nodeContext';
import { aclStop, decrementTtl, deliverToHost, externalPort, hostPort, loopGuard, nodePortOn, portOfPod, routedIn, ruleOf, stop, TTL_ASSUMPTION, VXLAN_PORT } from './nodeContext';
import { encapsulate, routeByHost, transmitEncapsulated } from './egress';
import { applyFlow, cachedRoute, recordFlow } from './flowCache';
import { compartmentLoopback, hostLoopback, rememberHostFlow } from './loopback';
import { routeOnly, routingDecision, walkLayersOut } from './layerWalk';
import { noNetworkStop } from './networkMissing';
import { windowsCniPlugin } from './cni/registry';
import { failedLb, lbRewrite, missingLbStop, pickBackend } from './loadBalancing';
import { frontendsOfVip } from './lbIndex';
import type { StepLocation } from '../model/trace';
import { windowsPartOf } from './parts';
import { warnL2bridgeDsr, warnNodePortOverlay } from './buildIssues';
import { isStop, overlayInnerMtu, vnicMtu, windowsMtuGate } from './vnicMtu';
import { VXLAN_OVERHEAD } from '../model/packet';

/** A packet VFP is about to wrap in VXLAN must fit the NIC with the outer headers (first packet and cached flow alike). */
function encapMtuGate(c: Ctx, p: Packet): Packet | HopResult {
  const mtu = c.st.nicMtu;
  return windowsMtuGate(c, p, { mtu: overlayInnerMtu(mtu), dev: HOST_VNIC, at: { component: 'vfp', layer: LAYER.encap, chain: PHYSICAL_NIC }, local: c.local, why: `VXLAN adds ${VXLAN_OVERHEAD} bytes to a packet on ${HOST_VNIC} (MTU ${mtu})` });
}

/**
 * A cached flow: VFP applies the whole transposition, encapsulation included, in one step (flowCache.ts), so
 * the MTU the first packet met before its encapsulation applies here first.
 */
function applyCachedFlow(c: Ctx, hit: UftHit, p: Packet, port: string): ReturnType<typeof applyFlow> | HopResult {
  const fitted = cachedRoute(hit)?.kind === 'encap' ? encapMtuGate(c, p) : p;
  return isStop(fitted) ? fitted : applyFlow(c, hit, fitted, port);
}

/**
 * Carries out the switch's decision for a packet that has been through the
 * layers (or the flow cache). `composed` runs once the layers' last action
 * (the encapsulation, if any) is recorded: the first packet's unified flow.
 */
function dispatch(c: Ctx, p0: Packet, d: Decision, composed?: () => void): HopResult {
  let p = p0;
  const { st, rec } = c;
  const looped = loopGuard(c, p);
  if (looped) return looped;
  if (d.kind !== 'encap') composed?.();
  if (d.kind === 'encap') {
    const fitted = encapMtuGate(c, p);
    if (isStop(fitted)) return fitted;
    p = fitted;
    const outer = encapsulate(c, p, d);
    rec.add({
      at: { component: 'vfp', layer: LAYER.encap, chain: PHYSICAL_NIC },
      action: 'encapsulate',
      before: p,
      after: outer,
      rule: { text: `VXLAN VSID ${d.vni}, UDP ${VXLAN_PORT}, PA ${st.ip} → ${d.pa}, inner MAC ${packetMac(st.network.DrMacAddress ?? st.hostMac)} → ${d.drMac}`, source: 'M2/K6 overlay (VXLAN with the VSID); C22 RemoteSubnetRoute; outer TTL 128 is the Windows default (assumption)', assumption: true },
      explain: 'windows.encapsulate',
      params: { vni: d.vni, remote: d.pa, local: st.ip },
    });
    composed?.();
    return transmitEncapsulated(c, outer, d.pa);
  }
  if (d.kind === 'local') return switchToIp(c, p);
  return routeByHost(c, p, d.kind === 'mac-rewrite' ? d.srcMac : st.hostMac);
}

// ---------------------------------------------------------------- into the switch from a port

/** A packet entering the switch from `port` (a pod's vNIC or the host vNIC). */
function switchFromPort(c: Ctx, port: VfpPort, p: Packet, srcPod?: WindowsPod): HopResult {
  const hit = uftLookup(uftTable(c.ctx, c.st.name), tupleOf(p), port.id);
  if (hit) {
    const applied = applyCachedFlow(c, hit, p, port.label);
    if (isStop(applied)) return applied;
    if (applied.route?.kind === 'encap') return transmitEncapsulated(c, applied.packet, applied.route.pa);
    if (applied.route) return dispatch(c, applied.packet, applied.route);
    // First reply: the routing layer decides where it goes; the reply's route and transposition are cached.
    const w = routeOnly(c, port, applied.packet);
    if (w.stopped) return w.stopped;
    hit.entry.replyRoute = w.decision!;
    hit.entry.replyText = describeTransposition(tupleOf(p), tupleOf(w.packet), w.decision);
    return dispatch(c, w.packet, w.decision!);
  }
  const w = walkLayersOut(c, port, p, srcPod);
  if (w.stopped) return w.stopped;
  return dispatch(c, w.packet, w.decision!, () => recordFlow(c, port, p, w.packet, w.decision!));
}

// ---------------------------------------------------------------- from the switch to a port

/** The switch delivers to the port that owns the destination IP. */
function switchToIp(c: Ctx, p: Packet): HopResult {
  const { st, rec } = c;
  const looped = loopGuard(c, p);
  if (looped) return looped;
  const dst = innerIp(p).dst;
  const pod = st.pods.find((x) => x.ip === dst);
  if (pod && st.networkMissing) return noNetworkStop(c, p, st.networkMissing);
  if (pod) return deliverToPod(c, pod, p);
  if (dst === st.hostEndpoint.IPAddress || dst === st.ip) return toHost(c, p);
  const borrowed = st.foreignInBlock.find((x) => x.ip === dst);
  rec.add({
    at: { component: 'vswitch', layer: st.network.Name },
    action: 'drop',
    before: p,
    rule: { text: `${st.network.Name} subnet ${st.block.text}: no endpoint with IPAddress ${dst}`, source: 'the seed: «VFP будет считать его своим, локальным»; DATAPATH-FACTS §8.2 [D3][D1] (strictAffinity)' },
    explain: borrowed ? 'windows.borrowedAddress' : 'windows.noEndpoint',
    params: { ip: dst, block: st.block.text, pod: borrowed?.pod ?? '', owner: borrowed?.node ?? '' },
  });
  return borrowed ? stop(c, 'dropped', 'address-in-windows-block', { ip: dst, pod: borrowed.pod, block: st.block.text, podNode: borrowed.node }) : stop(c, 'dropped', 'no-endpoint', { ip: dst });
}

function deliverToPod(c: Ctx, pod: WindowsPod, p0: Packet): HopResult {
  const { st, rec } = c;
  const port = portOfPod(st, pod.pod)!;
  let p = p0;
  const table = uftTable(c.ctx, st.name);
  const t = tupleOf(p);
  const hit = uftLookup(table, t);
  const established = hit !== undefined;
  if (hit?.dir === 'reverse' && hit.entry.text !== 'no rewrite (inbound flow)' && !sameTuple(hit.entry.key, hit.entry.result)) {
    p = applyFlow(c, hit, p, port.label).packet;
  }
  rec.add({ at: { component: 'vswitch', layer: st.network.Name }, action: 'switch', before: p, explain: 'windows.switchToPort', params: { pod: pod.pod, port: port.id }, level: 'detail' });
  if (!established) {
    for (const layer of [...port.layers].reverse()) {
      const r = matchLayer(layer, p, 'in');
      if (!r) continue;
      const rule = ruleOf(r, port, layer.name);
      const at: StepLocation = { component: 'vfp', layer: layer.name, chain: port.label };
      if (r.action.type === 'block') {
        rec.add({ at, action: 'drop', before: p, rule, ...aclStep(r, true) });
        return aclStop(c, r);
      }
      if (r.action.type === 'allow') rec.add({ at, action: 'allow', before: p, rule, ...aclStep(r, false) });
    }
    const key = tupleOf(p);
    table.push({ port: port.id, key, result: key, route: { kind: 'local' }, text: 'no rewrite (inbound flow)', hits: 0 });
    rec.add({ at: { component: 'uft', layer: port.label }, action: 'flow-create', before: p, rule: { text: `unified flow ${port.label}: no rewrite (inbound flow)`, source: 'M9/M10 VFP unified flow table (stateful: the reply matches this flow)' }, explain: 'windows.uftCreateInbound', params: {}, level: 'detail' });
  }
  const ip = innerIp(p);
  const { sport, dport } = ports(p);
  const framed = withOuterEth(p.headers[0]?.kind === 'eth' ? withoutOuterEth(p) : p, { src: packetMac(st.mode === 'overlay' ? st.network.DrMacAddress ?? st.hostMac : hnsMac(st.hostEndpoint.MacAddress)), dst: pod.mac });
  rec.add({ at: { component: 'vnic', layer: pod.pod }, action: 'receive', before: p, after: framed, rule: { id: hnsObjectId('endpoint', pod.endpointId), text: `Get-HnsEndpoint ${pod.endpointId}: IPAddress ${pod.ip}, MacAddress ${hnsMac(pod.mac)}`, source: 'C25 Calico CNI endpoint', owner: pod.ref }, explain: 'windows.vnicIn', params: { pod: pod.pod }, level: 'detail' });
  rec.add({ at: { component: 'socket', layer: pod.pod }, action: 'deliver', before: framed, explain: 'windows.deliverPod', params: { pod: pod.pod, ip: ip.dst } });
  return {
    steps: rec.steps,
    outcome: { kind: 'deliver', delivered: { node: st.name, pod: pod.pod, ip: ip.dst, ...(ip.proto === 'icmp' ? {} : { port: dport, seenSrcPort: sport }), seenSrcIp: ip.src, ttl: ip.ttl } },
  };
}

/** The host vNIC port, inbound: replies to flows the host NATed, NodePort load balancers, or the host itself. */
function toHost(c: Ctx, p: Packet): HopResult {
  const { st, rec } = c;
  const looped = loopGuard(c, p);
  if (looped) return looped;
  const port = hostPort(st);
  const hit = uftLookup(uftTable(c.ctx, st.name), tupleOf(p));
  // A reverse hit of a flow without rewrite (a pod's inbound flow) was already applied at the pod's port: nothing to undo here.
  const undo = hit?.dir === 'reverse' && !sameTuple(hit.entry.key, hit.entry.result);
  if (hit && (undo || hit.entry.port === port.id)) {
    const applied = applyCachedFlow(c, hit, p, port.label);
    if (isStop(applied)) return applied;
    if (applied.route?.kind === 'encap') return transmitEncapsulated(c, applied.packet, applied.route.pa);
    if (applied.route) return dispatch(c, applied.packet, applied.route);
    const dst = innerIp(applied.packet).dst;
    if (dst === st.ip) return deliverToHost(c, applied.packet);
    if (cidrContains(st.block, dst)) return switchToIp(c, applied.packet);
    return routeByHost(c, applied.packet, st.hostMac);
  }
  for (const layer of port.layers) {
    if (layer.name !== LAYER.slbLb) continue;
    const r = matchLayer(layer, p, 'in');
    if (!r || r.action.type !== 'lb') continue;
    const a = r.action;
    warnNodePortOverlay(c, p, a.dsr);
    const b = pickBackend(c, a, r, p);
    const q = rec.add({ at: { component: 'vfp', layer: layer.name, chain: port.label }, action: a.preserveDip ? 'steer' : a.snatTo ? 'dnat+snat' : 'dnat', before: p, after: lbRewrite(a, b, p), rule: ruleOf(r, port, layer.name), explain: a.healthCheck ? 'windows.healthCheckLb' : a.preserveDip ? 'windows.preserveDip' : a.dsr ? 'windows.nodePortDsr' : 'windows.nodePortSnat', params: { port: ports(p).dport ?? 0, backend: `${b.ip}:${b.port}`, snat: a.snatTo ?? '', vip: innerIp(p).dst, endpoint: st.hostEndpoint.Name } });
    const steerTo = a.preserveDip ? st.pods.find((x) => x.ip === b.ip) : undefined;
    if (steerTo) {
      recordFlow(c, port, p, q, { kind: 'local' });
      return deliverToPod(c, steerTo, q);
    }
    const route = port.layers[port.layers.length - 1]!;
    const rr = matchLayer(route, q, 'out');
    if (!rr) return stop(c, 'dropped', 'vfp-no-decision', { port: port.label });
    const w = routingDecision(c, port, q, rr, route.name);
    if (w.stopped) return w.stopped;
    return dispatch(c, w.packet, w.decision!, () => recordFlow(c, port, p, w.packet, w.decision!));
  }
  const f = failedLb(st, p);
  if (f) return missingLbStop(c, p, f, true);
  const health = st.healthPorts.find((h) => h.port === ports(p).dport && innerIp(p).proto === 'tcp');
  if (health) rec.add({ at: { component: 'socket', layer: HOST_VNIC }, action: 'match', before: p, rule: { text: `${health.what}: *:${health.port}`, source: health.source }, explain: 'windows.healthCheckServer', params: { port: health.port, what: health.what }, level: 'detail' });
  return deliverToHost(c, p);
}

// ---------------------------------------------------------------- entry points

/** A pod sends: its compartment's route, its vNIC, into the switch. */
function fromPod(c: Ctx, podName: string, p0: Packet, unbound: boolean): HopResult {
  const { st, rec } = c;
  const pod = st.pods.find((x) => x.pod === podName);
  const port = pod && portOfPod(st, podName);
  if (st.networkMissing) return noNetworkStop(c, p0, st.networkMissing);
  if (!pod || !port) return stop(c, 'dropped', 'no-endpoint', { pod: podName, ip: innerIp(p0).src });
  const dst = innerIp(p0).dst;
  if (isLoopback(dst) || dst === pod.ip) return compartmentLoopback(c, pod, p0, unbound);
  const p = p0;
  const onLink = cidrContains(st.block, dst);
  const nextHop = onLink ? dst : pod.gateway;
  rec.add({
    at: { component: 'compartment', layer: pod.pod },
    action: 'route',
    before: p,
    rule: { text: onLink ? `${st.block.text} on-link (vEthernet of ${pod.pod})` : `0.0.0.0/0 → ${pod.gateway}`, source: 'C25 Calico CNI: endpoint gateway and route 0.0.0.0/0 → gateway', owner: pod.ref },
    explain: onLink ? 'windows.compartmentOnLink' : 'windows.compartmentRoute',
    params: { dst, nextHop, subnet: st.block.text },
  });
  if (dst === st.ip && nodePortOn(st, p)) {
    rec.add({ at: { component: 'compartment', layer: pod.pod }, action: 'drop', before: p, rule: { text: `NodePort ${ports(p).dport} on ${dst}`, source: 'M6 microsoft/SDN Kubernetes/flannel/overlay/README.md: NodePort access works except from pods on the same host (assumption: still so)', assumption: true }, explain: 'windows.nodePortFromLocalPod', params: { port: ports(p).dport ?? 0 } });
    return stop(c, 'unsupported', 'nodeport-from-local-pod', { port: ports(p).dport ?? 0, pod: pod.pod });
  }
  warnL2bridgeDsr(c, p);
  const localPeer = st.pods.find((x) => x.ip === dst);
  const gwMac = st.mode === 'overlay' ? st.network.DrMacAddress ?? hnsMac(st.hostMac) : st.hostEndpoint.MacAddress;
  const peerMac = localPeer ? localPeer.mac : dst === st.hostEndpoint.IPAddress ? packetMac(st.hostEndpoint.MacAddress) : 'ff:ff:ff:ff:ff:ff';
  const dstMac = onLink ? peerMac : packetMac(gwMac);
  const ep = st.endpoints.find((e) => e.ID === pod.endpointId);
  const mtu = vnicMtu(st.nicMtu, ep);
  const fitted = windowsMtuGate(c, p0, { mtu, dev: `vEthernet (${ep?.Name ?? pod.pod})`, at: { component: 'vnic', layer: pod.pod }, local: true, why: `HNS endpoint ${pod.endpointId} of ${pod.pod}: ${HOST_VNIC} MTU ${st.nicMtu} − EncapOverhead ${st.nicMtu - mtu}`, params: { pod: pod.pod, overhead: st.nicMtu - mtu } });
  if (isStop(fitted)) return fitted;
  const framed = withOuterEth(fitted, { src: pod.mac, dst: dstMac });
  rec.add({ at: { component: 'vnic', layer: pod.pod }, action: 'transmit', before: fitted, after: framed, rule: { id: hnsObjectId('endpoint', pod.endpointId), text: `Get-HnsEndpoint ${pod.endpointId}: MacAddress ${hnsMac(pod.mac)}, GatewayAddress ${pod.gateway}`, source: 'C25 Calico CNI endpoint; assumption: the overlay gateway answers ARP with the DrMacAddress', owner: pod.ref, assumption: st.mode === 'overlay' }, explain: 'windows.vnicOut', params: { pod: pod.pod, port: port.id } });
  return switchFromPort(c, port, framed, pod);
}

/** A packet from the physical network at the external port. */
function fromWire(c: Ctx, arrival: Arrival): HopResult {
  const { st, rec } = c;
  const ext = externalPort(st);
  let p = rec.add({ at: { component: 'link', layer: PHYSICAL_NIC }, action: 'receive', before: arrival.packet, after: withoutOuterEth(arrival.packet), explain: 'windows.receive', params: {}, level: 'detail' });
  // No HNS network, so no VFP on the external port: a packet for one of its pods stops here with the
  // readiness finding as reason (networkMissing.ts), before any VXLAN port or route check of a network that is not there.
  if (st.networkMissing && st.pods.some((x) => x.ip === innerIp(p).dst)) return noNetworkStop(c, p, st.networkMissing);
  const vx = vxlanHeader(p);
  if (vx && outerIp(p).dst === st.ip) {
    const udp = p.headers[1];
    const rule = ext.layers[0]?.rules[0];
    if (!rule || rule.action.type !== 'decap') {
      rec.add({ at: { component: 'vfp', layer: LAYER.encap, chain: PHYSICAL_NIC }, action: 'drop', before: p, explain: 'windows.noOverlay', params: {} });
      return stop(c, 'dropped', 'vxlan-not-expected', {});
    }
    if (udp?.kind !== 'udp' || udp.dport !== VXLAN_PORT) {
      rec.add({ at: { component: 'vfp', layer: LAYER.encap, chain: PHYSICAL_NIC }, action: 'drop', before: p, rule: ruleOf(rule, ext), explain: 'windows.vxlanPort', params: { port: udp?.kind === 'udp' ? udp.dport : 0 } });
      return stop(c, 'dropped', 'vxlan-port-unsupported', { port: udp?.kind === 'udp' ? udp.dport : 0 });
    }
    if (vx.vni !== rule.action.vni) {
      rec.add({ at: { component: 'vfp', layer: LAYER.encap, chain: PHYSICAL_NIC }, action: 'drop', before: p, rule: ruleOf(rule, ext), explain: 'windows.vsidMismatch', params: { vni: vx.vni, expected: rule.action.vni } });
      return stop(c, 'dropped', 'vni-mismatch', { vni: vx.vni });
    }
    const inner: Packet = { headers: p.headers.slice(p.headers.indexOf(vx) + 1) };
    p = rec.add({ at: { component: 'vfp', layer: LAYER.encap, chain: PHYSICAL_NIC }, action: 'decapsulate', before: p, after: inner, rule: ruleOf(rule, ext), explain: 'windows.decapsulate', params: { vni: vx.vni, from: outerIp(p).src } });
    return switchToIp(c, routedIn(c, p));
  }
  const dst = innerIp(p).dst;
  if (dst === st.ip || frontendsOfVip(st, dst).lbs.some((lb) => lb.kind === 'ExternalIP' || lb.kind === 'LoadBalancer' || lb.kind === 'HealthCheck')) return toHost(c, p);
  if (cidrContains(st.block, dst) && st.mode === 'l2bridge') {
    const pod = st.pods.find((x) => x.ip === dst);
    const q = withOuterEth(p, { src: st.hostMac, dst: pod?.mac ?? st.hostMac });
    const routed = decrementTtl(q);
    rec.add({ at: { component: 'vfp', layer: LAYER.macRewrite, chain: PHYSICAL_NIC }, action: 'mac-rewrite', before: p, after: routed, rule: { text: `L2Bridge ${st.network.Name}: destination MAC ${hnsMac(st.hostMac)} → ${pod ? hnsMac(pod.mac) : '?'}`, source: `M2/K6: l2bridge rewrites MACs on ingress and egress; ${TTL_ASSUMPTION}`, assumption: true }, explain: 'windows.macRewriteIn', params: { dst } });
    return switchToIp(c, routed);
  }
  rec.add({ at: { component: 'link', layer: PHYSICAL_NIC }, action: 'drop', before: p, explain: 'windows.notForUs', params: { dst } });
  return stop(c, 'dropped', 'not-for-this-node', { dst });
}

/** A process on the node itself sends (a hostNetwork/HostProcess client, `--src node:…`). */
function fromHost(c: Ctx, p0: Packet, unbound: boolean): HopResult {
  const { st, rec } = c;
  const dst = innerIp(p0).dst;
  const ownAddress = dst === st.ip || dst === st.hostEndpoint.IPAddress || isLoopback(dst);
  // An unbound socket sending to one of the host's own addresses takes that address (127.0.0.1 for loopback) as its source.
  const p = ownAddress && unbound ? patchInnerIp(p0, { src: isLoopback(dst) ? '127.0.0.1' : dst }) : p0;
  const { dport } = ports(p);
  if (ownAddress && nodePortOn(st, p)) {
    rec.add({ at: { component: 'routing', layer: HOST_VNIC }, action: 'drop', before: p, rule: { text: `NodePort ${dport} on ${dst}`, source: 'K6 kubernetes.io windows-networking limitations; the seed («NodePort недоступен с самого узла»)' }, explain: 'windows.nodePortFromNode', params: { port: dport ?? 0 } });
    return stop(c, 'unsupported', 'nodeport-from-own-node', { port: dport ?? 0 });
  }
  if (ownAddress) {
    // A reply to a pod's flow that OutBoundNAT translated to the node IP belongs to that flow: VFP reverses it (existing model).
    const natted = uftLookup(uftTable(c.ctx, st.name), tupleOf(p));
    if (natted?.dir === 'reverse' && natted.entry.port !== hostPort(st).id) return toHost(c, p);
    return hostLoopback(c, p);
  }
  const clusterIpLb = frontendsOfVip(st, dst).lbs.find((lb) => lb.kind === 'ClusterIP' && lb.externalPort === dport && lb.proto === innerIp(p).proto);
  if (clusterIpLb) {
    rec.add({ at: { component: 'routing', layer: HOST_VNIC }, action: 'drop', before: p, rule: { text: `${dst}:${dport}: ClusterIP load balancer without LocalRoutedVIP`, source: 'M4 learn.microsoft.com common-problems: the node cannot reach services by ClusterIP from the host (pods can); K2 winkernel sets LocalRoutedVIP ("VIP access from the host") only on NodePort load balancers', owner: clusterIpLb.service }, explain: 'windows.clusterIpFromHost', params: { vip: dst } });
    return stop(c, 'unsupported', 'clusterip-from-windows-host', { vip: dst });
  }
  const inOverlay = cidrContains(st.block, dst) || st.ports.some((port) => port.kind === 'host' && port.layers.some((l) => l.rules.some((r) => r.action.type === 'encap' && r.match.dst?.some((d) => cidrContains(d, dst)))));
  rec.add({ at: { component: 'routing', layer: HOST_VNIC }, action: 'route', before: p0, after: p, explain: 'windows.hostSource', params: { dst, src: st.ip } });
  const unreachable = inOverlay && !cidrContains(st.block, dst) ? windowsCniPlugin(st.datapath.cni.modelledAs).hostToRemotePod?.(c, p) : undefined;
  if (unreachable) return unreachable;
  if (inOverlay) {
    const framed = withOuterEth(p, { src: st.hostMac, dst: packetMac(st.network.DrMacAddress ?? st.hostMac) });
    return switchFromPort(c, hostPort(st), framed);
  }
  rememberHostFlow(c, p);
  return routeByHost(c, p, st.hostMac);
}

/**
 * Evaluates a packet at a Windows node.
 * @param pod the sending pod when the packet starts in a pod's compartment.
 * @returns the steps and what happens next (send on the wire, deliver, or stop with a verdict).
 */
export function evaluateWindowsNode(st: WindowsNodeState, arrival: Arrival, ctx: HopContext): HopResult {
  const c: Ctx = { st, ctx, rec: new StepRecorder(st.name, windowsPartOf(st)), passes: 0, local: arrival.local === true };
  if (arrival.place.kind === 'windows-pod' && arrival.local) return fromPod(c, arrival.place.pod, arrival.packet, arrival.unboundSource === true);
  if (arrival.local) return fromHost(c, arrival.packet, arrival.unboundSource === true);
  return fromWire(c, arrival);
}
