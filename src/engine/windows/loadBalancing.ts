/**
 * kube-proxy's HNS load balancers at work in VFP: picking a backend,
 * rewriting the packet (one function for the pod ports' LB layers and the
 * host port's NodePort/external load balancers), and the service frontends
 * that have no load balancer on this node (decided from the compiled state,
 * `lbFailures`, never from what the user asked for).
 */
import { ephemeralPort } from '../model/hash';
import type { HopResult } from '../model/hop';
import type { Packet } from '../model/packet';
import { innerIp, patchInnerIp, patchInnerL4, ports } from '../model/packetOps';
import { tupleOf } from '../model/flowTuple';
import { HOST_VNIC } from './network';
import type { LbFailure, WindowsNodeState } from './state';
import { LAYER, type VfpAction, type VfpRule } from './vfp';
import { frontendsOfVip } from './lbIndex';
import type { Ctx } from './nodeContext';
import { stop } from './nodeContext';

type LbAction = Extract<VfpAction, { type: 'lb' }>;
export type LbBackend = LbAction['backends'][number];

/**
 * Picks a load balancer backend: `ctx.pick` with the backends as `ip:port`,
 * as kube-proxy's random choice; with SourceIP distribution (sessionAffinity
 * ClientIP, [K3]) the client address alone decides, so every connection of a
 * client lands on the same backend.
 */
export function pickBackend(c: Ctx, a: LbAction, r: VfpRule, p: Packet): LbBackend {
  if (a.shadows?.length) c.ctx.warnings.push({ code: 'duplicate-load-balancer', params: { node: c.st.name, vip: innerIp(p).dst, port: ports(p).dport ?? 0, used: a.lbId, shadowed: a.shadows.join(', ') } });
  const choices = a.backends.map((b) => `__${b.ip}/${b.port}`);
  return a.backends[c.ctx.pick(choices, r.id, a.affinity ? `sourceip:${innerIp(p).src}` : undefined)]!;
}

/**
 * The load balancer's rewrite: DNAT to the backend (none with PreserveDIP,
 * `preserve-destination: "true"` [K1][K2]: the pod sees the VIP), and SNAT
 * to the source VIP when the load balancer is not DSR.
 */
export function lbRewrite(a: LbAction, b: LbBackend, p: Packet): Packet {
  let q = a.preserveDip ? p : patchInnerL4(patchInnerIp(p, { dst: b.ip }), { dport: b.port });
  if (a.snatTo) {
    const t = tupleOf(p);
    q = patchInnerL4(patchInnerIp(q, { src: a.snatTo }), { sport: ephemeralPort(`lb-snat:${t.src}:${t.sport}>${t.dst}:${t.dport}`) });
  }
  return q;
}

/** The frontend (VIP, port, protocol) of a packet that has no load balancer on this node, if any. */
export function failedLb(st: WindowsNodeState, p: Packet): LbFailure | undefined {
  const ip = innerIp(p);
  const { dport } = ports(p);
  return frontendsOfVip(st, ip.dst).failures.find((f) => f.port === dport && f.proto === ip.proto);
}

const service = (f: LbFailure): string => `${f.service.namespace}/${f.service.name}`;

/**
 * A packet for a service frontend with no load balancer. At the host (a
 * NodePort on the node's own address) the packet reaches the host's TCP/IP
 * stack, where nothing listens: TCP answers with a reset, UDP with ICMP port
 * unreachable, like the reject on Linux (assumption: Windows Firewall lets
 * the packet reach the stack). Anywhere else (a ClusterIP, an external or
 * ingress IP the node does not own) nothing answers (assumption: lost).
 */
export function missingLbStop(c: Ctx, p: Packet, f: LbFailure, atHost: boolean): HopResult {
  const { st, rec } = c;
  if (f.reason === 'backend-cap') {
    rec.add({
      at: { component: 'vfp', layer: LAYER.slbLb },
      action: 'drop',
      before: p,
      rule: { text: `hcnCreateLoadBalancer ${f.vip}:${f.port}/${f.proto}: ${f.backends} backends > ${f.cap}`, source: `${st.lbCap.source}; the other sources say ${st.lbCap.otherCap}: ${st.lbCap.otherSource}`, owner: f.service, assumption: true },
      explain: 'windows.lbCapExceeded',
      params: { vip: f.vip, count: f.backends, cap: f.cap, otherCap: st.lbCap.otherCap, build: st.osBuild.label },
    });
    return stop(c, 'unsupported', 'lb-backend-cap-exceeded', { service: service(f), count: f.backends, cap: f.cap, otherCap: st.lbCap.otherCap, build: st.osBuild.label });
  }
  const down = f.reason === 'kube-proxy-down' ? st.kubeProxy.down : undefined;
  const why = down ? `kube-proxy is not running on ${st.name}: ${down.reason}` : `${service(f)} has no usable endpoint for this node`;
  const source = down ? down.source : 'K1 winkernel syncProxyRules: no usable endpoints → no load balancer';
  const code = down ? 'windows-kube-proxy-down' : atHost ? 'no-listener' : 'no-load-balancer';
  if (atHost) {
    const reset = innerIp(p).proto === 'tcp';
    rec.add({ at: { component: 'socket', layer: HOST_VNIC }, action: 'reject', before: p, rule: { text: `${f.kind} ${f.vip}:${f.port}/${f.proto}: no load balancer (${why}); no socket listens on port ${f.port}`, source: `${source}; the host's TCP/IP stack answers a port without a listener with ${reset ? 'a TCP reset' : 'ICMP port unreachable'} (assumption: Windows Firewall lets the packet reach the stack)`, owner: f.service, assumption: true }, explain: 'windows.noListener', params: { port: f.port, service: service(f) } });
    return stop(c, 'rejected', code, { service: service(f), vip: f.vip, port: f.port });
  }
  rec.add({ at: { component: 'vfp', layer: LAYER.slbLb }, action: 'drop', before: p, rule: { text: `no load balancer for ${f.vip}:${f.port}/${f.proto} (${why})`, source: `${source}; assumption: the packet is lost (no reject rule exists on Windows)`, owner: f.service, assumption: true }, explain: 'windows.noLoadBalancer', params: { vip: f.vip, service: service(f) } });
  return stop(c, 'dropped', code, { service: service(f), vip: f.vip, port: f.port });
}

/**
 * ICMP to a service frontend: an HNS load balancer maps TCP or UDP ports
 * only (PortMappings Protocol 6/17, [H1][K2]; the Kubernetes Windows page
 * lists the supported flows for TCP/UDP, [K6]), so no rule of it matches an
 * echo request and nothing answers it (assumption: lost, not rejected).
 */
export function icmpToServiceVip(c: Ctx, p: Packet): HopResult | undefined {
  const ip = innerIp(p);
  if (ip.proto !== 'icmp') return undefined;
  const ofVip = frontendsOfVip(c.st, ip.dst);
  const lb = ofVip.lbs[0] ?? ofVip.failures[0];
  if (!lb) return undefined;
  const svc = `${lb.service.namespace}/${lb.service.name}`;
  c.rec.add({ at: { component: 'vfp', layer: LAYER.slbLb }, action: 'drop', before: p, rule: { text: `${svc}: load balancers for ${ip.dst} map TCP/UDP ports only; no rule matches ICMP`, source: 'H1 hcnloadbalancer.go PortMappings Protocol (6 TCP, 17 UDP); K2 winkernel creates one per TCP/UDP service port; K6 supported flows are TCP/UDP; assumption: the echo request is lost', owner: lb.service, assumption: true }, explain: 'windows.icmpToVip', params: { vip: ip.dst, service: svc } });
  return stop(c, 'dropped', 'icmp-to-service-vip', { vip: ip.dst, service: svc });
}

/**
 * A ClusterIP this node has load balancers for, on a port none of them
 * serves. kube-proxy programs only the Service's ports [K1], and on overlay
 * it also creates a remote endpoint for the ClusterIP (host MAC, PA = the
 * node IP, [K1] syncProxyRules), so the VIP is known to the vSwitch and the
 * packet is not routed out to the gateway. Assumption: VFP drops it (no
 * source says what happens to an unmatched port of a known VIP).
 */
export function unservedClusterIpPort(c: Ctx, p: Packet): HopResult | undefined {
  const ip = innerIp(p);
  if (ip.proto === 'icmp') return undefined;
  const { dport } = ports(p);
  const group = frontendsOfVip(c.st, ip.dst);
  const frontends = [...group.lbs.map((x) => ({ kind: x.kind, port: x.externalPort, proto: x.proto as string, service: x.service })), ...group.failures.map((x) => ({ kind: x.kind, port: x.port, proto: x.proto, service: x.service }))];
  const ofVip = frontends.filter((x) => x.kind === 'ClusterIP');
  if (ofVip.length === 0 || ofVip.some((x) => x.port === dport && x.proto === ip.proto)) return undefined;
  const svc = `${ofVip[0]!.service.namespace}/${ofVip[0]!.service.name}`;
  const served = ofVip.map((x) => `${x.port}/${x.proto}`).join(', ');
  c.rec.add({ at: { component: 'vfp', layer: LAYER.slbLb }, action: 'drop', before: p, rule: { text: `${svc} ${ip.dst}: load balancers for ${served} only; none for ${dport ?? 0}/${ip.proto}`, source: `K1 winkernel syncProxyRules: one load balancer per Service port${c.st.mode === 'overlay' ? ', and a remote endpoint for the ClusterIP (the VIP is local to the vSwitch)' : ''}; assumption: VFP drops a packet to an unserved port of a known VIP instead of routing it out`, owner: ofVip[0]!.service, assumption: true }, explain: 'windows.clusterIpPortNotServed', params: { vip: ip.dst, port: dport ?? 0, proto: ip.proto } });
  return stop(c, 'dropped', 'clusterip-port-not-served', { vip: ip.dst, port: dport ?? 0, proto: ip.proto, service: svc });
}
