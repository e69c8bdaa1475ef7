/**
 * The path between stations of a Fabric subnet may carry less than the NICs
 * send (`pathMtu` below `mtu`: a cloud underlay of 1400 bytes under 1500-byte
 * NICs). A frame whose IP packet is larger does not arrive: a switch or an
 * underlay does not fragment and sends no ICMP (it is not the IP hop that
 * could), so the packet is lost silently; with VXLAN the outer packet is what
 * counts, so encapsulated traffic dies first.
 * @see RFC 4459 §3 (tunnel MTU black holes); RFC 1191 §1 (only a router that
 * forwards the packet reports "fragmentation needed").
 * Assumption: no device of the underlay answers with ICMP (a plain L2 path).
 */
import type { HopResult } from '../model/hop';
import type { Packet } from '../model/packet';
import { ipLength, withoutOuterEth } from '../model/packetOps';
import { StepRecorder } from '../model/steps';
import type { FabricState } from './fabric';

/** A stop when the frame sent over `link` is larger than the link's path MTU; undefined when it fits. */
export function pathMtuDrop(f: FabricState, link: string, from: string, to: string, frame: Packet): HopResult | undefined {
  const subnet = f.segments.find((sg) => sg.subnet.name === link)?.subnet;
  const p = withoutOuterEth(frame);
  const size = ipLength(p);
  if (subnet?.pathMtu === undefined || size <= subnet.pathMtu) return undefined;
  const rec = new StepRecorder(link);
  const params = { link, pathMtu: subnet.pathMtu, mtu: subnet.mtu, size, from, to };
  rec.add({ at: { component: 'fabric', layer: link }, action: 'drop', before: p, rule: { text: `Fabric subnet ${link}: mtu ${subnet.mtu}, pathMtu ${subnet.pathMtu}`, source: 'RFC 4459 §3 (a path narrower than the link MTU loses larger packets); assumption: the underlay sends no ICMP', assumption: true }, explain: 'fabric.pathMtu', params });
  return { steps: rec.steps, outcome: { kind: 'stop', verdict: 'dropped', reason: { code: 'path-mtu-exceeded', params } } };
}
