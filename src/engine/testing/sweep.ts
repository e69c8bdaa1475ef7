/**
 * The all-pairs sweep of a compiled cluster (issue 23): every source place
 * (pods, nodes, Fabric hosts) to every destination place (the same, the
 * Services, each NodePort of each node, every address in the nodes' state)
 * over TCP, UDP and ICMP. Test-only.
 */
import { isIPv4 } from '../model/ipv4';
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

/** The sweep's flows: sources × destinations × TCP/UDP/ICMP (first packets). */
export function sweepFlows(c: CompiledCluster): FlowRequest[] {
  const srcs = sources(c);
  const out: FlowRequest[] = [];
  for (const proto of PROTOS) {
    const dsts = destinations(c, proto);
    for (const src of srcs) for (const d of dsts) out.push({ src, ...d, proto, ...(proto === 'icmp' ? { dport: undefined } : {}) });
  }
  return out.map((r) => {
    if (r.dport === undefined) delete r.dport;
    return r;
  });
}
