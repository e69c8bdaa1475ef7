/**
 * The hop evaluators, one registry the walker dispatches through (issue 14):
 * a node's place is evaluated by the dataplane its datapath was decided to
 * run (`Datapath.dataplane.modelledAs`, datapath/datapath.ts), never by an
 * `if (os === …)`. nftables and iptables share one evaluator: the kernel's
 * netfilter hooks are the same, only the rule language differs, and
 * linux/netfilter.ts walks both rule sets at each hook. Places outside the
 * nodes (Fabric hosts, the gateway) have their own evaluators.
 *
 * Both tables are checked with `satisfies`, so a new dataplane or a new kind
 * of place does not compile until it has an evaluator (kube-proxy's
 * compile-time `Provider` check, in TypeScript).
 */
import type { Dataplane } from '../datapath/datapath';
import { evaluateFabricHost, evaluateGateway } from '../fabric/stations';
import { evaluateLinuxHost } from '../linux/hostPath';
import { evaluateLinuxPod } from '../linux/podPath';
import type { Arrival, HopContext, HopResult, Place } from '../model/hop';
import { evaluateWindowsNode } from '../windows/nodePath';
import type { CompiledCluster, NodeState } from './cluster';

/** The dataplanes the engine builds (`modelledAs`); eBPF and VPP are modelled as nftables until they exist. */
export type ModelledDataplane = Extract<Dataplane, 'nftables' | 'iptables' | 'hns'>;

/**
 * Evaluates a packet at a node's pod (`pod` set) or at its own stack. The
 * node state is the dataplane's own kind, unless the scenario was edited under
 * a running trace: then the place is unknown.
 */
export interface NodeEvaluator {
  evaluate(st: NodeState, pod: string | undefined, arrival: Arrival, ctx: HopContext): HopResult;
}

/** Linux netfilter (nftables and iptables rules at the same hooks): a pod's netns or the host netns. */
const netfilter: NodeEvaluator = {
  evaluate(st, pod, arrival, ctx) {
    if (st.kind !== 'linux') return unknownPlace(st.name);
    if (pod === undefined) return evaluateLinuxHost(st, arrival, ctx);
    const netns = st.pods.find((x) => x.pod === pod);
    return netns ? evaluateLinuxPod(st, netns, arrival, ctx) : unknownPlace(st.name);
  },
};

/** Windows HNS: VFP layers on the Hyper-V switch, the pods' compartments and the host stack. */
const hns: NodeEvaluator = {
  evaluate: (st, _pod, arrival, ctx) => (st.kind === 'windows' ? evaluateWindowsNode(st, arrival, ctx) : unknownPlace(st.name)),
};

/** The node evaluators by dataplane. */
export const NODE_EVALUATORS = { nftables: netfilter, iptables: netfilter, hns } satisfies Record<ModelledDataplane, NodeEvaluator>;

/** A place whose node is not of the expected kind (a scenario edited under a running trace). */
function unknownPlace(node: string): HopResult {
  return { steps: [], outcome: { kind: 'stop', verdict: 'dropped', reason: { code: 'unknown-place', params: { node } } } };
}

/** A node's place: `kind` is the node state the place was resolved against (a stale place after an edit is unknown). */
function nodePlace(c: CompiledCluster, kind: NodeState['kind'], node: string, pod: string | undefined, arrival: Arrival, ctx: HopContext): HopResult {
  const st = c.nodes.get(node);
  if (!st || st.kind !== kind) return unknownPlace(node);
  const dataplane = st.datapath.dataplane.modelledAs;
  const ev = dataplane === 'nftables' || dataplane === 'iptables' || dataplane === 'hns' ? NODE_EVALUATORS[dataplane] : undefined;
  return ev ? ev.evaluate(st, pod, arrival, ctx) : unknownPlace(node);
}

type PlaceEvaluator<K extends Place['kind']> = (c: CompiledCluster, place: Extract<Place, { kind: K }>, arrival: Arrival, ctx: HopContext) => HopResult;

/** Every kind of place and who evaluates a packet there. */
export const PLACE_EVALUATORS = {
  'linux-pod': (c, p, a, ctx) => nodePlace(c, 'linux', p.node, p.pod, a, ctx),
  'linux-host': (c, p, a, ctx) => nodePlace(c, 'linux', p.node, undefined, a, ctx),
  'windows-pod': (c, p, a, ctx) => nodePlace(c, 'windows', p.node, p.pod, a, ctx),
  'windows-node': (c, p, a, ctx) => nodePlace(c, 'windows', p.node, undefined, a, ctx),
  'fabric-host': (c, p, a, ctx) => evaluateFabricHost(c.fabric, p.name, a, ctx),
  gateway: (c, _p, a, ctx) => evaluateGateway(c.fabric, a, ctx),
} satisfies { [K in Place['kind']]: PlaceEvaluator<K> };

/** Evaluates a packet arriving at its place. */
export function evaluatePlace(c: CompiledCluster, arrival: Arrival, ctx: HopContext): HopResult {
  const evaluate = PLACE_EVALUATORS[arrival.place.kind] as PlaceEvaluator<Place['kind']>;
  return evaluate(c, arrival.place, arrival, ctx);
}
