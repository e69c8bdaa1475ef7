/**
 * Compiles a whole scenario once: IPAM, the cluster view every node compiler
 * reads, the fabric; each node's state is compiled when first asked for. The worker keeps the result and
 * answers traces and state views from it.
 */
import { clusterCni, decideDatapath, formatDatapath } from '../datapath/datapath';
import type { IpamState } from '../ipam/blocks';
import type { CniAddressing } from '../linux/cni/plugin';
import { compileFabric, type FabricState } from '../fabric/fabric';
import { compileLinuxNode } from '../linux/compileNode';
import type { LinuxNodeState } from '../linux/state';
import { linuxStateViews } from '../linux/views';
import { compileWindowsNode } from '../windows/compileNode';
import { withImportedHns } from '../windows/imported';
import type { HnsImport } from '../importers/hnsDump';
import type { WindowsNodeState } from '../windows/state';
import { windowsStateViews } from '../windows/views';
import { windowsAclDiagnostics, windowsAclView } from '../policy/windowsAclReport';
import type { ClusterView, PeerNode } from '../model/clusterView';
import type { Diagnostic } from '../model/diagnostic';
import { cidrContains, parseCidr } from '../model/ipv4';
import { hypervMac, nodeNicMac } from '../model/macs';
import { moreNicAddresses } from '../fabric/nodeNics';
import type { PodSpec, Scenario } from '../model/scenario';
import type { ViewText } from '../model/viewLines';
import { versionNotes, versionsText, type ViewNote } from '../versions/notes';

export type NodeState = LinuxNodeState | WindowsNodeState;

/** Node states, compiled on first use: a trace touches a few nodes, and each node's kube-proxy table is O(services). */
export interface NodeStates {
  get(name: string): NodeState | undefined;
}

export interface CompiledCluster {
  scenario: Scenario;
  view: ClusterView;
  ipam: IpamState;
  nodes: NodeStates;
  fabric: FabricState;
  diagnostics: Diagnostic[];
}

/** One printable view of a node's state (e.g. `routes` → `ip route` text). */
export interface NodeStateView extends ViewText {
  id: string;
  /** The command a person would run to see this, e.g. `ip route`. */
  title: string;
  /** What the view's content follows (e.g. the kube-proxy version and its nftables layout): i18n keys `versions.*`. */
  notes?: ViewNote[];
}

/**
 * The cluster view. A peer's `block`/`pool`/`tunnelAddr`/`vtepMac` come from
 * the cluster CNI's address plan (CniPlugin.addressing: Calico IPAM,
 * flannel's leases, …).
 */
function buildView(s: Scenario, addressing: CniAddressing): ClusterView {
  const { ipam } = addressing;
  const podsByNode = new Map<string, PodSpec[]>();
  const datapaths = new Map(s.nodes.map((n) => [n.name, decideDatapath(s, n)]));
  for (const p of s.pods) podsByNode.set(p.nodeName, [...(podsByNode.get(p.nodeName) ?? []), p]);
  const peers: PeerNode[] = s.nodes.map((n) => {
    const a = addressing.peer(n);
    const subnet = s.fabric.subnets.find((sn) => cidrContains(parseCidr(sn.cidr)!, n.internalIP));
    const nicMac = (Object.hasOwn(s.fabric.nodeMacs, n.name) ? s.fabric.nodeMacs[n.name]?.toLowerCase() : undefined) ?? (n.os === 'windows' ? hypervMac(`${n.name}/nic`) : nodeNicMac(n.name));
    const moreAddrs = n.moreAddresses?.length ? moreNicAddresses(n, subnet, { name: s.fabric.linuxInterface, mac: nicMac }, s.fabric.subnets) : [];
    return {
      name: n.name,
      os: n.os,
      ip: n.internalIP,
      subnet,
      nicMac,
      ...(moreAddrs.length ? { moreAddrs } : {}),
      block: a.block,
      pool: a.pool,
      tunnelAddr: a.tunnelAddr,
      vtepMac: a.vtepMac,
    };
  });
  const peerByName = new Map(peers.map((p) => [p.name, p]));
  return {
    scenario: s,
    peers,
    peerByName,
    podIP: ipam.podIP,
    borrowed: ipam.borrowed,
    podsOnNode: (node) => podsByNode.get(node) ?? [],
    hostMtu: (node) => peerByName.get(node)?.subnet?.mtu ?? 1500,
    datapathOf: (node) => datapaths.get(node) ?? decideDatapath(s, { name: node, os: 'linux' }),
  };
}

/**
 * Compiles the scenario. Never throws on scenario content; IPAM derivations
 * and conflicts come back in `diagnostics`.
 */
export interface CompileOptions {
  /**
   * HNS dumps of Windows nodes (importFiles): those nodes' state is built
   * from what they printed instead of derived from the cluster objects.
   */
  hns?: readonly { node: string; files: string[]; hns: HnsImport }[];
  /** Told as each stage of the compile starts (the worker passes it on to the page's status). */
  onProgress?: (progress: CompileProgress) => void;
}

/** The cluster-wide stages of a compile, in order; node states compile later, when first used. */
export const COMPILE_STAGES = ['ipam', 'routing', 'fabric'] as const;

/** Where a compile stands: `stage` is running, `done` of `total` stages have finished. */
export interface CompileProgress {
  stage: (typeof COMPILE_STAGES)[number];
  done: number;
  total: number;
}

export function compileScenario(s: Scenario, opts: CompileOptions = {}): CompiledCluster {
  const progress = (stage: CompileProgress['stage']): void => opts.onProgress?.({ stage, done: COMPILE_STAGES.indexOf(stage), total: COMPILE_STAGES.length });
  const diagnostics: Diagnostic[] = [];
  progress('ipam');
  const addressing = clusterCni(s).plugin.addressing(s, diagnostics);
  progress('routing');
  const view = buildView(s, addressing);
  diagnostics.push(...windowsAclDiagnostics(view));
  const specs = new Map(s.nodes.map((n) => [n.name, n]));
  const cache = new Map<string, NodeState>();
  const nodes: NodeStates = {
    get(name) {
      const hit = cache.get(name);
      if (hit) return hit;
      const n = specs.get(name);
      if (!n) return undefined;
      const self = view.peerByName.get(name)!;
      const imported = n.os === 'windows' ? opts.hns?.find((h) => h.node === n.name) : undefined;
      const derived: NodeState = n.os === 'linux' ? compileLinuxNode(n, self, view) : compileWindowsNode(n, self, view);
      const st: NodeState = imported && derived.kind === 'windows' ? withImportedHns(derived, imported.hns, s, imported.files) : derived;
      cache.set(name, st);
      return st;
    },
  };
  progress('fabric');
  return { scenario: s, view, ipam: addressing.ipam, nodes, fabric: compileFabric(s, view), diagnostics };
}

/**
 * The printable state of one node (the last view, `datapath`, says which CNI,
 * dataplane and service proxy it runs and why): for Linux `ip addr`, `ip route`,
 * `ip neigh`, `bridge fdb`, sysctls and `nft list ruleset`, plus each pod's
 * netns; for Windows the HNS objects as JSON, the VFP ports' layers and the
 * host routes. Unknown node → empty list.
 */
export function nodeStateViews(c: CompiledCluster, node: string): NodeStateView[] {
  const st = c.nodes.get(node);
  if (!st) return [];
  const datapath: NodeStateView = { id: 'datapath', title: 'datapath', text: formatDatapath(st.datapath) };
  const spec = c.scenario.nodes.find((n) => n.name === node);
  const versions: NodeStateView[] = spec ? [{ id: 'versions', title: 'kubectl get node -o jsonpath={.status.nodeInfo}; images', text: versionsText(c.scenario, spec) }] : [];
  const notes = spec ? versionNotes(c.scenario, spec, st.datapath) : {};
  const views: NodeStateView[] = [...(st.kind === 'linux' ? linuxStateViews(st) : [...windowsStateViews(st), windowsAclView(st, c.view)]), datapath, ...versions];
  return views.map((v) => (notes[v.id] ? { ...v, notes: [...(v.notes ?? []), ...notes[v.id]!] } : v));
}
