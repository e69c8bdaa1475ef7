/**
 * The Linux main route table of a Calico node: compile, longest-prefix
 * lookup, and `ip route` text.
 *
 * Route shapes (DATAPATH-FACTS §1.2, checked against the seed's captured
 * `ip route` on k8s-node-1):
 * - local pod:     `172.20.211.53 dev cali4d7612d46be scope link metric 1024` (CNI + Felix) [C9][C12]
 * - own block:     `blackhole 172.20.211.0/26 proto 80` [C2]
 * - VXLAN:         `172.20.172.0/26 via 172.20.172.0 dev vxlan.calico onlink mtu 1450` (Always, or CrossSubnet across subnets) [C1][C3]
 * - no encap:      `172.20.172.0/26 via 192.168.10.21 dev ens18 proto 80 onlink` (CrossSubnet within a subnet) [C2][C3][D4]
 */
import type { Cidr } from '../model/ipv4';
import { cidrContains, ipToInt, parseCidr } from '../model/ipv4';
import type { ClusterView, PeerNode } from '../model/clusterView';
import type { IPPoolSpec } from '../model/scenario';
import { VXLAN_IFACE } from './names';
import type { LinuxPodNetns, Route } from './state';

const FELIX_ROUTES = 'C2 felix/dataplane/linux/route_mgr.go';
const FELIX_VXLAN = 'C1 felix/dataplane/linux/vxlan_mgr.go';

/** Felix's protocol number for the routes it writes while DeviceRouteProtocol is `boot`. */
export const FELIX_PROTO = '80';

export interface HostRouteInput {
  self: PeerNode;
  view: ClusterView;
  nic: string;
  pods: LinuxPodNetns[];
  vxlanMtu: number;
}

function remoteBlockRoute(self: PeerNode, peer: PeerNode, pool: IPPoolSpec, nic: string, vxlanMtu: number): Route | undefined {
  const dst = parseCidr(peer.block!)!;
  const sameSubnet = self.subnet !== undefined && self.subnet === peer.subnet;
  const encap = pool.vxlanMode === 'Always' || (pool.vxlanMode === 'CrossSubnet' && !sameSubnet);
  if (encap && peer.tunnelAddr) {
    return { dst, type: 'unicast', via: peer.tunnelAddr, dev: VXLAN_IFACE, onlink: true, mtu: vxlanMtu, source: FELIX_VXLAN, owner: { kind: 'IPPool', name: pool.name } };
  }
  if (!encap && sameSubnet && pool.ipipMode === 'Never') {
    return { dst, type: 'unicast', via: peer.ip, dev: nic, proto: FELIX_PROTO, onlink: true, source: FELIX_ROUTES, owner: { kind: 'IPPool', name: pool.name } };
  }
  // IPIP or no-encap across subnets: BIRD (BGP) or tunl0 would carry it; not modelled, so no route.
  return undefined;
}

/**
 * The main table of a Linux node: kernel routes for the NIC's subnet, the
 * default route, and Calico's routes for pods and blocks.
 */
export function compileHostRoutes(input: HostRouteInput): Route[] {
  const { self, view, nic, pods, vxlanMtu } = input;
  const routes: Route[] = [];
  if (self.subnet) {
    routes.push({ dst: parseCidr('0.0.0.0/0')!, type: 'unicast', via: self.subnet.gateway, dev: nic, proto: 'static', source: 'assumption: static default route to the Fabric gateway (netplan)', assumption: true });
    routes.push({ dst: parseCidr(self.subnet.cidr)!, type: 'unicast', dev: nic, proto: 'kernel', scope: 'link', src: self.ip, source: 'kernel: prefix route of the NIC address' });
  }
  const pools = view.scenario.calico?.pools ?? [];
  for (const peer of view.peers) {
    if (peer.name === self.name || !peer.block) continue;
    const pool = pools.find((p) => p.name === peer.pool);
    const r = pool && remoteBlockRoute(self, peer, pool, nic, vxlanMtu);
    if (r) routes.push(r);
  }
  if (self.block) {
    routes.push({ dst: parseCidr(self.block)!, type: 'blackhole', proto: FELIX_PROTO, source: FELIX_ROUTES, owner: { kind: 'IPPool', name: self.pool ?? '' } });
  }
  for (const p of pods) {
    routes.push({ dst: parseCidr(p.ip)!, type: 'unicast', dev: p.hostVeth, scope: 'link', metric: 1024, source: 'C9 cni-plugin dataplane_linux.go; C12 felix endpoint_mgr.go', owner: p.ref });
  }
  return sortRoutes(routes);
}

/** Kernel dump order: by destination address, then longer prefix first. */
export function sortRoutes(routes: Route[]): Route[] {
  return [...routes].sort((a, b) => a.dst.base - b.dst.base || b.dst.len - a.dst.len);
}

/** Longest-prefix match; ties go to the lower metric (as the FIB does). */
export function lookupRoute(routes: readonly Route[], ip: string): Route | undefined {
  const n = ipToInt(ip);
  let best: Route | undefined;
  for (const r of routes) {
    if (!cidrContains(r.dst, n)) continue;
    if (!best || r.dst.len > best.dst.len || (r.dst.len === best.dst.len && (r.metric ?? 0) < (best.metric ?? 0))) best = r;
  }
  return best;
}

function dstText(c: Cidr): string {
  if (c.len === 0) return 'default';
  return c.len === 32 ? c.text.slice(0, -3) : c.text;
}

/**
 * One route as `ip route` prints it. Assumption: iproute2 omits `proto boot`
 * (DATAPATH-FACTS caveat 10), so routes with the default protocol show none.
 */
export function formatRoute(r: Route): string {
  const parts: string[] = [];
  if (r.type === 'blackhole') parts.push('blackhole');
  parts.push(dstText(r.dst));
  if (r.via) parts.push('via', r.via);
  if (r.dev) parts.push('dev', r.dev);
  if (r.proto) parts.push('proto', r.proto);
  if (r.scope) parts.push('scope', r.scope);
  if (r.src) parts.push('src', r.src);
  if (r.metric !== undefined) parts.push('metric', String(r.metric));
  if (r.onlink) parts.push('onlink');
  if (r.mtu !== undefined) parts.push('mtu', String(r.mtu));
  return parts.join(' ');
}

/** The whole table as `ip route` prints it. */
export function formatRoutes(routes: readonly Route[]): string {
  return sortRoutes([...routes]).map(formatRoute).join('\n');
}
