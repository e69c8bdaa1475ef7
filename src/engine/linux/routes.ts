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
 *                  ipipMode Never, bgp Enabled: BIRD learns the block from the peer; DATAPATH-FACTS §1.2 [D4]).
 *                  Assumption: only peers on the node's own subnet (a plain BGP next hop must be on-link).
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
import type { IPPoolSpec } from '../model/scenario';
import { CNI_BRIDGE, flannelVxlanIface, VXLAN_IFACE } from './names';
import { FELIX_ROUTE_STYLES, pickRow } from '../versions/linuxTable';
import { nodeVersions } from '../versions/nodeVersions';
import type { Link, LinuxPodNetns, Route } from './state';

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

function remoteBlockRoute(self: PeerNode, peer: PeerNode, pool: IPPoolSpec, nic: string, vxlanMtu: number | undefined, bgp: boolean): Route | undefined {
  const dst = parseCidr(peer.block!)!;
  const sameSubnet = self.subnet !== undefined && self.subnet === peer.subnet;
  const encap = pool.vxlanMode === 'Always' || (pool.vxlanMode === 'CrossSubnet' && !sameSubnet);
  if (encap && peer.tunnelAddr) {
    return { dst, type: 'unicast', via: peer.tunnelAddr, dev: VXLAN_IFACE, onlink: true, ...(vxlanMtu !== undefined ? { mtu: vxlanMtu } : {}), source: FELIX_VXLAN, owner: { kind: 'IPPool', name: pool.name } };
  }
  if (pool.vxlanMode === 'Never' && pool.ipipMode === 'Never') {
    // No encapsulation at all: Felix programs nothing; BIRD installs what BGP learned.
    if (!bgp || !sameSubnet) return undefined;
    return { dst, type: 'unicast', via: peer.ip, dev: nic, proto: 'bird', source: BIRD, owner: { kind: 'IPPool', name: pool.name } };
  }
  if (!encap && sameSubnet && pool.ipipMode === 'Never') {
    return { dst, type: 'unicast', via: peer.ip, dev: nic, proto: FELIX_PROTO, onlink: true, source: FELIX_ROUTES, owner: { kind: 'IPPool', name: pool.name } };
  }
  // IPIP or no-encap across subnets: BIRD (BGP) or tunl0 would carry it; not modelled, so no route.
  return undefined;
}

/** The NIC's prefix route and the static default route to the Fabric gateway. */
function nicRoutes(self: PeerNode, nic: string): Route[] {
  if (!self.subnet) return [];
  return [
    { dst: parseCidr('0.0.0.0/0')!, type: 'unicast', via: self.subnet.gateway, dev: nic, proto: 'static', source: 'assumption: static default route to the Fabric gateway (netplan)', assumption: true },
    { dst: parseCidr(self.subnet.cidr)!, type: 'unicast', dev: nic, proto: 'kernel', scope: 'link', src: self.ip, source: 'kernel: prefix route of the NIC address' },
  ];
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
  const pools = view.scenario.calico?.pools ?? [];
  const bgp = view.scenario.calico?.bgp === 'Enabled';
  for (const peer of view.peers) {
    if (peer.name === self.name || !peer.block) continue;
    const pool = pools.find((p) => p.name === peer.pool);
    const r = pool && remoteBlockRoute(self, peer, pool, nic, vxlanMtu, bgp);
    if (r) routes.push(r);
  }
  if (self.block) {
    routes.push({ dst: parseCidr(self.block)!, type: 'blackhole', proto: FELIX_PROTO, source: FELIX_ROUTES, owner: { kind: 'IPPool', name: self.pool ?? '' } });
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
  const f = view.scenario.flannel!;
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
