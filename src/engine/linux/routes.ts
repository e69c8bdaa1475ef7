/**
 * The Linux main route table of a Calico node: compile, longest-prefix
 * lookup, and `ip route` text.
 *
 * Route shapes (DATAPATH-FACTS §1.2, checked against the seed's captured
 * `ip route` on k8s-node-1):
 * - local pod:     `172.20.211.53 dev cali4d7612d46be scope link metric 1024` (CNI + Felix) [C9][C12]
 * - own block:     `blackhole 172.20.211.0/26 proto 80` [C2]
 * - VXLAN:         `172.20.172.0/26 via 172.20.172.0 dev vxlan.calico onlink mtu 1450` (Always, or CrossSubnet across subnets) [C1][C3]
 *                  Calico before 3.33 prints no `metric 1024` on local pod routes and no `mtu` here (versions/linuxTable.ts).
 * - no encap:      `172.20.172.0/26 via 192.168.10.21 dev ens18 proto 80 onlink` (CrossSubnet within a subnet) [C2][C3][D4]
 * - BGP, no encap: `172.21.172.0/26 via 192.168.10.26 dev ens18 proto bird` (pool with vxlanMode and
 *                  ipipMode Never, bgp Enabled: BIRD learns the block from the peer, full mesh or through a
 *                  route reflector, cni/calico/bgp.ts; DATAPATH-FACTS §1.2 [D4]). Across subnets the next hop
 *                  is resolved recursively: `via <gateway>` (assumption).
 * - IPIP:          `172.21.172.0/26 via 192.168.10.26 dev tunl0 proto bird onlink` (ipipMode Always, or
 *                  CrossSubnet across subnets; BIRD sets krt_tunnel).
 *
 * Flannel (compileFlannelHostRoutes):
 * - own lease:     `10.244.0.0/24 dev cni0 proto kernel scope link src 10.244.0.1` (cni0 holds `.1/24`)
 * - vxlan:         `10.244.1.0/24 via 10.244.1.0 dev flannel.4096 onlink` [F6 vxlan_network.go]
 * - host-gw, and vxlan DirectRouting on one subnet: `10.244.1.0/24 via 192.168.10.22 dev ens18` [hostgw.go; F6]
 */
import type { Cidr } from '../model/ipv4';
import { cidrContains, ipToInt, parseCidr } from '../model/ipv4';
import type { ClusterView, PeerNode } from '../model/clusterView';
import { intToIp } from '../model/ipv4';
import { learnedVia } from './cni/calico/bgp';
import { flannelSettings } from '../model/flannel';
import { CNI_BRIDGE, flannelVxlanIface, VXLAN_IFACE } from './names';
import { FELIX_ROUTE_STYLES, pickRow } from '../versions/linuxTable';
import { nodeVersions } from '../versions/nodeVersions';
import type { Link, LinuxPodNetns, Route } from './state';
import { routeId } from '../model/ruleIds';
import { viewOf, type ViewText } from '../model/viewLines';
import { type IPPoolSpec, calicoSettings } from '../model/calico';

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

const BIRD = 'D4 Calico docs "Troubleshooting commands" (BIRD routes show proto bird); DATAPATH-FACTS §1.2';
const BIRD_IPIP = 'projectcalico/calico v3.29.6 confd/etc/calico/confd/templates/bird.cfg.template (calico_kernel_programming: krt_tunnel = "tunl0" for IPIP pools; CrossSubnet: not within the local subnet)';

/** The device Calico's IPIP routes use (the kernel's fallback tunnel of the ipip module). */
export const IPIP_IFACE = 'tunl0';

/**
 * A route BIRD installs for a block it learned over BGP (bgp.ts learnedVia):
 * through tunl0 (IPIP Always, or CrossSubnet across subnets) `via <owner IP>
 * dev tunl0 proto bird onlink`; without encapsulation `via <owner IP> dev
 * <nic> proto bird` on a shared subnet, else the owner's address resolved
 * recursively (`gateway recursive`) to the gateway that reaches it.
 */
function birdRoute(self: PeerNode, peer: PeerNode, pool: IPPoolSpec, nic: string, view: ClusterView, dst: Cidr): Route | undefined {
  const how = learnedVia(view, self, peer);
  if (!how) return undefined;
  const owner = { kind: 'IPPool', name: pool.name };
  const sameSubnet = self.subnet !== undefined && self.subnet === peer.subnet;
  const via = 'reflector' in how ? ` (learned through route reflector ${how.reflector})` : '';
  if (pool.ipipMode === 'Always' || (pool.ipipMode === 'CrossSubnet' && !sameSubnet)) {
    return { dst, type: 'unicast', via: peer.ip, dev: IPIP_IFACE, proto: 'bird', onlink: true, source: `${BIRD_IPIP}${via}`, owner };
  }
  if (sameSubnet) return { dst, type: 'unicast', via: peer.ip, dev: nic, proto: 'bird', source: `${BIRD}${via}`, owner };
  if (!self.subnet) return undefined;
  return { dst, type: 'unicast', via: self.subnet.gateway, dev: nic, proto: 'bird', source: `${BIRD}${via}; assumption: next hop ${peer.ip} resolved recursively through the default route (bird.cfg gateway recursive)`, owner, assumption: true };
}

function remoteBlockRoute(self: PeerNode, peer: PeerNode, pool: IPPoolSpec, nic: string, vxlanMtu: number | undefined, view: ClusterView, dst = parseCidr(peer.block!)!): Route | undefined {
  const sameSubnet = self.subnet !== undefined && self.subnet === peer.subnet;
  const encap = pool.vxlanMode === 'Always' || (pool.vxlanMode === 'CrossSubnet' && !sameSubnet);
  if (encap && peer.tunnelAddr) {
    return { dst, type: 'unicast', via: peer.tunnelAddr, dev: VXLAN_IFACE, onlink: true, ...(vxlanMtu !== undefined ? { mtu: vxlanMtu } : {}), source: FELIX_VXLAN, owner: { kind: 'IPPool', name: pool.name } };
  }
  if (pool.vxlanMode !== 'Never') {
    // A VXLAN pool's routes are Felix's (route_mgr), also the unencapsulated CrossSubnet one within a subnet.
    if (sameSubnet && pool.ipipMode === 'Never') return { dst, type: 'unicast', via: peer.ip, dev: nic, proto: FELIX_PROTO, onlink: true, source: FELIX_ROUTES, owner: { kind: 'IPPool', name: pool.name } };
    return undefined;
  }
  // No VXLAN: BIRD installs what BGP learned (plain or through tunl0), when BGP runs.
  return calicoSettings(view.scenario)?.bgp === 'Enabled' ? birdRoute(self, peer, pool, nic, view, dst) : undefined;
}

/** The NIC's prefix route and the static default route to the Fabric gateway. */
export function nicRoutes(self: PeerNode, nic: string): Route[] {
  if (!self.subnet) return [];
  return [
    { dst: parseCidr('0.0.0.0/0')!, type: 'unicast', via: self.subnet.gateway, dev: nic, proto: 'static', source: 'assumption: static default route to the Fabric gateway (netplan)', assumption: true },
    { dst: parseCidr(self.subnet.cidr)!, type: 'unicast', dev: nic, proto: 'kernel', scope: 'link', src: self.ip, source: 'kernel: prefix route of the NIC address' },
  ];
}

const BORROWED = 'C2 felix/calc/l3_route_resolver.go (a workload address outside the blocks affine to its host gets its own /32 route toward that host, longer than the block route to the owner); docs.tigera.io IPAMConfiguration strictAffinity ("when false, borrowing IP addresses is allowed")';

/**
 * A /32 for each pod address another node borrowed from a block (strictAffinity
 * false): the same next hop as the borrowing node's block would get, so the
 * packet goes to the node that runs the pod, not to the block's owner (whose
 * blackhole route would discard it). Under BGP the /32 is BIRD's, as the
 * borrowing node exports it (assumption: the docs name the /32 for Felix only).
 */
function borrowedRoutes(input: HostRouteInput, vxlanMtu: number | undefined): Route[] {
  const { self, view, nic } = input;
  const pools = calicoSettings(view.scenario)?.pools ?? [];
  const out: Route[] = [];
  for (const b of view.borrowed ?? []) {
    const runner = view.peerByName.get(b.node);
    const pool = pools.find((p) => !p.disabled && cidrContains(parseCidr(p.cidr)!, b.ip));
    if (b.node === self.name || !runner || !pool) continue;
    const r = remoteBlockRoute(self, runner, pool, nic, vxlanMtu, view, parseCidr(b.ip)!);
    if (r) out.push({ ...r, source: `${BORROWED}; ${r.source}`, ...(r.proto === 'bird' ? { assumption: true } : {}) });
  }
  return out;
}

/**
 * The main table of a Linux node: kernel routes for the NIC's subnet, the
 * default route, and Calico's routes for pods and blocks.
 */
export function compileHostRoutes(input: HostRouteInput): Route[] {
  const { self, view, nic, pods } = input;
  // Whether this Calico prints `metric 1024` on workload routes and `mtu` on VXLAN routes (versions/linuxTable.ts).
  const node = view.scenario.nodes.find((n) => n.name === self.name);
  const style = pickRow(FELIX_ROUTE_STYLES, node && nodeVersions(view.scenario, node).calico).id;
  const vxlanMtu = style === 'metric-and-mtu' ? input.vxlanMtu : undefined;
  const routes: Route[] = nicRoutes(self, nic);
  const pools = calicoSettings(view.scenario)?.pools ?? [];
  for (const peer of view.peers) {
    if (peer.name === self.name || !peer.block) continue;
    const pool = pools.find((p) => p.name === peer.pool);
    const r = pool && remoteBlockRoute(self, peer, pool, nic, vxlanMtu, view);
    if (r) routes.push(r);
  }
  routes.push(...borrowedRoutes(input, vxlanMtu));
  if (self.block) {
    // Under BGP without VXLAN the block's blackhole is BIRD's static route (proto bird); otherwise Felix writes it.
    const ownPool = pools.find((p) => p.name === self.pool);
    const bird = calicoSettings(view.scenario)?.bgp === 'Enabled' && ownPool !== undefined && ownPool.vxlanMode === 'Never';
    routes.push({ dst: parseCidr(self.block)!, type: 'blackhole', proto: bird ? 'bird' : FELIX_PROTO, source: bird ? `${BIRD_IPIP.split(' (')[0]} (protocol static: the node's own blocks as blackhole routes); seen as \`blackhole <block> proto bird\` in projectcalico/bird#61, projectcalico/calicoctl#772` : FELIX_ROUTES, owner: { kind: 'IPPool', name: self.pool ?? '' } });
  }
  for (const p of pods) {
    routes.push({ dst: parseCidr(p.ip)!, type: 'unicast', dev: p.hostVeth, scope: 'link', ...(style === 'metric-and-mtu' ? { metric: 1024 } : {}), source: 'C9 cni-plugin dataplane_linux.go; C12 felix endpoint_mgr.go', owner: p.ref });
  }
  return sortRoutes(routes);
}

/**
 * The main table of a flannel Linux node: the NIC's routes, cni0's prefix
 * route for the own lease, and one route per other node's lease — via its
 * `.0` on `flannel.<VNI>` (vxlan), or via its node IP on the NIC (host-gw,
 * and vxlan DirectRouting when both nodes share a subnet).
 */
export function compileFlannelHostRoutes(input: { self: PeerNode; view: ClusterView; nic: string; lease: Cidr }): Route[] {
  const { self, view, nic, lease } = input;
  const f = flannelSettings(view.scenario)!;
  const routes = nicRoutes(self, nic);
  const gw = intToIp(lease.base + 1);
  routes.push({ dst: lease, type: 'unicast', dev: CNI_BRIDGE, proto: 'kernel', scope: 'link', src: gw, source: 'kernel: prefix route of cni0\'s address (bridge plugin isGateway: the lease\'s .1)' });
  const dev = flannelVxlanIface(f.backend.vni);
  for (const peer of view.peers) {
    if (peer.name === self.name || !peer.block) continue;
    const dst = parseCidr(peer.block)!;
    const direct = f.backend.type === 'host-gw' || (f.backend.directRouting && self.subnet !== undefined && self.subnet === peer.subnet);
    if (direct) {
      routes.push({ dst, type: 'unicast', via: peer.ip, dev: nic, source: f.backend.type === 'host-gw' ? 'flannel pkg/backend/hostgw/hostgw.go (GetRoute: lease via PublicIP); DATAPATH-FACTS §6.1' : 'F6 flannel vxlan_network.go (directRoute: DirectRouting on a shared subnet)' });
    } else if (peer.tunnelAddr) {
      routes.push({ dst, type: 'unicast', via: peer.tunnelAddr, dev, onlink: true, source: 'F6 flannel pkg/backend/vxlan/vxlan_network.go (vxlanRoute: lease via lease .0, onlink)' });
    }
  }
  return sortRoutes(routes);
}

/** Kernel dump order: by destination address, then longer prefix first. */
export function sortRoutes(routes: Route[]): Route[] {
  return [...routes].sort((a, b) => a.dst.base - b.dst.base || b.dst.len - a.dst.len);
}

/** A route table by prefix length (longest first), then network address; each list in table order. */
interface RouteIndex {
  count: number;
  byLen: [len: number, byBase: Map<number, Route[]>][];
}

const routeIndexes = new WeakMap<readonly Route[], RouteIndex>();

function routeIndex(routes: readonly Route[]): RouteIndex {
  const hit = routeIndexes.get(routes);
  if (hit && hit.count === routes.length) return hit;
  const lens = new Map<number, Map<number, Route[]>>();
  for (const r of routes) {
    // A route without a parsed destination matches nothing (cidrContains).
    if (typeof r.dst !== 'object' || r.dst === null) continue;
    let byBase = lens.get(r.dst.len);
    if (!byBase) lens.set(r.dst.len, (byBase = new Map()));
    const list = byBase.get(r.dst.base);
    if (list) list.push(r);
    else byBase.set(r.dst.base, [r]);
  }
  const ix: RouteIndex = { count: routes.length, byLen: [...lens].sort((a, b) => b[0] - a[0]) };
  routeIndexes.set(routes, ix);
  return ix;
}

/**
 * Longest-prefix match; ties go to the lower metric (as the FIB does), the
 * earlier route on a full tie. One map probe per prefix length in the table
 * (a node of a 1,000-node cluster has a route per other node's block).
 */
export function lookupRoute(routes: readonly Route[], ip: string): Route | undefined {
  const n = ipToInt(ip);
  if (!Number.isInteger(n)) return undefined;
  for (const [len, byBase] of routeIndex(routes).byLen) {
    const list = byBase.get((n & (len === 0 ? 0 : (0xffffffff << (32 - len)) >>> 0)) >>> 0);
    if (!list) continue;
    let best = list[0]!;
    for (const r of list) if ((r.metric ?? 0) < (best.metric ?? 0)) best = r;
    return best;
  }
  return undefined;
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
  if (r.type !== 'unicast') parts.push(r.type);
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

/**
 * The id of a route as `ip route` lists it (model/ruleIds.ts): `table` is
 * `main` or a pod's netns (`podRouteTable`). Undefined for the kernel's
 * `local` table, which no view prints.
 */
export function routeRuleId(r: Route, table = 'main'): string | undefined {
  return r.type === 'local' || r.type === 'broadcast' ? undefined : routeId(table, r.type, r.dst.text, r.metric);
}

/** `formatRoutes` with each line's route id. */
export function routesView(routes: readonly Route[], table = 'main'): ViewText {
  return viewOf(sortRoutes([...routes]), formatRoute, (r) => routeRuleId(r, table));
}

const LOCAL_TABLE = 'kernel: fib_add_ifaddr() adds a `local` route for each address of a device and a `broadcast` route for its subnet to the `local` table, which is looked up before `main` (ip rule 0)';

/**
 * The kernel's `local` table (`ip route show table local`) of a node or a
 * pod's netns, from the addresses on its devices: `local 127.0.0.0/8 dev lo`
 * for the loopback prefix, `local A dev D … src A` for every address, and the
 * subnet broadcast. Routing consults it first, so a packet for any of these
 * never leaves the namespace: it goes through `lo`.
 * @param extra local addresses held without a device entry (e.g. a pod's /32 on eth0 from its netns view).
 */
export function localTable(links: readonly Pick<Link, 'name' | 'addrs'>[], extra: readonly string[] = []): Route[] {
  const out: Route[] = [];
  const seen = new Set<string>();
  const add = (r: Route) => {
    const key = `${r.type} ${r.dst.text}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(r);
  };
  for (const l of links) {
    for (const a of l.addrs) {
      const [ip, len] = a.split('/');
      const cidr = parseCidr(`${ip}/${len ?? '32'}`);
      if (!ip || !cidr) continue;
      if (l.name === 'lo' && cidr.len < 32) add({ dst: parseCidr(`${intToIp(cidr.base)}/${cidr.len}`)!, type: 'local', dev: l.name, proto: 'kernel', scope: 'host', src: ip, source: LOCAL_TABLE });
      add({ dst: parseCidr(ip)!, type: 'local', dev: l.name, proto: 'kernel', scope: 'host', src: ip, source: LOCAL_TABLE });
      if (cidr.len < 31) {
        const bcast = intToIp((cidr.base | (0xffffffff >>> cidr.len)) >>> 0);
        add({ dst: parseCidr(bcast)!, type: 'broadcast', dev: l.name, proto: 'kernel', scope: l.name === 'lo' ? 'host' : 'link', src: ip, source: LOCAL_TABLE });
      }
    }
  }
  for (const ip of extra) if (parseCidr(ip)) add({ dst: parseCidr(ip)!, type: 'local', dev: 'lo', proto: 'kernel', scope: 'host', src: ip, source: LOCAL_TABLE });
  return out;
}

/** The `local` table entry for `ip`, if the namespace owns it (longest prefix). */
export function lookupLocal(table: readonly Route[], ip: string): Route | undefined {
  return lookupRoute(table, ip);
}
