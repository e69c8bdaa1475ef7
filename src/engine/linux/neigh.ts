/**
 * Neighbour (ARP) and FDB entries of a Calico Linux node, and their
 * `ip neigh` / `bridge fdb` text.
 *
 * - per remote VTEP: ARP `<tunnel IP> dev vxlan.calico lladdr <VTEP MAC> PERMANENT`
 *   and FDB `<VTEP MAC> dev vxlan.calico dst <node IP> self permanent`, static
 *   because the device is created without learning [C7][C1];
 * - per local pod: ARP `<pod IP> dev cali… lladdr <pod MAC> PERMANENT` [C12].
 * Rendering is INFERRED (DATAPATH-FACTS caveat 10).
 */
import type { PeerNode } from '../model/clusterView';
import { VXLAN_IFACE } from './names';
import type { FdbEntry, LinuxPodNetns, Neighbour } from './state';

const FELIX_FDB = 'C7 felix/vxlanfdb/vxlan_fdb.go';

export function compileVtepEntries(self: PeerNode, peers: PeerNode[]): { neigh: Neighbour[]; fdb: FdbEntry[] } {
  const neigh: Neighbour[] = [];
  const fdb: FdbEntry[] = [];
  for (const p of peers) {
    if (p.name === self.name || !p.tunnelAddr || !p.vtepMac) continue;
    neigh.push({ ip: p.tunnelAddr, dev: VXLAN_IFACE, mac: p.vtepMac, state: 'PERMANENT', source: FELIX_FDB });
    fdb.push({ mac: p.vtepMac, dev: VXLAN_IFACE, dst: p.ip, source: FELIX_FDB });
  }
  return { neigh, fdb };
}

export function compilePodNeighbours(pods: LinuxPodNetns[]): Neighbour[] {
  return pods.map((p) => ({ ip: p.ip, dev: p.hostVeth, mac: p.eth0.mac, state: 'PERMANENT', source: 'C12 felix/dataplane/linux/endpoint_mgr.go' }));
}

export function formatNeighbour(n: Neighbour): string {
  return n.state === 'NOARP' ? `${n.ip} dev ${n.dev} lladdr ${n.mac} NOARP` : `${n.ip} dev ${n.dev} lladdr ${n.mac} ${n.state}`;
}

export function formatFdb(f: FdbEntry): string {
  return `${f.mac} dev ${f.dev} dst ${f.dst} self permanent`;
}

export function findNeighbour(neigh: readonly Neighbour[], dev: string, ip: string): Neighbour | undefined {
  return neigh.find((n) => n.dev === dev && n.ip === ip);
}

export function findFdb(fdb: readonly FdbEntry[], dev: string, mac: string): FdbEntry | undefined {
  return fdb.find((f) => f.dev === dev && f.mac === mac);
}
