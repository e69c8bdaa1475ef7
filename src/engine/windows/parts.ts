/**
 * Where a step on a Windows node is drawn (model/partIds.ts): the evaluators
 * build their StepRecorder with `windowsPartOf`, so every step carries the
 * id of the part it acts on: a pod's compartment or vNIC, a VFP layer on the
 * Hyper-V switch, the flow cache, `vEthernet (Ethernet)`, `Ethernet`; the
 * node itself for what has no part of its own. Mirrors
 * topology/windowsParts.ts, which draws the parts.
 */
import { machineId, nodePartId, PART_LABEL, partId, podPartId } from '../model/partIds';
import type { PartOf } from '../model/steps';
import type { Component } from '../model/stepVocabulary';
import type { StepLocation } from '../model/trace';
import { HOST_VNIC, PHYSICAL_NIC } from './network';
import type { WindowsNodeState } from './state';
import { LAYER } from './vfp';

type Locator = (at: StepLocation) => string | undefined;

const VFP_LAYERS: readonly string[] = Object.values(LAYER);

/** Step locations → parts of node `st`. */
export function windowsPartOf(st: WindowsNodeState): PartOf {
  const node = st.name;
  const machine = machineId('node', node);
  const vswitch = nodePartId(node, 'vswitch', PART_LABEL.vswitch);
  const compartment = (layer: string | undefined) => (layer !== undefined && st.pods.some((p) => p.pod === layer) ? podPartId(node, 'compartment', layer) : undefined);
  const adapter = (layer: string | undefined) => (layer === HOST_VNIC ? nodePartId(node, 'vethernet', HOST_VNIC) : layer === PHYSICAL_NIC ? nodePartId(node, 'nic', PHYSICAL_NIC) : undefined);
  const onMachine: Locator = () => machine;
  const notOnWindows: Locator = () => undefined;
  const byComponent: Record<Component, Locator> = {
    compartment: (at) => compartment(at.layer),
    vnic: (at) => {
      const c = compartment(at.layer);
      return c ? partId(c, 'vnic', PART_LABEL.vnic) : vswitch;
    },
    vswitch: () => vswitch,
    vfp: (at) => (at.layer !== undefined && VFP_LAYERS.includes(at.layer) ? partId(vswitch, 'vfp', at.layer) : vswitch),
    uft: () => partId(vswitch, 'uft', PART_LABEL.uft),
    // Windows routes in the host stack behind vEthernet (Ethernet).
    routing: (at) => adapter(at.layer) ?? machine,
    link: (at) => adapter(at.layer) ?? machine,
    socket: (at) => compartment(at.layer) ?? machine,
    pod: (at) => compartment(at.layer),
    resolver: (at) => compartment(at.layer),
    netfilter: onMachine,
    ipip: onMachine,
    fabric: onMachine,
    node: onMachine,
    conntrack: notOnWindows,
    vxlan: notOnWindows,
  };
  return (at) => byComponent[at.component](at);
}
