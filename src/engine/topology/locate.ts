/**
 * Which topology element a trace step acts on, from the step's node and
 * location (`at.component`, `at.layer`): the nftables table for a netfilter
 * step, the VFP layer for a vfp step, the pod for a pod or socket step, the
 * interface for a link step, the machine for a Fabric step.
 *
 * A step whose layer names no element of its own (a pod's `eth0`, a Windows
 * vNIC port) is placed by the packet's addresses (the pod that sends or
 * receives it), else by the pod the trace was last in on that node.
 */
import type { Packet } from '../model/packet';
import type { Step, Trace } from '../model/trace';
import type { TopoElement, TopoRole, Topology, TraceLocations } from './model';

interface Index {
  byMachine: Map<string, TopoElement[]>;
  byId: Map<string, TopoElement>;
}

function indexTopology(t: Topology): Index {
  const byMachine = new Map<string, TopoElement[]>();
  for (const e of t.elements) byMachine.set(e.machine, [...(byMachine.get(e.machine) ?? []), e]);
  return { byMachine, byId: new Map(t.elements.map((e) => [e.id, e])) };
}

/** The pod (or compartment) last seen per machine, for steps that do not name their pod. */
export type LocateContext = Map<string, string>;

function ipsOf(p: Packet): string[] {
  const ips = p.headers.filter((h) => h.kind === 'ipv4');
  const inner = ips[ips.length - 1];
  return inner ? [inner.src, inner.dst] : [];
}

function podByAddress(parts: TopoElement[], role: TopoRole, step: Step): TopoElement | undefined {
  const ips = [...ipsOf(step.before), ...ipsOf(step.after)];
  return parts.find((e) => e.role === role && e.detail !== undefined && ips.includes(e.detail));
}

function childOf(parts: TopoElement[], parent: TopoElement | undefined, role: TopoRole): TopoElement | undefined {
  return parent && parts.find((e) => e.parent === parent.id && e.role === role);
}

function find(parts: TopoElement[], role: TopoRole | TopoRole[], label?: string): TopoElement | undefined {
  const roles = Array.isArray(role) ? role : [role];
  return parts.find((e) => roles.includes(e.role) && (label === undefined || e.label === label));
}

function machineOf(parts: TopoElement[]): TopoElement | undefined {
  return parts.find((e) => e.parent === undefined);
}

function locateIn(parts: TopoElement[], step: Step, ctx: LocateContext, byId: Index['byId']): TopoElement | undefined {
  const { component, layer, table } = step.at;
  const machine = machineOf(parts);
  const lastPod = byId.get(ctx.get(machine?.machine ?? '') ?? '');
  const podNamed = layer ? find(parts, ['pod', 'compartment'], layer) : undefined;
  switch (component) {
    case 'pod':
    case 'resolver':
      if (podNamed) return podNamed;
      return childOf(parts, podByAddress(parts, 'pod', step) ?? lastPod, 'pod-eth0');
    case 'socket':
      return podNamed ?? machine;
    case 'routing':
      // Windows routes in the host stack behind vEthernet (Ethernet): the routing step is placed there.
      return find(parts, 'routing') ?? (layer ? find(parts, ['vethernet', 'nic'], layer) : undefined) ?? machine;
    case 'netfilter':
      return (table && find(parts, 'nft', table)) || machine;
    case 'conntrack':
      return find(parts, 'conntrack');
    case 'vxlan':
      return find(parts, 'vxlan', layer) ?? find(parts, 'vxlan');
    case 'link':
      return (layer && find(parts, ['nic', 'veth', 'vxlan', 'vethernet'], layer)) || machine;
    case 'compartment':
      return podNamed ?? podByAddress(parts, 'compartment', step) ?? lastPod;
    case 'vnic':
      return childOf(parts, podNamed ?? podByAddress(parts, 'compartment', step) ?? lastPod, 'vnic') ?? find(parts, 'vswitch');
    case 'vfp':
      return find(parts, 'vfp', layer) ?? find(parts, 'vswitch');
    case 'uft':
      return find(parts, 'uft') ?? find(parts, 'vswitch');
    case 'vswitch':
      return find(parts, 'vswitch');
    default:
      // `fabric`, `wire`, `node` and anything new: the machine itself.
      return machine;
  }
}

/**
 * The element a step acts on, or null when its node is not in the topology.
 * Updates `ctx` with the pod the step is in, for later steps that do not name one.
 */
export function locateStep(t: Topology, step: Step, ctx: LocateContext = new Map(), index = indexTopology(t)): string | null {
  const parts = step.node ? index.byMachine.get(step.node) : undefined;
  if (!parts) return null;
  const found = locateIn(parts, step, ctx, index.byId);
  if (!found) return null;
  const pod = found.role === 'pod' || found.role === 'compartment' ? found : found.parent ? index.byId.get(found.parent) : undefined;
  if (pod && (pod.role === 'pod' || pod.role === 'compartment')) ctx.set(found.machine, pod.id);
  return found.id;
}

/** Locates every step of a trace and of its reply. */
export function locateTrace(t: Topology, trace: Trace): TraceLocations {
  const index = indexTopology(t);
  const ctx: LocateContext = new Map();
  const steps = trace.steps.map((s) => locateStep(t, s, ctx, index));
  return trace.reply ? { steps, reply: locateTrace(t, trace.reply) } : { steps };
}
