/**
 * A VXLAN packet arriving on a Linux node's NIC for one of its addresses: the
 * VXLAN device bound to the UDP destination port takes it, checks the VNI and
 * strips the outer headers; the inner packet re-enters the stack on that
 * device. No device on the port, or none for the VNI, and the kernel drops it.
 */
import type { HopResult } from '../model/hop';
import type { ReasonCode } from '../model/stepVocabulary';
import type { Packet } from '../model/packet';
import { outerIp, vxlanHeader } from '../model/packetOps';
import type { StepRecorder } from '../model/steps';
import { VXLAN_IFACE } from './names';
import { linkId } from '../model/ruleIds';
import type { Link, LinuxNodeState } from './state';

function stop(rec: StepRecorder, code: ReasonCode, params: Record<string, string | number>): HopResult {
  return { steps: rec.steps, outcome: { kind: 'stop', verdict: 'dropped', reason: { code, params } } };
}

/**
 * A VXLAN packet for one of this node's addresses: the VXLAN device bound to
 * its UDP destination port, if any. `none` when no device listens there (the
 * port is then closed, like any UDP port without a socket).
 */
function vxlanDeviceFor(st: LinuxNodeState, p: Packet): { link: Link } | { none: true; dport: number } | undefined {
  const o = outerIp(p);
  const udp = p.headers[p.headers.indexOf(o) + 1];
  if (vxlanHeader(p) === undefined || udp?.kind !== 'udp' || !st.localAddrs.includes(o.dst)) return undefined;
  const link = st.links.find((l) => l.kind === 'vxlan' && l.vxlan?.port === udp.dport);
  return link ? { link } : { none: true, dport: udp.dport };
}

/** The node's VXLAN devices as `name dstport P id V` (what the reasons name), or `none`. */
function vxlanDevices(st: LinuxNodeState): string {
  const devs = st.links.filter((l) => l.vxlan).map((l) => `${l.name} dstport ${l.vxlan!.port} id ${l.vxlan!.vni}`);
  return devs.length ? devs.join(', ') : 'none';
}

/**
 * VXLAN to a UDP port no VXLAN device of this node binds: the UDP stack finds
 * no socket, answers ICMP port unreachable to the outer source, and the inner
 * packet is never seen. @see Linux net/ipv4/udp.c __udp4_lib_rcv (no socket:
 * icmp_send ICMP_PORT_UNREACH); the device's socket is bound to its dstport
 * (drivers/net/vxlan vxlan_open → vxlan_sock_add).
 */
function vxlanPortClosed(st: LinuxNodeState, p: Packet, dport: number, rec: StepRecorder): HopResult {
  const o = outerIp(p);
  const vni = vxlanHeader(p)!.vni;
  const answer: Packet = { headers: [{ kind: 'ipv4', src: o.dst, dst: o.src, ttl: 64, proto: 'icmp', len: 56 }, { kind: 'icmp', type: 3, code: 3 }] };
  const devices = vxlanDevices(st);
  rec.add({ at: { component: 'socket', layer: st.nic.name }, action: 'reject', before: p, after: answer, rule: { text: `udp ${o.dst}:${dport}: no socket (VXLAN devices: ${devices})`, source: 'Linux net/ipv4/udp.c __udp4_lib_rcv (no socket → ICMP port unreachable); drivers/net/vxlan: the device listens on its dstport only' }, explain: 'linux.vxlanPortClosed', params: { port: dport, vni, devices, from: o.src } });
  return stop(rec, 'vxlan-port-closed', { port: dport, vni, devices, node: st.name });
}

/**
 * Receives VXLAN for this node: undefined when `p` is not VXLAN for one of its
 * addresses; a stop when no device takes it; else the decapsulated packet and
 * the device it enters on.
 */
export function receiveVxlan(st: LinuxNodeState, p: Packet, rec: StepRecorder): { packet: Packet; iif: string } | HopResult | undefined {
  const found = vxlanDeviceFor(st, p);
  if (!found) return undefined;
  if ('none' in found) return vxlanPortClosed(st, p, found.dport, rec);
  const link = found.link;
  const vx = vxlanHeader(p)!;
  const inner: Packet = { headers: p.headers.slice(p.headers.indexOf(vx) + 2) };
  if (vx.vni !== link.vxlan!.vni) {
    // vxlan_rcv(): no device for this VNI on the socket (vxlan_vs_find_vni) → the packet is dropped, no ICMP.
    const rule = { text: `${link.name}: vxlan id ${link.vxlan!.vni} dstport ${link.vxlan!.port}`, source: 'Linux drivers/net/vxlan vxlan_rcv (vxlan_vs_find_vni finds no device: drop)' };
    rec.add({ at: { component: 'vxlan', layer: link.name }, action: 'drop', before: p, rule, explain: 'linux.vniMismatch', params: { vni: vx.vni, expected: link.vxlan!.vni, dev: link.name, port: link.vxlan!.port } });
    return stop(rec, 'vxlan-vni-no-device', { vni: vx.vni, expected: link.vxlan!.vni, dev: link.name, port: link.vxlan!.port, node: st.name });
  }
  const source = link.name === VXLAN_IFACE ? 'C1 felix/dataplane/linux/vxlan_mgr.go' : 'F6 flannel pkg/backend/vxlan/device.go newVXLANDevice';
  const packet = rec.add({ at: { component: 'vxlan', layer: link.name }, action: 'decapsulate', before: p, after: inner, rule: { id: linkId(link.name), text: `${link.name}: vxlan id ${link.vxlan!.vni} local ${link.vxlan!.local} dev ${link.vxlan!.dev} dstport ${link.vxlan!.port} nolearning`, source }, explain: 'linux.decapsulate', params: { vni: vx.vni, from: outerIp(p).src, dev: link.name } });
  return { packet, iif: link.name };
}
