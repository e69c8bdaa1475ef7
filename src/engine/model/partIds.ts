/**
 * Ids of the topology's parts, one scheme for the drawing (topology/) and
 * the evaluators, which put the id of the part they act on on each step
 * (`Step.part`) as they record it: a machine is `node:NAME`, `host:NAME`,
 * `gateway:NAME` or `net:NAME`; a part is `<parent id>/<role>:<label>`.
 */

/** What an element is; `machine`, `network`, `pod`, `compartment`, `vswitch` contain other elements. */
export type TopoRole =
  | 'node'
  | 'host'
  | 'gateway'
  | 'network'
  // Linux parts
  | 'pod'
  | 'pod-eth0'
  | 'veth'
  | 'routing'
  | 'nft'
  | 'conntrack'
  | 'vxlan'
  | 'nic'
  // Windows parts
  | 'compartment'
  | 'vnic'
  | 'vswitch'
  | 'vfp'
  | 'uft'
  | 'vethernet';

export type MachineRole = Extract<TopoRole, 'node' | 'host' | 'gateway' | 'network'>;

const MACHINE_PREFIX: Record<MachineRole, string> = { node: 'node', host: 'host', gateway: 'gateway', network: 'net' };

/** Labels of the parts every node of an OS has once. */
export const PART_LABEL = { routing: 'ip route', conntrack: 'conntrack', podEth0: 'eth0', vswitch: 'Hyper-V vSwitch', vnic: 'vNIC', uft: 'UFT' } as const;

export function machineId(role: MachineRole, name: string): string {
  return `${MACHINE_PREFIX[role]}:${name}`;
}

export function partId(parent: string, role: TopoRole, label: string): string {
  return `${parent}/${role}:${label}`;
}

/** A part of node `node` (directly under the machine). */
export function nodePartId(node: string, role: TopoRole, label: string): string {
  return partId(machineId('node', node), role, label);
}

/** A pod's own element: its netns on Linux (`pod`), its network compartment on Windows (`compartment`). */
export function podPartId(node: string, role: Extract<TopoRole, 'pod' | 'compartment'>, pod: string): string {
  return nodePartId(node, role, pod);
}
