/**
 * What every step of a packet's walk through a Windows node shares: the
 * walk's context, its loop guard and verdicts, the node's ports, and the
 * header rewrites the layers and the host use.
 */
import type { CtTuple, HopContext, HopResult, UftRoute } from '../model/hop';
import { cidrContains } from '../model/ipv4';
import type { Packet } from '../model/packet';
import { innerIp, patchInnerIp, patchInnerL4, ports } from '../model/packetOps';
import { type StepRecorder } from '../model/steps';
import { hasNodePort } from './lbIndex';
import type { StepRule } from '../model/trace';
import { vfpRuleId } from '../model/ruleIds';
import { HOST_VNIC, PHYSICAL_NIC } from './network';
import type { WindowsNodeState } from './state';
import { LAYER, type VfpPort, type VfpRule } from './vfp';
import { formatRule } from './vfpMatch';
import type { ReasonCode } from '../model/stepVocabulary';
import { aclBlockReason } from '../policy/windowsAclMatch';

export const VXLAN_PORT = 4789;
export const TTL_ASSUMPTION = 'assumption: VFP decrements the TTL once when it routes a packet out of its subnet';

export interface Ctx {
  st: WindowsNodeState;
  ctx: HopContext;
  rec: StepRecorder;
  /** Switch passes taken inside this node for one packet (switch → host → switch …); bounded by MAX_SWITCH_PASSES. */
  passes: number;
  /** Whether a socket on this node (a pod's or the host's) sent the packet, vs the node forwarding it (MTU decisions). */
  local: boolean;
}

/**
 * Passes through the switch one packet may take inside a node before the walk
 * stops. A real packet crosses the vSwitch a few times at most (pod port →
 * host port → external port); more means the model sends it in a circle.
 */
export const MAX_SWITCH_PASSES = 8;

/** Counts one more pass through the switch; past the limit the packet stops with a verdict instead of recursing on. */
export function loopGuard(c: Ctx, p: Packet): HopResult | undefined {
  if (++c.passes <= MAX_SWITCH_PASSES) return undefined;
  c.rec.add({ at: { component: 'vswitch', layer: c.st.network.Name }, action: 'drop', before: p, rule: { text: `${MAX_SWITCH_PASSES} passes through ${c.st.network.Name} for one packet`, source: 'packetwalk: the model has no rule for this packet that ends inside the node', assumption: true }, explain: 'windows.switchLoop', params: { dst: innerIp(p).dst, passes: MAX_SWITCH_PASSES } });
  return stop(c, 'dropped', 'switch-loop', { dst: innerIp(p).dst, passes: MAX_SWITCH_PASSES });
}

/** Where the switch sends a packet after the layers. */
export type Decision = UftRoute;

export function stop(c: Ctx, verdict: 'dropped' | 'rejected' | 'no-route' | 'unsupported', code: ReasonCode, params: Record<string, string | number>): HopResult {
  return { steps: c.rec.steps, outcome: { kind: 'stop', verdict, reason: { code, params: { node: c.st.name, ...params } } } };
}

/** The ACL layer blocked the packet at `r`: the reason names the policy where Felix's origin is known. */
export function aclStop(c: Ctx, r: VfpRule): HopResult {
  return { steps: c.rec.steps, outcome: { kind: 'stop', verdict: 'dropped', reason: aclBlockReason(r, c.st.name) } };
}

/** A VFP rule of `port` (in layer `layer`, else the layer that lists it) as a step's rule, its id naming the line `vfpctrl /list-rule` prints (views.ts). */
export function ruleOf(r: VfpRule, port: VfpPort, layer?: string): StepRule {
  const name = layer ?? port.layers.find((l) => l.rules.includes(r))?.name;
  return { id: name !== undefined ? vfpRuleId(port.id, name, r.direction, r.id) : undefined, text: `${formatRule(r)}\n${r.hns}`, source: r.source, ...(r.owner ? { owner: r.owner } : {}), ...(r.assumption ? { assumption: true } : {}) };
}

export function portOfPod(st: WindowsNodeState, pod: string): VfpPort | undefined {
  return st.ports.find((p) => p.pod === pod);
}

export function hostPort(st: WindowsNodeState): VfpPort {
  return st.ports.find((p) => p.kind === 'host')!;
}

export function externalPort(st: WindowsNodeState): VfpPort {
  return st.ports.find((p) => p.kind === 'external')!;
}

export function rewrite(p: Packet, t: CtTuple): Packet {
  let q = patchInnerIp(p, { src: t.src, dst: t.dst });
  if (t.proto !== 'icmp') q = patchInnerL4(q, { sport: t.sport, dport: t.dport });
  return q;
}

export function decrementTtl(p: Packet): Packet {
  return patchInnerIp(p, { ttl: innerIp(p).ttl - 1 });
}

/** Whether the packet's destination port is a NodePort of this node. */
export function nodePortOn(st: WindowsNodeState, p: Packet): boolean {
  return hasNodePort(st, ports(p).dport, innerIp(p).proto);
}

/**
 * A decapsulated packet from another subnet is routed into this one by the
 * distributed router: the TTL drops once, as on the way out (assumption, see
 * the module note); a packet from this node's own subnet is only switched.
 */
export function routedIn(c: Ctx, p: Packet): Packet {
  if (cidrContains(c.st.block, innerIp(p).src)) return p;
  const q = decrementTtl(p);
  c.rec.add({ at: { component: 'vfp', layer: LAYER.paRoute, chain: PHYSICAL_NIC }, action: 'route', before: p, after: q, rule: { text: `${c.st.block.text} (${c.st.network.Name}, gateway ${c.st.network.Subnets[0]?.GatewayAddress ?? ''})`, source: TTL_ASSUMPTION, assumption: true }, explain: 'windows.routeIn', params: { dst: innerIp(p).dst, subnet: c.st.block.text }, level: 'detail' });
  return q;
}


/** Up the host's stack to a socket of the node. */
export function deliverToHost(c: Ctx, p: Packet): HopResult {
  const ip = innerIp(p);
  const { sport, dport } = ports(p);
  c.rec.add({ at: { component: 'socket', layer: HOST_VNIC }, action: 'deliver', before: p, explain: 'windows.deliverHost', params: { ip: ip.dst } });
  return { steps: c.rec.steps, outcome: { kind: 'deliver', delivered: { node: c.st.name, ip: ip.dst, ...(ip.proto === 'icmp' ? {} : { port: dport, seenSrcPort: sport }), seenSrcIp: ip.src, ttl: ip.ttl } } };
}

