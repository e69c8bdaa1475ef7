/**
 * What the page keeps of a scenario, and the pages of its long lists (issue
 * 18: the main thread never holds or scans anything that grows with the
 * cluster's pods or Services). The summary goes with `openScenario`; the pod
 * table, the node table and the flow picker's suggestions ask `findRows` for
 * the first rows matching what the user typed. Runs only in the engine worker
 * (and in tests).
 */
import type { CompiledCluster } from '../engine/index';
import type { NodeRow, PlaceRow, Places, PodRow, RowList, RowOf, RowPage, RowQuery, ScenarioSummary } from './api';

export function summarize(cluster: CompiledCluster): ScenarioSummary {
  const { scenario } = cluster;
  const windows = new Set(scenario.nodes.filter((n) => n.os === 'windows').map((n) => n.name));
  const windowsPod = scenario.pods.find((p) => windows.has(p.nodeName) && !p.hostNetwork);
  return {
    name: scenario.name,
    nodes: scenario.nodes.map((n) => ({ name: n.name, os: n.os, internalIP: n.internalIP, ...(n.osImage ? { osImage: n.osImage } : {}) })),
    pods: scenario.pods.length,
    services: scenario.services.length,
    ...(windowsPod ? { windowsPod: `${windowsPod.namespace}/${windowsPod.name}` } : {}),
    endpointSlices: scenario.endpointSlices.map((s) => ({ namespace: s.namespace, name: s.name, serviceName: s.serviceName })),
  };
}

/** The rows of each list, built once per compiled scenario (in scenario order), with the text a search matches. */
interface Lists {
  pods: PodRow[];
  nodes: NodeRow[];
  sources: PlaceRow[];
  destinations: PlaceRow[];
}

function sourcesOf(places: Places): PlaceRow[] {
  return [
    ...places.pods.map((p): PlaceRow => ({ value: `pod:${p.ref}`, kind: 'pod', ip: p.ip, node: p.node })),
    ...places.nodes.map((n): PlaceRow => ({ value: `node:${n.name}`, kind: 'node', ip: n.ip })),
    ...places.hosts.map((h): PlaceRow => ({ value: `host:${h.name}`, kind: 'host', ip: h.ip })),
  ];
}

/** Services by name and by ClusterIP, and each NodePort on each node (lazily: nodes × NodePorts). */
function* destinationsOf(places: Places): Generator<PlaceRow> {
  yield* sourcesOf(places);
  for (const s of places.services) {
    yield { value: `svc:${s.ref}`, kind: 'service', ports: s.ports.map((p) => `${p.port}/${p.protocol}`).join(', ') };
    if (s.clusterIP) yield { value: s.clusterIP, kind: 'clusterIP', service: s.ref };
  }
  for (const s of places.services) {
    for (const p of s.ports) if (p.nodePort) for (const n of places.nodes) yield { value: `node:${n.name}`, kind: 'nodePort', service: s.ref, port: p.nodePort };
  }
}

/** What a search matches: every field (a pod also as `namespace/name`, as kubectl and the flow picker name it). */
const rowText = (row: PodRow | NodeRow | PlaceRow): string => [...Object.values(row), 'namespace' in row ? `${row.namespace}/${row.name}` : ''].join(' ').toLowerCase();

/** The first `limit` rows (at most 500) whose `textOf` contains `text` (case-insensitive), and how many match in all. */
export function page<R>(rows: Iterable<R>, text: string, limit: number, textOf: (row: R) => string): RowPage<R> {
  const wanted = text.trim().toLowerCase();
  const most = Math.max(0, Math.min(limit, 500));
  const out: R[] = [];
  let total = 0;
  for (const row of rows) {
    if (wanted && !textOf(row).includes(wanted)) continue;
    total += 1;
    if (out.length < most) out.push(row);
  }
  return { rows: out, total };
}

/** The lists of one compiled scenario; each is built on first ask. */
export function rowSource(cluster: CompiledCluster, places: Places): <L extends RowList>(query: RowQuery & { list: L }) => RowPage<RowOf<L>> {
  const lists: Partial<Lists> = {};
  const pods = () =>
    (lists.pods ??= cluster.scenario.pods.map((p) => ({
      namespace: p.namespace,
      name: p.name,
      node: p.nodeName,
      ...(p.ip ? { ip: p.ip } : {}),
      ...(p.hostNetwork ? { hostNetwork: true } : {}),
    })));
  const all: { [L in RowList]: () => Iterable<RowOf<L>> } = {
    pods,
    nodes: () => (lists.nodes ??= summarize(cluster).nodes),
    sources: () => (lists.sources ??= sourcesOf(places)),
    destinations: () => destinationsOf(places),
  };
  return (query) => page<PodRow | NodeRow | PlaceRow>(all[query.list](), query.text, query.limit, rowText) as RowPage<RowOf<typeof query.list>>;
}
