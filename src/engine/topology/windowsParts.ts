/**
 * The inner parts of a Windows node: each pod's network compartment with its
 * vNIC (a port on the Hyper-V switch), the vSwitch with the VFP layers a
 * packet passes and the unified flow cache, the host vNIC
 * `vEthernet (Ethernet)` and the physical `Ethernet` adapter.
 *
 * Read from the scenario (pods on the node), so the picture exists before
 * and independently of the HNS/VFP compile.
 * Assumption: the VFP layers listed are those winkernel kube-proxy and Calico
 * program for an overlay/l2bridge network (Microsoft SDN docs name them);
 * a step at a layer not listed is located on the vSwitch itself.
 */
import type { PodSpec } from '../model/scenario';
import { HOST_VNIC, PHYSICAL_NIC } from '../windows/network';
import { LAYER } from '../windows/vfp';
import { PART_LABEL } from '../model/partIds';
import { partFactory } from './ids';
import type { TopoEdge, TopoElement } from './model';

/** The VFP layers a packet can pass, in the order the engine evaluates them (windows/vfp.ts). */
const VFP_LAYERS = Object.values(LAYER);

export function windowsParts(node: string, pods: PodSpec[], podIP: ReadonlyMap<string, string>, nodeId: string): { elements: TopoElement[]; edges: TopoEdge[] } {
  const part = partFactory(node, 'windows', nodeId);
  const elements: TopoElement[] = [];
  const edges: TopoEdge[] = [];
  const vswitch = part('vswitch', PART_LABEL.vswitch);
  for (const p of pods) {
    const ref = `${p.namespace}/${p.name}`;
    const podIp = podIP.get(ref);
    if (p.hostNetwork || !podIp) continue;
    const compartment = part('compartment', ref, podIp);
    const vnic = part('vnic', PART_LABEL.vnic, undefined, compartment.id);
    elements.push(compartment, vnic);
    edges.push({ id: `${vnic.id}~${vswitch.id}`, source: vnic.id, target: vswitch.id, kind: 'veth' });
  }
  elements.push(vswitch);
  for (const layer of VFP_LAYERS) elements.push(part('vfp', layer, undefined, vswitch.id));
  elements.push(part('uft', PART_LABEL.uft, undefined, vswitch.id));
  elements.push(part('vethernet', HOST_VNIC));
  elements.push(part('nic', PHYSICAL_NIC));
  return { elements, edges };
}
