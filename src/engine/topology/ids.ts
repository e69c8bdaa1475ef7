/**
 * Ids of topology elements, one scheme for the builder and the step locator:
 * a machine is `node:NAME`, `host:NAME`, `gateway:NAME` or `net:NAME`; a part
 * is `<parent id>/<role>:<label>`.
 */
import type { TopoElement, TopoRole } from './model';

export type MachineRole = Extract<TopoRole, 'node' | 'host' | 'gateway' | 'network'>;

const MACHINE_PREFIX: Record<MachineRole, string> = { node: 'node', host: 'host', gateway: 'gateway', network: 'net' };

export function machineId(role: MachineRole, name: string): string {
  return `${MACHINE_PREFIX[role]}:${name}`;
}

export function partId(parent: string, role: TopoRole, label: string): string {
  return `${parent}/${role}:${label}`;
}

/** Makes the parts of one machine: `part(role, label, detail?, parent = the machine)`. */
export function partFactory(machine: string, os: TopoElement['os'], machineNodeId: string) {
  return (role: TopoRole, label: string, detail?: string, parent = machineNodeId): TopoElement => ({
    id: partId(parent, role, label),
    role,
    label,
    ...(detail ? { detail } : {}),
    parent,
    machine,
    os,
  });
}
