/**
 * Builds a compiled scenario in network namespaces: one per Linux node, one
 * per pod, one per fabric host, one for the fabric gateway, and one `fab`
 * namespace holding a bridge per Fabric subnet (plus an uplink bridge toward
 * external hosts). Nothing is created in the root namespace: every link is
 * created inside a namespace (`ip -n NS link add … peer … netns OTHER`).
 *
 * What goes in comes from the model only: links, MACs, MTUs and addresses
 * (`LinuxNodeState.links`, pod `eth0`), the `ip route` text of the node and
 * pod views, static neighbours (not the pods' proxied 169.254.1.1, which the
 * kernel must answer by proxy ARP), FDB entries, sysctls and the
 * `nft list ruleset` text, loaded with `nft -f`, and (kube-proxy in iptables
 * mode) the `iptables-save` text, loaded with iptables-nft-restore after its
 * nfacct counters are created.
 *
 * Assumptions of the harness (the model says nothing here): IPv6 is disabled
 * in every namespace to keep captures quiet; the gateway is a plain Linux
 * router with `ip_forward=1` and proxy ARP on its uplink; an external host has
 * its address as a /32 with `default via 169.254.0.1 onlink`, an address of
 * the gateway's uplink (it sits "behind" the gateway and sends it everything,
 * also what the gateway has no route for, as a host behind a router does).
 */
import { type compileScenario, formatIpsetSave, nodeStateViews } from '../engine/index';

export type Cluster = ReturnType<typeof compileScenario>;
type NodeState = NonNullable<ReturnType<Cluster['nodes']['get']>>;
export type LinuxNode = Extract<NodeState, { kind: 'linux' }>;

/** A namespace the harness made, and what lives in it. */
export interface NsInfo {
  ns: string;
  /** `node` for a Linux node's stack, `pod`, `host` for a fabric host, `gateway`, `fabric`. */
  kind: 'node' | 'pod' | 'host' | 'gateway' | 'fabric';
  node?: string;
  pod?: string;
  host?: string;
  ip?: string;
}

/** A fabric bridge port (in the `fab` namespace): the link of one station interface. */
export interface Port {
  port: string;
  /** Station name as the model's wire packets say it (`k8s-node-1`, `client`, `gateway`, `internet`). */
  station: string;
  mac: string;
  /** Subnet name, or `uplink`. */
  segment: string;
}

export interface Topology {
  prefix: string;
  fab: string;
  namespaces: NsInfo[];
  ports: Port[];
  nodes: LinuxNode[];
  script: string[];
  /** Files to write before the script runs: the nft ruleset of each node. */
  files: { path: string; text: string }[];
  /** UDP ports of the nodes' VXLAN devices (a host-specific FelixConfiguration may give one node another). */
  vxlanPort: number[];
}

/** The gateway's address on the uplink: the external hosts' default gateway (not in the model, which names no uplink address). */
const UPLINK_GW = '169.254.0.1';

const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

function sysctlPath(key: string): string {
  const parts = key.split('.');
  if (parts.length <= 4) return `/proc/sys/${parts.join('/')}`;
  // net.ipv4.conf.<iface with dots>.<leaf>
  return `/proc/sys/${parts.slice(0, 3).join('/')}/${parts.slice(3, -1).join('.')}/${parts[parts.length - 1]}`;
}

/**
 * `ip route` lines to add, without the prefix routes the kernel makes for an
 * address. The view lists them in dump order; a gateway must be reachable
 * when its route is added, so routes without `via` go first.
 */
function routeLines(text: string): string[] {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/\bproto kernel\b/.test(l));
  return [...lines.filter((l) => !/\bvia\b/.test(l)), ...lines.filter((l) => /\bvia\b/.test(l))];
}

/**
 * Plans the namespaces and the shell script that builds them. Windows nodes
 * are not built (their datapath is not modelled); routes toward them stay.
 */
export function planTopology(c: Cluster, prefix: string, workDir: string): Topology {
  const fab = `${prefix}fab`;
  const lines: string[] = [];
  const namespaces: NsInfo[] = [{ ns: fab, kind: 'fabric' }];
  const ports: Port[] = [];
  const files: Topology['files'] = [];
  const sh = (ns: string, cmd: string): void => void lines.push(`ip netns exec ${ns} sh -c ${q(cmd)}`);
  const newNs = (info: NsInfo): void => {
    namespaces.push(info);
    lines.push(`ip netns add ${info.ns}`);
    sh(info.ns, 'echo 1 > /proc/sys/net/ipv6/conf/all/disable_ipv6; echo 1 > /proc/sys/net/ipv6/conf/default/disable_ipv6');
    lines.push(`ip -n ${info.ns} link set lo up`);
  };
  lines.push(`ip netns add ${fab}`);
  sh(fab, 'echo 1 > /proc/sys/net/ipv6/conf/all/disable_ipv6; echo 1 > /proc/sys/net/ipv6/conf/default/disable_ipv6');
  const bridgeOf = new Map<string, string>();
  c.fabric.segments.forEach((sg, i) => {
    const br = `br${i}`;
    bridgeOf.set(sg.subnet.name, br);
    lines.push(`ip -n ${fab} link add ${br} type bridge`, `ip -n ${fab} link set ${br} mtu ${sg.subnet.mtu ?? 1500} up`);
  });
  const external = c.fabric.hosts.filter((h) => h.external);
  if (external.length) {
    bridgeOf.set('uplink', 'brup');
    lines.push(`ip -n ${fab} link add brup type bridge`, `ip -n ${fab} link set brup up`);
  }
  let portNo = 0;
  /** Creates `ifname` in `ns` with its peer as a port of the segment's bridge. */
  // The fabric side of each link takes the subnet's path MTU (pathMtu < NIC MTU: the veth drops larger frames, as the underlay would).
  const pathMtu = new Map(c.fabric.segments.map((sg) => [sg.subnet.name, sg.subnet.pathMtu]));
  const plug = (ns: string, ifname: string, station: string, mac: string, segment: string, mtu: number): void => {
    const port = `s${portNo++}`;
    ports.push({ port, station, mac, segment });
    lines.push(
      `ip -n ${ns} link add ${ifname} type veth peer name ${port} netns ${fab}`,
      `ip -n ${ns} link set ${ifname} address ${mac} mtu ${mtu}`,
      `ip -n ${fab} link set ${port} mtu ${pathMtu.get(segment) ?? mtu} master ${bridgeOf.get(segment)} up`,
    );
  };

  // The gateway: one interface per subnet, plus the uplink.
  const gw = `${prefix}gw`;
  newNs({ ns: gw, kind: 'gateway', host: c.fabric.gatewayName });
  c.fabric.segments.forEach((sg, i) => {
    const st = sg.stations.find((s) => s.place.kind === 'gateway')!;
    const len = sg.subnet.cidr.split('/')[1];
    plug(gw, `g${i}`, c.fabric.gatewayName, st.mac, sg.subnet.name, sg.subnet.mtu ?? 1500);
    lines.push(`ip -n ${gw} addr add ${sg.subnet.gateway}/${len} dev g${i}`, `ip -n ${gw} link set g${i} up`);
  });
  if (external.length) {
    plug(gw, 'up0', c.fabric.gatewayName, c.fabric.uplinkMac, 'uplink', 1500);
    lines.push(`ip -n ${gw} addr add ${UPLINK_GW}/32 dev up0`, `ip -n ${gw} link set up0 up`);
    sh(gw, 'echo 1 > /proc/sys/net/ipv4/conf/up0/proxy_arp');
    for (const h of external) lines.push(`ip -n ${gw} route add ${h.ip}/32 dev up0`);
  }
  sh(gw, 'echo 1 > /proc/sys/net/ipv4/ip_forward');

  // Fabric hosts.
  c.fabric.hosts.forEach((h, i) => {
    const ns = `${prefix}h${i}`;
    newNs({ ns, kind: 'host', host: h.name, ip: h.ip });
    if (h.external) {
      plug(ns, 'eth0', h.name, h.mac, 'uplink', 1500);
      lines.push(`ip -n ${ns} addr add ${h.ip}/32 dev eth0`, `ip -n ${ns} link set eth0 up`, `ip -n ${ns} route add default via ${UPLINK_GW} dev eth0 onlink`);
      return;
    }
    const sg = c.fabric.segments.find((s) => s.stations.some((st) => st.name === h.name))!;
    const len = sg.subnet.cidr.split('/')[1];
    plug(ns, 'eth0', h.name, h.mac, sg.subnet.name, sg.subnet.mtu ?? 1500);
    lines.push(`ip -n ${ns} addr add ${h.ip}/${len} dev eth0`, `ip -n ${ns} link set eth0 up`, `ip -n ${ns} route add default via ${sg.subnet.gateway} dev eth0`);
  });

  // Linux nodes and their pods.
  const nodes: LinuxNode[] = [];
  const vxlanPort = [4789];
  c.scenario.nodes.forEach((n, i) => {
    const st = c.nodes.get(n.name);
    if (!st || st.kind !== 'linux') return;
    nodes.push(st);
    const ns = `${prefix}n${i}`;
    newNs({ ns, kind: 'node', node: st.name, ip: st.ip });
    const sg = c.fabric.segments.find((s) => s.stations.some((x) => x.name === st.name && x.ifname === st.nic.name))!;
    plug(ns, st.nic.name, st.name, st.nic.mac, sg.subnet.name, st.nic.mtu);
    for (const a of st.nic.addrs) lines.push(`ip -n ${ns} addr add ${a} dev ${st.nic.name}`);
    lines.push(`ip -n ${ns} link set ${st.nic.name} up`);
    // Further NICs on other Fabric subnets (a node with several addresses).
    for (const l of st.links) {
      if (l.kind !== 'physical' || l === st.nic) continue;
      const seg = c.fabric.segments.find((s) => s.stations.some((x) => x.name === st.name && x.ifname === l.name))!;
      plug(ns, l.name, st.name, l.mac, seg.subnet.name, l.mtu);
      lines.push(...l.addrs.map((a) => `ip -n ${ns} addr add ${a} dev ${l.name}`), `ip -n ${ns} link set ${l.name} up`);
    }
    for (const l of st.links) {
      if (!l.vxlan) continue;
      if (!vxlanPort.includes(l.vxlan.port)) vxlanPort.push(l.vxlan.port);
      lines.push(
        `ip -n ${ns} link add ${l.name} type vxlan id ${l.vxlan.vni} local ${l.vxlan.local} dev ${l.vxlan.dev} dstport ${l.vxlan.port}${l.vxlan.learning ? '' : ' nolearning'}`,
        `ip -n ${ns} link set ${l.name} address ${l.mac} mtu ${l.mtu} up`,
        ...l.addrs.map((a) => `ip -n ${ns} addr add ${a} dev ${l.name}`),
      );
    }
    // flannel: the cni0 bridge (bridge plugin, isGateway) before its veth ports.
    for (const l of st.links) {
      if (l.kind !== 'bridge') continue;
      lines.push(`ip -n ${ns} link add ${l.name} type bridge`, `ip -n ${ns} link set ${l.name} address ${l.mac} mtu ${l.mtu} up`, ...l.addrs.map((a) => `ip -n ${ns} addr add ${a} dev ${l.name}`));
    }
    const views = nodeStateViews(c, st.name);
    st.pods.forEach((p, j) => {
      const pns = `${prefix}n${i}p${j}`;
      newNs({ ns: pns, kind: 'pod', node: st.name, pod: p.pod, ip: p.ip });
      const host = st.links.find((l) => l.name === p.hostVeth)!;
      lines.push(
        `ip -n ${ns} link add ${p.hostVeth} type veth peer name eth0 netns ${pns}`,
        `ip -n ${ns} link set ${p.hostVeth} address ${host.mac} mtu ${host.mtu} up`,
        ...(host.master ? [`ip -n ${ns} link set ${p.hostVeth} master ${host.master}`, `bridge -n ${ns} link set dev ${p.hostVeth} hairpin on`] : []),
        `ip -n ${pns} link set eth0 address ${p.eth0.mac} mtu ${p.eth0.mtu} up`,
        ...p.eth0.addrs.map((a) => `ip -n ${pns} addr add ${a} dev eth0`),
      );
      const podView = views.find((v) => v.id === `pod:${p.pod}`)!;
      const routeText = podView.text.split('\n\n').slice(1).join('\n');
      for (const r of routeLines(routeText)) lines.push(`ip -n ${pns} route add ${r}`);
      for (const nb of p.neigh) if (!nb.proxied) lines.push(`ip -n ${pns} neigh replace ${nb.ip} dev ${nb.dev} lladdr ${nb.mac} nud permanent`);
    });
    const sysctl = Object.entries(st.sysctls).map(([k, v]) => `echo ${v} > ${sysctlPath(k)}`);
    if (sysctl.length) sh(ns, sysctl.join('; '));
    for (const r of routeLines(views.find((v) => v.id === 'routes')!.text)) lines.push(`ip -n ${ns} route add ${r}`);
    for (const nb of st.neigh) if (!nb.proxied) lines.push(`ip -n ${ns} neigh replace ${nb.ip} dev ${nb.dev} lladdr ${nb.mac} nud ${nb.state === 'PERMANENT' ? 'permanent' : 'reachable'}`);
    for (const f of st.fdb) lines.push(`bridge -n ${ns} fdb append ${f.mac} dev ${f.dev} dst ${f.dst} self permanent`);
    const nftPath = `${workDir}/${st.name}.nft`;
    files.push({ path: nftPath, text: views.find((v) => v.id === 'nft')!.text + '\n' });
    lines.push(`ip netns exec ${ns} nft -f ${q(nftPath)}`);
    // Felix's IP sets before the rules that match on them (Felix programs its ipsets first).
    if (st.ipsets.length > 0) {
      const setPath = `${workDir}/${st.name}.ipset`;
      files.push({ path: setPath, text: formatIpsetSave(st.ipsets) + '\n' });
      lines.push(`ip netns exec ${ns} ipset restore -file ${q(setPath)}`);
    }
    // kube-proxy in iptables mode: its nfacct counters first (kube-proxy creates them before restoring), then the tables with iptables-nft.
    const ipt = views.find((v) => v.id === 'iptables');
    if (ipt) {
      const iptPath = `${workDir}/${st.name}.iptables`;
      files.push({ path: iptPath, text: ipt.text + '\n' });
      for (const name of new Set([...ipt.text.matchAll(/--nfacct-name (\S+)/g)].map((m) => m[1]!))) lines.push(`ip netns exec ${ns} nfacct add ${name}`);
      lines.push(`ip netns exec ${ns} iptables-nft-restore ${q(iptPath)}`);
    }
  });
  return { prefix, fab, namespaces, ports, nodes, script: lines, files, vxlanPort };
}
