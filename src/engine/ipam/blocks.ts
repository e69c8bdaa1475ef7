/**
 * Calico IPAM as the scenario implies it: which block each node owns
 * (affinity), each node's VXLAN tunnel address, every pod's IP (derived from
 * its node's block when the input has none), and borrowed addresses.
 *
 * Sources: blocks of `blockSize` carved from the pool, one affine block per
 * node here (the seed's clusters have one each); the tunnel address of a Linux
 * node is normally its block's first address, a Windows node's is `.1`
 * (DATAPATH-FACTS §1.3 [C13][C14], §8.4 [C25]); a Windows block reserves `.0`,
 * `.1`, `.2` and the last address (§8.2 [C14][C31]).
 */
import type { Diagnostic } from '../model/diagnostic';
import { cidrContains, cidrSize, intToIp, ipToInt, parseCidr, prefixOf, type Cidr } from '../model/ipv4';
import type { NodeSpec, PodSpec, Scenario } from '../model/scenario';
import { type IPPoolSpec, calicoSettings } from '../model/calico';

export interface IpamBlock {
  cidr: Cidr;
  pool: IPPoolSpec;
  /** Node the block is affine to. */
  node: string;
  windows: boolean;
  /** Addresses a Windows host reserves in its block (`windows host rsvd`). */
  reserved: string[];
}

export interface BorrowedAddress {
  pod: string;
  ip: string;
  /** Node that runs the pod. */
  node: string;
  /** Node whose block the address came from. */
  blockOwner: string;
}

export interface IpamState {
  blocks: IpamBlock[];
  blockOfNode: Map<string, IpamBlock>;
  tunnelAddr: Map<string, string>;
  /** `ns/name` → IP for every non-hostNetwork pod that has or got one. */
  podIP: Map<string, string>;
  borrowed: BorrowedAddress[];
}

/** Windows reserves the first 3 and the last address of its block. @see DATAPATH-FACTS §8.2 */
export function windowsReserved(block: Cidr): string[] {
  const n = cidrSize(block);
  return [0, 1, 2, n - 1].map((i) => intToIp(block.base + i));
}

function poolFor(pools: IPPoolSpec[], ip: string): IPPoolSpec | undefined {
  return pools.find((p) => !p.disabled && cidrContains(parseCidr(p.cidr), ip));
}

function podKey(p: PodSpec): string {
  return `${p.namespace}/${p.name}`;
}

/**
 * Computes IPAM state. Diagnostics: `derived` for every block, tunnel address
 * or pod IP filled in; `conflict` for borrowing under strictAffinity and for a
 * pod IP in no pool.
 */
export function computeIpam(s: Scenario, diags: Diagnostic[]): IpamState {
  const pools = (calicoSettings(s)?.pools ?? []).filter((p) => !p.disabled);
  const state: IpamState = { blocks: [], blockOfNode: new Map(), tunnelAddr: new Map(), podIP: new Map(), borrowed: [] };
  if (pools.length === 0) return state;
  const nodes = new Map(s.nodes.map((n) => [n.name, n]));
  const byBase = new Map<number, IpamBlock>();

  const affine = (node: NodeSpec, pool: IPPoolSpec, ip: string): IpamBlock => {
    const cidr = prefixOf(ip, pool.blockSize);
    const existing = byBase.get(cidr.base);
    if (existing) return existing;
    const windows = node.os === 'windows';
    const block: IpamBlock = { cidr, pool, node: node.name, windows, reserved: windows ? windowsReserved(cidr) : [] };
    byBase.set(cidr.base, block);
    state.blocks.push(block);
    if (!state.blockOfNode.has(node.name)) state.blockOfNode.set(node.name, block);
    return block;
  };

  // 1. Tunnel address annotations name each node's block.
  for (const n of s.nodes) {
    if (!n.vxlanTunnelAddr) continue;
    const pool = poolFor(pools, n.vxlanTunnelAddr);
    if (!pool) {
      diags.push({ severity: 'warning', code: 'conflict', object: n.ref, field: 'metadata.annotations["projectcalico.org/IPv4VXLANTunnelAddr"]', message: `tunnel address ${n.vxlanTunnelAddr} is in no enabled IP pool` });
      continue;
    }
    affine(n, pool, n.vxlanTunnelAddr);
    state.tunnelAddr.set(n.name, n.vxlanTunnelAddr);
  }

  // 2. Pod IPs: affine unclaimed blocks to the pod's node; detect borrowing.
  for (const p of s.pods) {
    if (p.hostNetwork || !p.ip) continue;
    state.podIP.set(podKey(p), p.ip);
    const pool = poolFor(pools, p.ip);
    const node = nodes.get(p.nodeName)!;
    if (!pool) continue;
    const block = byBase.get(prefixOf(p.ip, pool.blockSize).base) ?? affine(node, pool, p.ip);
    if (block.node !== p.nodeName) {
      state.borrowed.push({ pod: podKey(p), ip: p.ip, node: p.nodeName, blockOwner: block.node });
      if (calicoSettings(s)?.strictAffinity) {
        diags.push({ severity: 'warning', code: 'conflict', object: p.ref, field: 'status.podIP', message: `pod IP ${p.ip} is in ${block.node}'s block ${block.cidr.text}, but strictAffinity forbids borrowing` });
      }
    }
  }

  // 3. Nodes with no block get the lowest free block of the first pool.
  for (const n of s.nodes) {
    if (state.blockOfNode.has(n.name)) continue;
    const pool = pools[0]!;
    const pc = parseCidr(pool.cidr)!;
    const step = 2 ** (32 - pool.blockSize);
    for (let base = pc.base; base < pc.base + cidrSize(pc); base += step) {
      if (byBase.has(base >>> 0)) continue;
      const b = affine(n, pool, intToIp(base >>> 0));
      diags.push({ severity: 'info', code: 'derived', object: n.ref, message: `block ${b.cidr.text} assumed affine to ${n.name} (first free block of ${pool.name})` });
      break;
    }
  }

  // 4. Tunnel addresses: Linux = first free address of the block, Windows = .1.
  const used = new Set<number>([...state.podIP.values()].map(ipToInt));
  for (const n of s.nodes) {
    const block = state.blockOfNode.get(n.name);
    if (!block || state.tunnelAddr.has(n.name)) continue;
    const addr = n.os === 'windows' ? intToIp(block.cidr.base + 1) : firstFree(block, used);
    if (!addr) continue;
    state.tunnelAddr.set(n.name, addr);
    used.add(ipToInt(addr));
    diags.push({ severity: 'info', code: 'derived', object: n.ref, message: `VXLAN tunnel address ${addr} derived from block ${block.cidr.text}` });
  }
  for (const a of state.tunnelAddr.values()) used.add(ipToInt(a));

  // 5. Pods without an IP get the next free address of their node's block.
  for (const p of s.pods) {
    if (p.hostNetwork || p.ip) continue;
    const block = state.blockOfNode.get(p.nodeName);
    const addr = block && firstFree(block, used);
    if (!addr) {
      diags.push({ severity: 'error', code: 'conflict', object: p.ref, field: 'status.podIP', message: `no free address in ${p.nodeName}'s block for this pod` });
      continue;
    }
    used.add(ipToInt(addr));
    state.podIP.set(podKey(p), addr);
    diags.push({ severity: 'info', code: 'derived', object: p.ref, field: 'status.podIP', message: `pod IP ${addr} allocated from block ${block.cidr.text}` });
  }
  return state;
}

function firstFree(block: IpamBlock, used: Set<number>): string | undefined {
  const reserved = new Set(block.reserved.map(ipToInt));
  for (let i = 0; i < cidrSize(block.cidr); i++) {
    const n = (block.cidr.base + i) >>> 0;
    if (!used.has(n) && !reserved.has(n)) return intToIp(n);
  }
  return undefined;
}
