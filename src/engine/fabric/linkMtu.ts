/**
 * The MTU of the link a Fabric machine sends on. A Fabric host and the
 * gateway are Linux machines in the model (the kernel check builds them as
 * network namespaces), so a packet larger than the link MTU meets the same
 * rules as on a node (model/mtu.ts):
 * - a host's own socket: fragmented locally, or EMSGSIZE when the socket
 *   forbids fragmentation (`ping -M do`, the flow's DF);
 * - the gateway forwarding it: dropped with ICMP "fragmentation needed" when
 *   DF is set, else fragmented.
 * @see Linux ip_finish_output2 → ip_fragment(), ip_forward() (IPSTATS_MIB_FRAGFAILS,
 *   icmp_send ICMP_FRAG_NEEDED); ip(7) IP_MTU_DISCOVER
 *
 * The uplink toward external hosts has no MTU in the Fabric: assumption, 1500
 * (an Ethernet uplink; the kernel check's lab uses the same).
 */
import type { HopContext, HopResult } from '../model/hop';
import type { Packet } from '../model/packet';
import { ipLength } from '../model/packetOps';
import type { StepRecorder } from '../model/steps';
import { checkMtu } from '../model/mtu';

/** Assumption: the gateway's uplink and the external hosts' links are Ethernet at 1500 bytes. */
export const UPLINK_MTU = 1500;

/**
 * Applies the MTU of `link` to a packet that `machine` sends (`local`: from
 * its own socket) or forwards. Returns the packet to send (perhaps its first
 * fragment) or the stop.
 */
export function fabricMtuGate(machine: string, link: string, mtu: number, p: Packet, local: boolean, ctx: HopContext, rec: StepRecorder): Packet | HopResult {
  const d = checkMtu(p, mtu, ctx.flow.df, local);
  const size = ipLength(p);
  if (d.kind === 'fits') return p;
  if (d.kind === 'emsgsize') {
    rec.add({ at: { component: 'socket', layer: machine }, action: 'drop', before: p, explain: 'linux.emsgsize', params: { mtu, dev: link, size } });
    return { steps: rec.steps, outcome: { kind: 'stop', verdict: 'dropped', reason: { code: 'mtu-exceeded-local', params: { mtu, dev: link, size, host: machine } } } };
  }
  if (d.kind === 'frag-needed') {
    rec.add({ at: { component: 'fabric', layer: machine }, action: 'icmp-error', before: p, rule: { text: `${link} mtu ${mtu}`, source: 'Linux ip_forward(): DF set and larger than the MTU of the outgoing link' }, explain: 'linux.fragNeeded', params: { mtu, dev: link, size } });
    return { steps: rec.steps, outcome: { kind: 'stop', verdict: 'dropped', reason: { code: 'fragmentation-needed', params: { mtu, dev: link, size, node: machine } } } };
  }
  return rec.add({ at: { component: 'fabric', layer: machine }, action: 'fragment', before: p, after: d.first, explain: 'linux.fragment', params: { mtu, dev: link, count: d.count, size } });
}
