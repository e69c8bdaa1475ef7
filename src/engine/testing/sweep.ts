/**
 * The all-pairs sweep of a compiled cluster (issue 23): every source place
 * (pods, nodes, Fabric hosts) to every destination place (the same, the
 * Services, each NodePort of each node, every address in the nodes' state)
 * over TCP, UDP and ICMP. Test-only.
 */
import { intToIp, isIPv4, parseCidr } from '../model/ipv4';
import type { L4Proto } from '../model/packet';
import type { CompiledCluster } from '../trace/cluster';
import { listPlaces } from '../trace/places';
import type { FlowRequest } from '../trace/request';

const PROTOS: readonly L4Proto[] = ['tcp', 'udp', 'icmp'];

/** Every IPv4 address written in a node's compiled state (links, routes, neighbours, FDB; HNS objects, load balancers, host routes). */
export function stateAddresses(c: CompiledCluster): string[] {
  const out = new Set<string>();
  const add = (ip: string | undefined) => {
    const a = ip?.split('/')[0];
    if (a && isIPv4(a) && a !== '0.0.0.0') out.add(a);
  };
  for (const n of c.scenario.nodes) {
    const st = c.nodes.get(n.name);
    if (st?.kind === 'linux') {
      for (const l of st.links) l.addrs.forEach(add);
      for (const r of st.routes) {
        add(r.via);
        add(r.src);
      }
      for (const x of st.neigh) add(x.ip);
      for (const x of st.fdb) add(x.dst);
      st.localAddrs.forEach(add);
    } else if (st?.kind === 'windows') {
      add(st.ip);
      add(st.hostEndpoint.IPAddress);
      for (const sn of st.network.Subnets) add(sn.GatewayAddress);
      for (const p of st.pods) add(p.ip);
      for (const lb of st.loadBalancers) add(lb.vip);
      for (const r of st.hostRoutes) add(r.nextHop);
    }
  }
  for (const sg of c.fabric.segments) add(sg.subnet.gateway);
  return [...out];
}

/** Destinations of one protocol: places by name, Services, NodePorts, frontends, then raw addresses. */
function destinations(c: CompiledCluster, proto: L4Proto): Omit<FlowRequest, 'src'>[] {
  const places = listPlaces(c);
  const out: Omit<FlowRequest, 'src'>[] = [];
  for (const p of places.pods) out.push({ dst: `pod:${p.ref}` });
  for (const n of places.nodes) out.push({ dst: `node:${n.name}` });
  for (const h of places.hosts) out.push({ dst: `host:${h.name}` });
  for (const s of places.services) {
    if (!s.clusterIP) continue;
    const ports = s.ports.filter((p) => p.protocol.toLowerCase() === proto);
    if (proto === 'icmp' || !ports.length) out.push({ dst: `svc:${s.ref}` });
    for (const p of ports) out.push({ dst: `svc:${s.ref}`, dport: p.port });
    for (const p of ports) {
      if (p.nodePort === undefined) continue;
      for (const n of places.nodes) out.push({ dst: `node:${n.name}`, dport: p.nodePort });
    }
  }
  for (const svc of c.scenario.services) {
    for (const vip of [...svc.externalIPs, ...svc.loadBalancerIngress]) {
      const ports = svc.ports.filter((p) => p.protocol.toLowerCase() === proto);
      if (!ports.length) out.push({ dst: vip });
      for (const p of ports) out.push({ dst: vip, dport: p.port });
    }
  }
  const named = new Set([...places.pods.map((p) => p.ip), ...places.nodes.map((n) => n.ip), ...places.hosts.map((h) => h.ip)]);
  for (const ip of stateAddresses(c)) if (!named.has(ip)) out.push({ dst: ip });
  return out;
}

/** Every source place as a `--src` form. */
export function sources(c: CompiledCluster): string[] {
  const places = listPlaces(c);
  return [...places.pods.map((p) => `pod:${p.ref}`), ...places.nodes.map((n) => `node:${n.name}`), ...places.hosts.map((h) => `host:${h.name}`)];
}

/** An address of the node's Fabric subnet that no machine holds (an outside client for `--from-node`). */
function unlistedAddress(c: CompiledCluster, node: string): string | undefined {
  const subnet = c.view.peerByName.get(node)?.subnet;
  const cidr = subnet && parseCidr(subnet.cidr);
  if (!cidr || cidr.len > 28) return undefined;
  const taken = new Set([...stateAddresses(c), ...c.fabric.hosts.map((h) => h.ip), ...c.view.peers.map((p) => p.ip)]);
  for (let i = 99; i < 2 ** (32 - cidr.len) - 1; i++) {
    const ip = intToIp(cidr.base + i);
    if (!taken.has(ip)) return ip;
  }
  return undefined;
}

/**
 * The sweep's flows: sources × destinations × TCP/UDP/ICMP (first packets);
 * plus TCP from every source with a NodePort as its source port (a reply to
 * that port must match its connection, not a NodePort load balancer), and
 * from an unlisted address of each node's subnet entering at that node
 * (`--from-node`, the README's outside client) to every destination.
 */
export function sweepFlows(c: CompiledCluster): FlowRequest[] {
  const srcs = sources(c);
  const out: FlowRequest[] = [];
  for (const proto of PROTOS) {
    const dsts = destinations(c, proto);
    for (const src of srcs) for (const d of dsts) out.push({ src, ...d, proto });
    if (proto !== 'tcp') continue;
    const nodePort = c.scenario.services.flatMap((s) => s.ports.filter((p) => p.protocol === 'TCP' && p.nodePort !== undefined).map((p) => p.nodePort!))[0];
    const places = dsts.filter((d) => /^(pod|node|host):/.test(d.dst) && d.dport === undefined);
    if (nodePort !== undefined) for (const src of srcs) for (const d of places) out.push({ src, ...d, proto, sport: nodePort });
    for (const n of c.scenario.nodes) {
      const outside = unlistedAddress(c, n.name);
      if (outside) for (const d of dsts) out.push({ src: outside, fromNode: n.name, ...d, proto });
    }
  }
  return out.map((r) => {
    if (r.dport === undefined || r.proto === 'icmp') delete r.dport;
    return r;
  });
}
