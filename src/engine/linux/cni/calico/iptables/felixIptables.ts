/**
 * Felix in iptables mode on one Linux node: its IP sets and its raw, mangle,
 * filter and nat chains (static.ts, endpoints.ts), ready to be merged with
 * kube-proxy's (iptables/merge.ts).
 *
 * IP sets (all `hash:net`):
 * - `cali40all-ipam-pools`: every IP pool's CIDR; `cali40masq-ipam-pools`:
 *   the pools with natOutgoing (masq manager). Assumption: disabled pools are
 *   kept in both, as the nftables rendering assumes.
 * - `cali40all-vxlan-net` (VXLAN on): the parent-device IPs of the other
 *   nodes' VTEPs (vxlan manager) — the sources cali-INPUT accepts VXLAN from.
 * - `cali40all-hosts-net` (IPIP on): every node's IPv4 address (ipip manager).
 *
 * @see projectcalico/calico v3.29.6 felix/dataplane/linux/masq_mgr.go, vxlan_mgr.go (allowedVXLANSources), ipip_mgr.go (activeHostnameToIP)
 */
import type { ClusterView, PeerNode } from '../../../../model/clusterView';
import { parseCidr } from '../../../../model/ipv4';
import type { IptablesTable } from '../../../iptables/ruleset';
import type { IpSet } from '../../../ipset';
import type { LinuxPodNetns } from '../../../../linux/state';
import { workloadChains, type EndpointPolicy } from './endpoints';
import { FELIX, SET_ALL_HOSTS, SET_ALL_POOLS, SET_ALL_VXLAN, SET_MASQ_POOLS } from './rules';
import { felixStaticTables } from './static';
import { calicoSettings } from '../../../../model/calico';

export interface FelixIptablesInput {
  self: PeerNode;
  view: ClusterView;
  pods: LinuxPodNetns[];
  vxlan?: { port: number; tunnelAddr: boolean };
  ipip?: { tunnelAddr: boolean };
  /** NetworkPolicy's tier blocks (the policy module plugs in here). */
  policy?: EndpointPolicy;
}

export interface FelixIptables {
  tables: IptablesTable[];
  ipsets: IpSet[];
}

/** Counts the rules that use each set (`References:` in `ipset list`). */
function countReferences(tables: IptablesTable[], sets: IpSet[]): void {
  for (const s of sets) {
    s.references = tables.flatMap((t) => t.chains).flatMap((c) => c.rules).filter((r) => r.args.some((a) => a.kind === 'set' && a.name === s.name)).length;
  }
}

export function compileFelixIptables(i: FelixIptablesInput): FelixIptables {
  const pools = (calicoSettings(i.view.scenario)?.pools ?? []).filter((p) => parseCidr(p.cidr) !== undefined);
  const poolRef = (name: string) => ({ kind: 'IPPool', name });
  const sets: IpSet[] = [
    { name: SET_ALL_POOLS, type: 'hash:net', members: pools.map((p) => ({ entry: parseCidr(p.cidr)!.text, owner: poolRef(p.name) })), source: `${FELIX} felix/dataplane/linux/masq_mgr.go`, references: 0 },
    { name: SET_MASQ_POOLS, type: 'hash:net', members: pools.filter((p) => p.natOutgoing).map((p) => ({ entry: parseCidr(p.cidr)!.text, owner: poolRef(p.name) })), source: `${FELIX} felix/dataplane/linux/masq_mgr.go`, references: 0 },
  ];
  if (i.vxlan) {
    const peers = i.view.peers.filter((p) => p.name !== i.self.name && p.tunnelAddr !== undefined && p.vtepMac !== undefined);
    sets.push({ name: SET_ALL_VXLAN, type: 'hash:net', members: peers.map((p) => ({ entry: p.ip, owner: { kind: 'Node', name: p.name } })), source: `${FELIX} felix/dataplane/linux/vxlan_mgr.go (allowedVXLANSources)`, references: 0 });
  }
  if (i.ipip) {
    sets.push({ name: SET_ALL_HOSTS, type: 'hash:net', members: i.view.peers.map((p) => ({ entry: p.ip, owner: { kind: 'Node', name: p.name } })), source: `${FELIX} felix/dataplane/linux/ipip_mgr.go (activeHostnameToIP)`, references: 0 });
  }
  const endpoints = i.pods.map((p) => ({ iface: p.hostVeth, namespace: p.ref.namespace ?? 'default', pod: p.pod, ref: p.ref, serviceAccount: 'default' }));
  const natOutgoing = pools.some((p) => p.natOutgoing);
  const tables = felixStaticTables({ ...(i.vxlan ? { vxlan: i.vxlan } : {}), ...(i.ipip ? { ipip: i.ipip } : {}), natOutgoing }, workloadChains(endpoints, i.policy));
  countReferences(tables, sets);
  return { tables, ipsets: sets };
}
