/**
 * Neighbour (ARP) and FDB entries of a Calico Linux node, and their
 * `ip neigh` / `bridge fdb` text.
 *
 * - per remote VTEP: ARP `<tunnel IP> dev vxlan.calico lladdr <VTEP MAC> PERMANENT`
 *   and FDB `<VTEP MAC> dev vxlan.calico dst <node IP> self permanent`, static
 *   because the device is created without learning [C7][C1];
 * - per local pod: ARP `<pod IP> dev cali… lladdr <pod MAC> PERMANENT` [C12];
 *   on flannel's bridge `<pod IP> dev cni0 lladdr <pod MAC> REACHABLE` (learned);
 * - flannel vxlan: the same ARP/FDB pair on `flannel.<VNI>` per remote lease [F6].
 * Rendering is INFERRED (DATAPATH-FACTS caveat 10).
 */
import type { PeerNode } from '../model/clusterView';
import { VXLAN_IFACE } from './names';
import type { FdbEntry, LinuxPodNetns, Neighbour } from './state';

const FELIX_FDB = 'C7 felix/vxlanfdb/vxlan_fdb.go';

/** flanneld writes the same pair per remote lease: ARP `<lease .0> → VtepMAC`, FDB `VtepMAC → PublicIP`, both NUD_PERMANENT. */
export const FLANNEL_FDB = 'F6 flannel pkg/backend/vxlan/vxlan_network.go handleSubnetEvents; device.go AddARP/AddFDB';

/**
 * Static ARP + FDB entries for every remote VTEP on `dev` (`vxlan.calico`
 * by default, `flannel.<VNI>` for flannel). `skip` leaves out peers reached
 * another way (flannel DirectRouting).
 */
export function compileVtepEntries(self: PeerNode, peers: PeerNode[], dev = VXLAN_IFACE, source = FELIX_FDB, skip?: (p: PeerNode) => boolean): { neigh: Neighbour[]; fdb: FdbEntry[] } {
  const neigh: Neighbour[] = [];
  const fdb: FdbEntry[] = [];
  for (const p of peers) {
    if (p.name === self.name || !p.tunnelAddr || !p.vtepMac || skip?.(p)) continue;
    neigh.push({ ip: p.tunnelAddr, dev, mac: p.vtepMac, state: 'PERMANENT', source });
    fdb.push({ mac: p.vtepMac, dev, dst: p.ip, source });
  }
  return { neigh, fdb };
}

/** Host-side neighbours of local pods: Felix's static entry on `cali…`, or on flannel's `cni0` an entry the kernel learned by ARP. */
export function compilePodNeighbours(pods: LinuxPodNetns[]): Neighbour[] {
  return pods.map((p) =>
    p.bridge
      ? { ip: p.ip, dev: p.bridge, mac: p.eth0.mac, state: 'REACHABLE' as const, source: 'kernel ARP on the bridge (learned, not programmed)' }
      : compileCaliNeighbour(p),
  );
}

function compileCaliNeighbour(p: LinuxPodNetns): Neighbour {
  return { ip: p.ip, dev: p.hostVeth, mac: p.eth0.mac, state: 'PERMANENT', source: 'C12 felix/dataplane/linux/endpoint_mgr.go' };
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
