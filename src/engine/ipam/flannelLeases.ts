/**
 * Flannel's address plan: each node's subnet lease, its VTEP (vxlan backend)
 * and every pod's IP. The counterpart of blocks.ts for clusters whose
 * scenario has a flannel ConfigMap and no Calico pools.
 *
 * Sources:
 * - The lease is the Node's `spec.podCIDR` (flanneld `--kube-subnet-mgr`
 *   reads it; DATAPATH-FACTS §6.1 "subnet = node lease"). Without one, the
 *   lease is the /24 around the node's first pod IP, else the first free /24
 *   of `Network` (flannel's default SubnetLen is 24) — reported as `derived`.
 * - vxlan: `flannel.<VNI>` holds the lease's network address `.0` as a /32,
 *   and every other node routes the lease via that `.0` with a permanent ARP
 *   entry `.0 → VtepMAC` (flannel pkg/backend/vxlan/vxlan.go RegisterNetwork
 *   `dev.Configure(lease.Subnet.IP/32)`, vxlan_network.go handleSubnetEvents;
 *   DATAPATH-FACTS §6.2 [F6]). So `tunnelAddr` = lease `.0` for Linux and
 *   Windows nodes alike.
 * - VtepMAC: the lease's `flannel.alpha.coreos.com/backend-data` annotation
 *   when given; else Linux: a derived random-style MAC (macs.ts
 *   flannelVtepMac, assumption), Windows: the HNS network's DrMacAddress,
 *   derived as `hypervMac("<node>/flannel")` (assumption; flannel publishes
 *   the DrMacAddress as VtepMAC, DATAPATH-FACTS §6.2 [F1][F3]).
 * - Pod IPs (when status.podIP is absent): host-local hands out the lease in
 *   order and skips the gateway `.1`, so Linux pods start at `.2`
 *   (containernetworking/plugins plugins/meta/flannel/flannel_linux.go
 *   delegates `ipam: host-local, subnet: <lease>`; plugins/main/bridge takes
 *   `.1` for cni0 with isGateway). Windows pods start at `.3`: assumption —
 *   `.1` is the HNS network gateway and `.2` is taken by `cbr0_ep` (host-gw,
 *   DATAPATH-FACTS §6.1 [F4]) or by the kube-proxy source VIP reserved from
 *   host-local (overlay, §6.2 [W2]).
 */
import type { Diagnostic } from '../model/diagnostic';
import { cidrContains, cidrSize, intToIp, ipToInt, parseCidr, prefixOf, type Cidr } from '../model/ipv4';
import { flannelVtepMac, hypervMac } from '../model/macs';
import type { NodeSpec, Scenario } from '../model/scenario';
import type { IpamState } from './blocks';
import { flannelSettings } from '../model/flannel';

/** flannel's default lease size (SubnetLen) for an IPv4 Network. */
export const FLANNEL_SUBNET_LEN = 24;

export interface FlannelLeases {
  /** Empty blocks, the pod IPs and (vxlan) tunnel addresses, in blocks.ts's shape. */
  ipam: IpamState;
  /** node → its lease. */
  leaseOfNode: Map<string, Cidr>;
  /** node → VtepMAC (vxlan only). */
  vtepMac: Map<string, string>;
}

/** The seed string of a Windows node's flannel DrMacAddress: `hypervMac(windowsFlannelMacSeed(node))`. */
export function windowsFlannelMacSeed(node: string): string {
  return `${node}/flannel`;
}

/** First address a pod gets in a lease: `.2` on Linux, `.3` on Windows (see the module note). */
export function firstPodOffset(os: NodeSpec['os']): number {
  return os === 'windows' ? 3 : 2;
}

/**
 * Computes the flannel address plan. Diagnostics: `derived` for every lease,
 * VTEP MAC or pod IP filled in; `conflict` for a podCIDR outside `Network`, a
 * pod IP outside its node's lease and a full lease.
 */
export function computeFlannelLeases(s: Scenario, diags: Diagnostic[]): FlannelLeases {
  const state: IpamState = { blocks: [], blockOfNode: new Map(), tunnelAddr: new Map(), podIP: new Map(), borrowed: [] };
  const out: FlannelLeases = { ipam: state, leaseOfNode: new Map(), vtepMac: new Map() };
  const f = flannelSettings(s);
  const network = f && parseCidr(f.network);
  if (!f || !network) return out;
  const taken = new Set<number>();
  const claim = (n: NodeSpec, lease: Cidr): void => {
    out.leaseOfNode.set(n.name, lease);
    taken.add(lease.base);
  };

  // 1. spec.podCIDR, 2. the /24 around a given pod IP.
  for (const n of s.nodes) {
    const given = n.podCIDR ? parseCidr(n.podCIDR) : undefined;
    if (given) {
      if (!cidrContains(network, given.base)) diags.push({ severity: 'warning', code: 'conflict', object: n.ref, field: 'spec.podCIDR', message: `podCIDR ${given.text} is outside the flannel Network ${network.text}` });
      claim(n, given);
      continue;
    }
    const podIp = s.pods.find((p) => p.nodeName === n.name && !p.hostNetwork && p.ip && cidrContains(network, p.ip))?.ip;
    if (podIp) {
      const lease = prefixOf(podIp, FLANNEL_SUBNET_LEN);
      claim(n, lease);
      diags.push({ severity: 'info', code: 'derived', object: n.ref, field: 'spec.podCIDR', message: `flannel lease ${lease.text} assumed from pod IP ${podIp}` });
    }
  }
  // 3. the first free /24 of Network.
  for (const n of s.nodes) {
    if (out.leaseOfNode.has(n.name)) continue;
    const step = 2 ** (32 - FLANNEL_SUBNET_LEN);
    for (let base = network.base; base < network.base + cidrSize(network); base += step) {
      if (taken.has(base >>> 0)) continue;
      const lease = prefixOf(intToIp(base >>> 0), FLANNEL_SUBNET_LEN);
      claim(n, lease);
      diags.push({ severity: 'info', code: 'derived', object: n.ref, field: 'spec.podCIDR', message: `flannel lease ${lease.text} assumed (first free /${FLANNEL_SUBNET_LEN} of ${network.text})` });
      break;
    }
  }

  // VTEPs (vxlan backend only).
  if (f.backend.type === 'vxlan') {
    for (const n of s.nodes) {
      const lease = out.leaseOfNode.get(n.name);
      if (!lease) continue;
      state.tunnelAddr.set(n.name, intToIp(lease.base));
      const given = n.flannelBackendData?.vtepMac;
      const mac = given ?? (n.os === 'windows' ? hypervMac(windowsFlannelMacSeed(n.name)) : flannelVtepMac(n.name));
      out.vtepMac.set(n.name, mac);
      if (!given) diags.push({ severity: 'info', code: 'derived', object: n.ref, message: `flannel VtepMAC ${mac} derived (no flannel.alpha.coreos.com/backend-data annotation)` });
    }
  }

  // Pod IPs: given ones first, then host-local order for the rest.
  const used = new Set<number>();
  for (const p of s.pods) {
    if (p.hostNetwork || !p.ip) continue;
    state.podIP.set(`${p.namespace}/${p.name}`, p.ip);
    used.add(ipToInt(p.ip));
    const lease = out.leaseOfNode.get(p.nodeName);
    if (lease && !cidrContains(lease, p.ip)) diags.push({ severity: 'warning', code: 'conflict', object: p.ref, field: 'status.podIP', message: `pod IP ${p.ip} is outside ${p.nodeName}'s flannel lease ${lease.text}` });
  }
  const osOf = new Map(s.nodes.map((n) => [n.name, n.os]));
  for (const p of s.pods) {
    if (p.hostNetwork || p.ip) continue;
    const lease = out.leaseOfNode.get(p.nodeName);
    let addr: string | undefined;
    if (lease) {
      for (let i = firstPodOffset(osOf.get(p.nodeName) ?? 'linux'); i < cidrSize(lease) - 1; i++) {
        const a = (lease.base + i) >>> 0;
        if (!used.has(a)) {
          addr = intToIp(a);
          break;
        }
      }
    }
    if (!addr) {
      diags.push({ severity: 'error', code: 'conflict', object: p.ref, field: 'status.podIP', message: `no free address in ${p.nodeName}'s flannel lease for this pod` });
      continue;
    }
    used.add(ipToInt(addr));
    state.podIP.set(`${p.namespace}/${p.name}`, addr);
    diags.push({ severity: 'info', code: 'derived', object: p.ref, field: 'status.podIP', message: `pod IP ${addr} allocated from flannel lease ${lease!.text} (host-local order)` });
  }
  return out;
}
