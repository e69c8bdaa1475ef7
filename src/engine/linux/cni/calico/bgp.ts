/**
 * Calico BGP (BIRD, configured by confd from the datastore): who peers with
 * whom, which other nodes' blocks a node learns, and `calicoctl node status`.
 *
 * Sessions: the node-to-node mesh (every pair of Calico nodes, unless
 * BGPConfiguration default sets nodeToNodeMeshEnabled: false), plus each
 * BGPPeer — global when it names no node, else "node specific" for the node
 * it names or its nodeSelector selects — with the nodes its peerSelector
 * selects (which peer back), or with its peerIP.
 * Routes: BIRD learns a block from a direct session with its owner, or
 * through one route reflector (a node annotated
 * projectcalico.org/RouteReflectorClusterID) that has sessions with both;
 * iBGP does not pass routes on otherwise. The next hop stays the block's
 * owner (a reflector does not change it).
 *
 * Selectors: the subset `all()`, `has(k)`, `!has(k)`, `k == 'v'`,
 * `k != 'v'` joined by `&&`; assumption: any other selector selects nothing.
 *
 * @see projectcalico/calico v3.29.6 confd/etc/calico/confd/templates/bird.cfg.template (Mesh_, Node_, Global_ protocols; rr client)
 * @see projectcalico/calico v3.29.6 calicoctl/calicoctl/commands/node/status.go (printBIRDPeers: peer types, columns)
 * @see https://docs.tigera.io/calico/latest/networking/configuring/bgp (route reflectors, nodeToNodeMeshEnabled)
 */
import type { ClusterView, PeerNode } from '../../../model/clusterView';
import type { NodeSpec } from '../../../model/scenario';
import { type BgpPeerSpec, calicoSettings } from '../../../model/calico';

/** The SINCE column of the seed's capture (assumption: sessions are as old as there). */
const SINCE = '2026-10-09';

export type BgpPeerType = 'node-to-node mesh' | 'global' | 'node specific';

export interface BgpSession {
  peerIP: string;
  /** The peer when it is a node of the scenario. */
  peer?: string;
  type: BgpPeerType;
}

/** Evaluates the selector subset on labels; undefined when the selector is outside it. */
export function selects(selector: string, labels: Record<string, string>): boolean | undefined {
  const terms = selector.split('&&').map((t) => t.trim()).filter(Boolean);
  if (terms.length === 0) return undefined;
  let all = true;
  for (const term of terms) {
    let m: RegExpMatchArray | null;
    if (term === 'all()') continue;
    if ((m = term.match(/^(!?)has\(\s*([\w./-]+)\s*\)$/))) all &&= (m[2]! in labels) !== (m[1] === '!');
    else if ((m = term.match(/^([\w./-]+)\s*(==|!=)\s*(['"])(.*)\3$/))) all &&= (labels[m[1]!] === m[4]) === (m[2] === '==');
    else return undefined;
  }
  return all;
}

function bgpRunning(view: ClusterView): boolean {
  return calicoSettings(view.scenario)?.bgp === 'Enabled';
}

function nodeSpec(view: ClusterView, name: string): NodeSpec | undefined {
  return view.scenario.nodes.find((n) => n.name === name);
}

/** The BGP sessions of one node (none when BGP is disabled). */
export function bgpSessions(view: ClusterView, self: string): BgpSession[] {
  const cfg = calicoSettings(view.scenario)?.bgpConfig;
  if (!bgpRunning(view)) return [];
  const me = nodeSpec(view, self);
  const out: BgpSession[] = [];
  const add = (s: BgpSession) => {
    if (!out.some((x) => x.peerIP === s.peerIP)) out.push(s);
  };
  if (cfg?.nodeToNodeMesh ?? true) for (const p of view.peers) if (p.name !== self) add({ peerIP: p.ip, peer: p.name, type: 'node-to-node mesh' });
  const appliesTo = (bp: BgpPeerSpec, name: string): boolean => {
    const n = nodeSpec(view, name);
    return bp.node ? bp.node === name : bp.nodeSelector ? (n ? selects(bp.nodeSelector, n.labels) === true : false) : true;
  };
  for (const bp of cfg?.peers ?? []) {
    const type: BgpPeerType = bp.node || bp.nodeSelector ? 'node specific' : 'global';
    // The selected side peers back: confd writes the session on both nodes.
    if (bp.peerSelector && me && selects(bp.peerSelector, me.labels) === true) {
      for (const p of view.peers) if (p.name !== self && appliesTo(bp, p.name)) add({ peerIP: p.ip, peer: p.name, type });
    }
    if (!appliesTo(bp, self)) continue;
    if (bp.peerSelector) {
      for (const p of view.peers) {
        const n = nodeSpec(view, p.name);
        if (p.name !== self && n && selects(bp.peerSelector, n.labels) === true) add({ peerIP: p.ip, peer: p.name, type });
      }
    } else if (bp.peerIP) {
      const node = view.peers.find((p) => p.ip === bp.peerIP);
      if (node?.name !== self) add({ peerIP: bp.peerIP, ...(node ? { peer: node.name } : {}), type });
    }
  }
  return out;
}

/** Whether `self` has a BGP session with `other` (either side's configuration opens it). */
function session(view: ClusterView, a: string, b: string): boolean {
  return bgpSessions(view, a).some((s) => s.peer === b) || bgpSessions(view, b).some((s) => s.peer === a);
}

/** How `self` learns the block of `owner`: directly, through a route reflector (its name), or not at all. */
export function learnedVia(view: ClusterView, self: PeerNode, owner: PeerNode): { direct: true } | { reflector: string } | undefined {
  if (!bgpRunning(view)) return undefined;
  if (session(view, self.name, owner.name)) return { direct: true };
  const rr = view.scenario.nodes.find((n) => n.routeReflectorClusterID && n.name !== self.name && n.name !== owner.name && session(view, self.name, n.name) && session(view, n.name, owner.name));
  return rr ? { reflector: rr.name } : undefined;
}

/** tablewriter's box as calicoctl prints it: headers upper-case and centred, cells left-aligned. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const rule = `+${widths.map((w) => '-'.repeat(w + 2)).join('+')}+`;
  const center = (s: string, w: number) => {
    const pad = w - s.length;
    return ' '.repeat(Math.floor(pad / 2)) + s + ' '.repeat(pad - Math.floor(pad / 2));
  };
  const line = (cells: string[], f: (s: string, w: number) => string) => `| ${cells.map((c, i) => f(c, widths[i]!)).join(' | ')} |`;
  return [rule, line(header, center), rule, ...rows.map((r) => line(r, (s, w) => s.padEnd(w))), rule].join('\n');
}

/**
 * `calicoctl node status` on a node, checked against the seed's output on
 * k8s-node-1 before the migration (two mesh peers) and after it ("None of
 * the BGP backend processes (BIRD or GoBGP) are running."). Assumptions:
 * every session is Established (the scenario says nothing about failures),
 * SINCE shows the seed's date, and BIRDv6 is not running (IPv6 is not modelled).
 */
export function formatNodeStatus(view: ClusterView, self: string): string {
  if (!bgpRunning(view)) return 'Calico process is running.\n\nNone of the BGP backend processes (BIRD or GoBGP) are running.\n';
  const sessions = bgpSessions(view, self);
  const peers = sessions.length === 0 ? 'No IPv4 peers found.' : table(['PEER ADDRESS', 'PEER TYPE', 'STATE', 'SINCE', 'INFO'], sessions.map((s) => [s.peerIP, s.type, 'up', SINCE, 'Established']));
  return `Calico process is running.\n\nIPv4 BGP status\n${peers}\n\nINFO: BIRDv6 process: 'bird6' is not running.\n`;
}
