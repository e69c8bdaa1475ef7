/**
 * The physical network between machines: one L2 segment per Fabric subnet
 * (node NICs, local hosts such as `client`, and the gateway's interface on
 * that subnet), and an uplink from the gateway to external hosts such as
 * `internet`. Answers "who has this IP" on a segment (ARP).
 *
 * Assumption: the gateway is a plain router (no NAT, no routes to pod
 * networks) — the seed says nothing about it beyond its address.
 */
import type { ClusterView } from '../model/clusterView';
import type { Station } from '../model/hop';
import { cidrContains, parseCidr } from '../model/ipv4';
import { stationMac } from '../model/macs';
import type { FabricHost, FabricSubnet, Scenario } from '../model/scenario';

export interface Segment {
  subnet: FabricSubnet;
  stations: (Station & { ip: string })[];
}

export interface FabricState {
  segments: Segment[];
  gatewayName: string;
  /** MAC of the gateway's uplink toward external hosts. */
  uplinkMac: string;
  hosts: (FabricHost & { mac: string })[];
}

export function compileFabric(s: Scenario, view: ClusterView): FabricState {
  // A host on none of the Fabric's subnets can only be beyond the gateway: it is reached over the uplink like an `external` one.
  const onSubnet = (ip: string): boolean => s.fabric.subnets.some((sn) => cidrContains(parseCidr(sn.cidr)!, ip));
  const hosts = s.fabric.hosts.map((h) => ({ ...h, external: h.external || !onSubnet(h.ip), mac: h.mac || stationMac(h.name) }));
  const segments: Segment[] = s.fabric.subnets.map((subnet) => {
    const c = parseCidr(subnet.cidr)!;
    const stations: Segment['stations'] = [
      { ip: subnet.gateway, mac: stationMac(`${s.fabric.gatewayName}/${subnet.name}`), name: s.fabric.gatewayName, ifname: subnet.name, link: subnet.name, place: { kind: 'gateway' } },
    ];
    for (const p of view.peers) {
      if (p.subnet !== subnet) continue;
      const ifname = p.os === 'windows' ? 'Ethernet' : s.fabric.linuxInterface;
      stations.push({ ip: p.ip, mac: p.nicMac, name: p.name, ifname, link: subnet.name, place: p.os === 'windows' ? { kind: 'windows-node', node: p.name } : { kind: 'linux-host', node: p.name } });
    }
    // A node's further addresses on this subnet answer ARP from the NIC that holds them (fabric/nodeNics.ts).
    for (const p of view.peers) {
      for (const a of p.moreAddrs ?? []) if (a.subnet === subnet) stations.push({ ip: a.ip, mac: a.mac, name: p.name, ifname: a.ifname, link: subnet.name, place: { kind: 'linux-host', node: p.name } });
    }
    for (const h of hosts) {
      if (!h.external && cidrContains(c, h.ip)) stations.push({ ip: h.ip, mac: h.mac, name: h.name, ifname: 'eth0', link: subnet.name, place: { kind: 'fabric-host', name: h.name } });
    }
    return { subnet, stations };
  });
  return { segments, gatewayName: s.fabric.gatewayName, uplinkMac: stationMac(`${s.fabric.gatewayName}/uplink`), hosts };
}

/** The segment whose subnet contains `ip`. */
export function segmentOf(f: FabricState, ip: string): Segment | undefined {
  return f.segments.find((sg) => cidrContains(parseCidr(sg.subnet.cidr)!, ip));
}

/** ARP: who answers for `ip` on the segment of the sender `fromIp`. */
export function arpOnFabric(f: FabricState, fromIp: string, ip: string): Station | undefined {
  const seg = segmentOf(f, fromIp);
  return seg?.stations.find((st) => st.ip === ip);
}
