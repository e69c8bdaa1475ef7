/**
 * Printable views of a Linux node: what `ip addr`, `ip route`, `ip neigh`,
 * `bridge fdb`, `sysctl`, `nft list ruleset` and (kube-proxy in iptables
 * mode, Felix in its iptables dataplane) `iptables-save` and `ipset list`
 * show there, and each pod's
 * `ip addr` / `ip route` from inside its netns.
 * Assumption: qdisc and flag details of `ip addr` are illustrative.
 */
import { parseCidr, intToIp, cidrSize } from '../model/ipv4';
import { printIptablesSave } from './iptables/format';
import { formatIpsetList } from './ipset';
import { formatFdb, formatNeighbour } from './neigh';
import { printNftRuleset } from './nft/print';
import { formatRoutes } from './routes';
import type { Link, LinuxNodeState } from './state';

export interface LinuxView {
  id: string;
  title: string;
  text: string;
}

function formatLink(l: Link, index: number): string {
  const flags = l.kind === 'loopback' ? 'LOOPBACK,UP,LOWER_UP' : 'BROADCAST,MULTICAST,UP,LOWER_UP';
  const name = l.kind === 'veth' ? `${l.name}@if2` : l.name;
  const master = l.master ? ` master ${l.master}` : '';
  const state = l.kind === 'physical' || l.kind === 'veth' ? 'UP' : 'UNKNOWN';
  const lines = [`${index}: ${name}: <${flags}> mtu ${l.mtu}${master} state ${state}`];
  lines.push(l.kind === 'loopback' ? `    link/loopback ${l.mac} brd 00:00:00:00:00:00` : `    link/ether ${l.mac} brd ff:ff:ff:ff:ff:ff`);
  if (l.kind === 'bridge') lines.push('    bridge');
  if (l.master) lines.push(`    bridge_slave hairpin on`);
  if (l.vxlan) lines.push(`    vxlan id ${l.vxlan.vni} local ${l.vxlan.local} dev ${l.vxlan.dev} srcport 0 0 dstport ${l.vxlan.port} ${l.vxlan.learning ? '' : 'nolearning '}`.trimEnd());
  for (const a of l.addrs) {
    const c = parseCidr(a)!;
    const scope = l.kind === 'loopback' ? 'host' : 'global';
    const brd = c.len < 31 ? ` brd ${intToIp(c.base + cidrSize(c) - 1)}` : '';
    lines.push(`    inet ${a}${brd} scope ${scope} ${l.name}`);
  }
  return lines.join('\n');
}

export function linuxStateViews(st: LinuxNodeState): LinuxView[] {
  const views: LinuxView[] = [
    { id: 'addr', title: 'ip -d addr', text: st.links.map((l, i) => formatLink(l, i + 1)).join('\n') },
    { id: 'routes', title: 'ip route', text: formatRoutes(st.routes) },
    { id: 'neigh', title: 'ip neigh', text: st.neigh.map(formatNeighbour).join('\n') },
    { id: 'fdb', title: `bridge fdb show dev ${st.links.find((l) => l.kind === 'vxlan')?.name ?? 'vxlan.calico'}`, text: st.fdb.map(formatFdb).join('\n') },
    { id: 'sysctl', title: 'sysctl', text: Object.entries(st.sysctls).map(([k, v]) => `${k} = ${v}`).join('\n') },
    { id: 'nft', title: 'nft list ruleset', text: printNftRuleset(st.nft) },
  ];
  if (st.iptables.length > 0) views.push({ id: 'iptables', title: 'iptables-save', text: printIptablesSave(st.iptables) });
  if (st.ipsets.length > 0) views.push({ id: 'ipset', title: 'ipset list', text: formatIpsetList(st.ipsets) });
  for (const p of st.pods) {
    views.push({
      id: `pod:${p.pod}`,
      title: `kubectl -n ${p.ref.namespace} exec ${p.ref.name} -- ip addr; ip route`,
      text: [formatLink({ name: 'lo', kind: 'loopback', mtu: 65536, mac: '00:00:00:00:00:00', addrs: ['127.0.0.1/8'] }, 1), formatLink({ ...p.eth0, name: 'eth0' }, 2), '', formatRoutes(p.routes)].join('\n'),
    });
  }
  return views;
}
