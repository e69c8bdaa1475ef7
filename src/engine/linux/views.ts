/**
 * Printable views of a Linux node: what `ip addr`, `ip route`, `ip neigh`,
 * `bridge fdb`, `sysctl`, `nft list ruleset` and (kube-proxy in iptables
 * mode, Felix in its iptables dataplane) `iptables-save` and `ipset list`
 * show there, and each pod's
 * `ip addr` / `ip route` from inside its netns.
 * Assumption: qdisc and flag details of `ip addr` are illustrative.
 */
import { parseCidr, intToIp, cidrSize } from '../model/ipv4';
import { fdbId, linkId, neighId, podRouteTable, sysctlId } from '../model/ruleIds';
import { ViewLines, viewOf, type ViewText } from '../model/viewLines';
import { iptablesSaveView } from './iptables/format';
import { formatIpsetList } from './ipset';
import { formatFdb, formatNeighbour } from './neigh';
import { nftRulesetView } from './nft/print';
import { routesView } from './routes';
import type { Link, LinuxNodeState } from './state';

/** A view; its lines carry the ids of the rules they print (model/ruleIds.ts), which trace steps name in `rule.id`. */
export interface LinuxView extends ViewText {
  id: string;
  title: string;
}

const LOOPBACK: Link = { name: 'lo', kind: 'loopback', mtu: 65536, mac: '00:00:00:00:00:00', addrs: ['127.0.0.1/8'] };

/** A link's lines; the header and the device's own configuration (vxlan, ipip) carry `id`, the addresses do not. */
function formatLink(out: ViewLines, l: Link, index: number, id: string): void {
  const flags = l.kind === 'loopback' ? 'LOOPBACK,UP,LOWER_UP' : l.kind === 'ipip' ? 'NOARP,UP,LOWER_UP' : 'BROADCAST,MULTICAST,UP,LOWER_UP';
  const name = l.kind === 'veth' ? `${l.name}@if2` : l.name;
  const master = l.master ? ` master ${l.master}` : '';
  const state = l.kind === 'physical' || l.kind === 'veth' ? 'UP' : 'UNKNOWN';
  out.add(`${index}: ${name}: <${flags}> mtu ${l.mtu}${master} state ${state}`, id);
  out.add(l.kind === 'loopback' ? `    link/loopback ${l.mac} brd 00:00:00:00:00:00` : l.kind === 'ipip' ? '    link/ipip 0.0.0.0 brd 0.0.0.0' : `    link/ether ${l.mac} brd ff:ff:ff:ff:ff:ff`);
  // The ipip module's fallback device as `ip -d link` shows it on a Calico node.
  if (l.kind === 'ipip') out.add('    ipip any remote any local any ttl inherit nopmtudisc', id);
  if (l.kind === 'bridge') out.add('    bridge', id);
  if (l.master) out.add(`    bridge_slave hairpin on`, id);
  if (l.vxlan) out.add(`    vxlan id ${l.vxlan.vni} local ${l.vxlan.local} dev ${l.vxlan.dev} srcport 0 0 dstport ${l.vxlan.port} ${l.vxlan.learning ? '' : 'nolearning '}`.trimEnd(), id);
  for (const a of l.addrs) {
    const c = parseCidr(a)!;
    const scope = l.kind === 'loopback' ? 'host' : 'global';
    const brd = c.len < 31 ? ` brd ${intToIp(c.base + cidrSize(c) - 1)}` : '';
    out.add(`    inet ${a}${brd} scope ${scope} ${l.name}`);
  }
}

/** `ip -d addr`: a step through a vxlan or ipip device names the device's lines. */
function linksView(links: readonly Link[], pod?: string): ViewLines {
  const out = new ViewLines();
  links.forEach((l, i) => formatLink(out, l, i + 1, linkId(l.name, pod)));
  return out;
}

export function linuxStateViews(st: LinuxNodeState): LinuxView[] {
  const views: LinuxView[] = [
    { id: 'addr', title: 'ip -d addr', ...linksView(st.links).build() },
    { id: 'routes', title: 'ip route', ...routesView(st.routes) },
    { id: 'neigh', title: 'ip neigh', ...viewOf(st.neigh, formatNeighbour, (n) => neighId(n.dev, n.ip)) },
    { id: 'fdb', title: `bridge fdb show dev ${st.links.find((l) => l.kind === 'vxlan')?.name ?? 'vxlan.calico'}`, ...viewOf(st.fdb, formatFdb, (f) => fdbId(f.dev, f.mac)) },
    { id: 'sysctl', title: 'sysctl', ...viewOf(Object.entries(st.sysctls), ([k, v]) => `${k} = ${v}`, ([k]) => sysctlId(k)) },
    { id: 'nft', title: 'nft list ruleset', ...nftRulesetView(st.nft) },
  ];
  if (st.iptables.length > 0) views.push({ id: 'iptables', title: 'iptables-save', ...iptablesSaveView(st.iptables) });
  views.push(...st.cniViews);
  if (st.ipsets.length > 0) views.push({ id: 'ipset', title: 'ipset list', text: formatIpsetList(st.ipsets) });
  for (const p of st.pods) {
    views.push({
      id: `pod:${p.pod}`,
      title: `kubectl -n ${p.ref.namespace} exec ${p.ref.name} -- ip addr; ip route`,
      ...linksView([LOOPBACK, { ...p.eth0, name: 'eth0' }], p.pod).add('').addView(routesView(p.routes, podRouteTable(p.pod))).build(),
    });
  }
  return views;
}
