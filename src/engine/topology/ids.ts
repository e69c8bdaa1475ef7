/**
 * Making topology elements with the id scheme of model/partIds.ts (shared
 * with the evaluators, which put those ids on the steps).
 */
import { partId, type TopoRole } from '../model/partIds';
import type { TopoElement } from './model';

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
