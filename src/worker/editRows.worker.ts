/**
 * The what-if forms' long lists, paged here (issue 18: the main thread never
 * holds every node, pod or Service): the nodes, pods and Services a form
 * shows, the pods a Service could add as endpoints, and the free address a
 * pod form suggests on each node. Runs only in the engine worker (and in
 * tests).
 */
import type { CompiledCluster } from '../engine/index';
import { editableNodes, editablePods, editableServices, type EditableNode, type EditablePod, type EditableService } from '../edit/editableModel';
import { freeInBlock } from '../edit/freeAddress';
import type { EditList, EditRowOf, EditRowQuery, IpamView, RowPage } from './api';
import { page } from './rows.worker';
import { ipamViewOf } from './whatIf.worker';

const podText = (p: EditablePod): string => `${p.namespace}/${p.name} ${p.node} ${p.ip ?? ''}`.toLowerCase();
const nodeText = (n: EditableNode): string => `${n.name} ${n.os} ${n.ip ?? ''} ${n.build ?? ''}`.toLowerCase();
const serviceText = (s: EditableService): string => `${s.namespace}/${s.name} ${s.type}`.toLowerCase();

/** The pods that could become endpoints of `service`: in its namespace, with an address it does not list yet. */
function* endpointCandidates(pods: readonly EditablePod[], services: readonly EditableService[], service: { namespace: string; name: string } | undefined): Generator<EditablePod> {
  const svc = service && services.find((s) => s.namespace === service.namespace && s.name === service.name);
  if (!svc) return;
  const listed = new Set(svc.endpoints.map((e) => e.ip));
  for (const p of pods) if (p.namespace === svc.namespace && p.ip && !listed.has(p.ip)) yield p;
}

export interface EditRowSource {
  rows<L extends EditList>(query: EditRowQuery & { list: L }): RowPage<EditRowOf<L>>;
  /** A free address in each node's own IPAM block; nodes without a block (or a free address) are left out. */
  freeAddresses(nodes: readonly string[]): Record<string, string>;
}

/** The lists of one compiled scenario; each is built on first ask. */
export function editRowSource(cluster: CompiledCluster): EditRowSource {
  const { scenario } = cluster;
  let nodes: EditableNode[] | undefined;
  let pods: EditablePod[] | undefined;
  let services: EditableService[] | undefined;
  let blocks: Map<string, IpamView['blocks'][number]> | undefined;
  const podList = () => (pods ??= editablePods(scenario));
  const serviceList = () => (services ??= editableServices(scenario));
  const paged: { [L in EditList]: (q: EditRowQuery) => RowPage<EditRowOf<L>> } = {
    nodes: (q) => page((nodes ??= editableNodes(scenario)), q.text, q.limit, nodeText),
    pods: (q) => page(podList(), q.text, q.limit, podText),
    services: (q) => page(serviceList(), q.text, q.limit, serviceText),
    endpointPods: (q) => page(endpointCandidates(podList(), serviceList(), q.service), q.text, q.limit, podText),
  };
  return {
    rows: (query) => paged[query.list](query) as RowPage<EditRowOf<typeof query.list>>,
    freeAddresses(wanted) {
      // A node's own block: the first one affine to it, as the IPAM view lists them.
      blocks ??= ipamViewOf(cluster).blocks.reduce((m, b) => (m.has(b.node) ? m : m.set(b.node, b)), new Map<string, IpamView['blocks'][number]>());
      const out: Record<string, string> = {};
      for (const node of wanted.slice(0, 500)) {
        const block = blocks.get(node);
        const ip = block && freeInBlock(block);
        if (ip) out[node] = ip;
      }
      return out;
    },
  };
}
