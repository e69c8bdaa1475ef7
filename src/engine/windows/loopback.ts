/** Packets for a Windows host's or compartment's own addresses stay in its stack; the host's own flows are remembered. */
import type { HopResult } from '../model/hop';
import type { Packet } from '../model/packet';
import { innerIp, patchInnerIp, ports } from '../model/packetOps';
import { sameTuple, tupleOf } from '../model/flowTuple';
import { HOST_VNIC } from './network';
import type { WindowsPod } from './state';
import { uftTable } from './uft';
import type { Ctx } from './nodeContext';
import { isLoopback } from '../model/ipv4';
import { deliverToHost, hostPort } from './nodeContext';

/**
 * A packet for the host's own address stays in its TCP/IP stack (loopback):
 * it never enters the vSwitch or VFP. The host's addresses: the node IP on
 * `vEthernet (Ethernet)`, 127.0.0.0/8, and the `.2` of the block — on
 * L2Bridge `Calico_ep` is hot-attached to the host compartment [C25]; on
 * overlay it is the source VIP endpoint, a remote endpoint whose provider
 * address is this node [C25][K1], taken as the host's own (assumption).
 */
export function hostLoopback(c: Ctx, p: Packet): HopResult {
  const { st, rec } = c;
  const dst = innerIp(p).dst;
  const sourceVip = dst === st.hostEndpoint.IPAddress;
  const overlayVip = sourceVip && st.mode === 'overlay';
  rec.add({
    at: { component: 'routing', layer: HOST_VNIC },
    action: 'route',
    before: p,
    rule: {
      text: sourceVip ? `Get-HnsEndpoint ${st.hostEndpoint.Name}: IPAddress ${dst}${st.hostEndpoint.IsRemoteEndpoint ? ', IsRemoteEndpoint true' : ''}` : `${dst}: a local address of the host (Loopback Pseudo-Interface 1 / ${HOST_VNIC})`,
      source: sourceVip ? `C25 Calico CNI (Calico_ep: .2 of the block)${overlayVip ? '; K1 winkernel sourceVip endpoint (PA = this node); assumption: the host answers for it as its own address' : '; hot-attached to the host compartment'}` : 'Windows TCP/IP: packets to a local address are looped back in the stack',
      ...(overlayVip ? { assumption: true } : {}),
    },
    explain: 'windows.hostLoopback',
    params: { dst },
  });
  return deliverToHost(c, p);
}

/**
 * A pod sending to its own address or to 127.0.0.0/8: the compartment's own
 * TCP/IP stack loops it back; it never reaches the vNIC. Assumption, as for
 * every pod socket: something listens on the port.
 */
export function compartmentLoopback(c: Ctx, pod: WindowsPod, p0: Packet, unbound: boolean): HopResult {
  const { rec } = c;
  const dst = innerIp(p0).dst;
  const p = unbound ? patchInnerIp(p0, { src: isLoopback(dst) ? '127.0.0.1' : dst }) : p0;
  rec.add({ at: { component: 'compartment', layer: pod.pod }, action: 'route', before: p, rule: { text: `${dst}: a local address of the compartment of ${pod.pod}`, source: 'Windows TCP/IP: packets to a local address are looped back in the compartment; assumption: a socket of the pod listens on the port', owner: pod.ref, assumption: true }, explain: 'windows.compartmentLoopback', params: { dst, pod: pod.pod } });
  const ip = innerIp(p);
  const { sport, dport } = ports(p);
  rec.add({ at: { component: 'socket', layer: pod.pod }, action: 'deliver', before: p, explain: 'windows.deliverPod', params: { pod: pod.pod, ip: ip.dst } });
  return { steps: rec.steps, outcome: { kind: 'deliver', delivered: { node: c.st.name, pod: pod.pod, ip: ip.dst, ...(ip.proto === 'icmp' ? {} : { port: dport, seenSrcPort: sport }), seenSrcIp: ip.src, ttl: ip.ttl } } };
}

/**
 * The host's own connections are stateful too: their replies match the flow
 * (VFP unified flow on the host port) before any load balancer, so a reply to
 * a port that is also a NodePort is not load-balanced as a new connection.
 * @see DATAPATH-FACTS §5 [M9][M10]: the unified flow table is consulted before the layers.
 */
export function rememberHostFlow(c: Ctx, p: Packet): void {
  const key = tupleOf(p);
  const table = uftTable(c.ctx, c.st.name);
  if (table.some((e) => sameTuple(e.key, key))) return;
  table.push({ port: hostPort(c.st).id, key, result: key, route: { kind: 'host' }, text: 'no rewrite (host flow)', hits: 0 });
}
