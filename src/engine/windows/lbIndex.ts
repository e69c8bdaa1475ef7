/**
 * A node's HNS load balancers and missing-frontend records grouped by VIP
 * (and NodePorts by port), built once per compiled node state: the VFP
 * walk asks "what serves this VIP" for every packet, and a cluster with
 * 10,000 Services has as many load balancers per node. Each group keeps the
 * state's order, so a lookup finds what a scan in that order would find.
 */
import type { LbFailure, WindowsNodeState, WinLoadBalancer } from './state';

export interface VipGroup {
  lbs: WinLoadBalancer[];
  failures: LbFailure[];
}

interface LbIndex {
  lbs: readonly WinLoadBalancer[];
  failures: readonly LbFailure[];
  /** The lists' lengths when built. */
  sizes: string;
  byVip: Map<string, VipGroup>;
  /** `port/proto` of every NodePort load balancer. */
  nodePorts: Set<string>;
}

const EMPTY: VipGroup = { lbs: [], failures: [] };
const indexes = new WeakMap<WindowsNodeState, LbIndex>();

function build(st: WindowsNodeState): LbIndex {
  const byVip = new Map<string, VipGroup>();
  const group = (vip: string): VipGroup => {
    let g = byVip.get(vip);
    if (!g) byVip.set(vip, (g = { lbs: [], failures: [] }));
    return g;
  };
  const nodePorts = new Set<string>();
  for (const lb of st.loadBalancers) {
    group(lb.vip).lbs.push(lb);
    if (lb.kind === 'NodePort') nodePorts.add(`${lb.externalPort}/${lb.proto}`);
  }
  for (const f of st.lbFailures) group(f.vip).failures.push(f);
  return { lbs: st.loadBalancers, failures: st.lbFailures, sizes: sizesOf(st), byVip, nodePorts };
}

const sizesOf = (st: WindowsNodeState): string => `${st.loadBalancers.length}/${st.lbFailures.length}`;

function indexOf(st: WindowsNodeState): LbIndex {
  let ix = indexes.get(st);
  // Rebuilt if the state's lists were replaced or changed size since (nothing does so after compile today).
  if (!ix || ix.lbs !== st.loadBalancers || ix.failures !== st.lbFailures || ix.sizes !== sizesOf(st)) {
    ix = build(st);
    indexes.set(st, ix);
  }
  return ix;
}

/** The load balancers and missing frontends for `vip`, each in the state's order. */
export function frontendsOfVip(st: WindowsNodeState, vip: string): VipGroup {
  return indexOf(st).byVip.get(vip) ?? EMPTY;
}

/** Whether a NodePort load balancer listens on `port`/`proto`. */
export function hasNodePort(st: WindowsNodeState, port: number | undefined, proto: string): boolean {
  return indexOf(st).nodePorts.has(`${port}/${proto}`);
}
