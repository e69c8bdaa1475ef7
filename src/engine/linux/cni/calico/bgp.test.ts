/**
 * Calico BGP and IPIP on Linux: BIRD's routes in a full mesh and through a
 * route reflector, tunl0 with ipipMode Always / CrossSubnet, IP-in-IP in the
 * trace, and `calicoctl node status` against the seed's capture.
 *
 * IP plan (k8s-lab-kubeadm): master-1 192.168.10.23 (block 172.21.70.192/26),
 * node-1 .24 (172.21.211.0/26, demo/hello .8), node-2 .26 (172.21.172.0/26,
 * demo/net .5), win-1 .25 (172.21.41.0/26).
 */
import { describe, expect, it } from 'vitest';
import { innerIp, outerIp } from '../../../model/packetOps';
import { PRESETS } from '../../../presets/catalog';
import { fromYaml, preset, trace } from '../../../testing/traceHelpers';
import { formatRoutes } from '../../routes';
import { selects } from './bgp';

const KUBEADM = PRESETS.find((p) => p.name === 'k8s-lab-kubeadm')!.yaml;
const routesOf = (c: ReturnType<typeof preset>, node: string) => {
  const st = c.nodes.get(node)!;
  if (st.kind !== 'linux') throw new Error('linux node expected');
  return formatRoutes(st.routes).split('\n');
};
const view = (c: ReturnType<typeof preset>, node: string, id: string) => {
  const st = c.nodes.get(node)!;
  if (st.kind !== 'linux') throw new Error('linux node expected');
  return st.cniViews.find((v) => v.id === id)?.text ?? '';
};

/** master-1 becomes a route reflector; the mesh is off; every node peers with it. */
const RR_YAML = `${KUBEADM.replace('  name: k8s-lab-master-1\n  labels:\n', '  name: k8s-lab-master-1\n  labels:\n    route-reflector: "true"\n').replace('  annotations:\n    projectcalico.org/IPv4VXLANTunnelAddr: 172.21.70.192', '  annotations:\n    projectcalico.org/RouteReflectorClusterID: 244.0.0.1\n    projectcalico.org/IPv4VXLANTunnelAddr: 172.21.70.192')}
---
apiVersion: projectcalico.org/v3
kind: BGPConfiguration
metadata:
  name: default
spec:
  nodeToNodeMeshEnabled: false
---
apiVersion: projectcalico.org/v3
kind: BGPPeer
metadata:
  name: peer-with-route-reflectors
spec:
  nodeSelector: all()
  peerSelector: route-reflector == 'true'
`;

describe('Calico BGP', () => {
  it('full mesh: a proto bird route to every other block, the own block as BIRD\'s blackhole', () => {
    const r = routesOf(preset('k8s-lab-kubeadm'), 'k8s-lab-node-1');
    expect(r).toContain('172.21.172.0/26 via 192.168.10.26 dev ens18 proto bird');
    expect(r).toContain('172.21.70.192/26 via 192.168.10.23 dev ens18 proto bird');
    expect(r).toContain('blackhole 172.21.211.0/26 proto bird');
  });

  it('route reflector: clients learn each other\'s blocks through it, next hop unchanged; status lists the RR as node specific', () => {
    const c = fromYaml(RR_YAML);
    expect(routesOf(c, 'k8s-lab-node-1')).toContain('172.21.172.0/26 via 192.168.10.26 dev ens18 proto bird');
    const src = c.nodes.get('k8s-lab-node-1')!.kind === 'linux' ? (c.nodes.get('k8s-lab-node-1') as { routes: { via?: string; source: string }[] }).routes.find((x) => x.via === '192.168.10.26')!.source : '';
    expect(src).toContain('route reflector k8s-lab-master-1');
    const status = view(c, 'k8s-lab-node-1', 'bgp');
    expect(status).toContain('| 192.168.10.23 | node specific | up    |');
    expect(status).not.toContain('192.168.10.26');
    expect(view(c, 'k8s-lab-master-1', 'bgp')).toContain('| 192.168.10.26 | node specific |');
  });

  it('mesh off and no BGPPeer: no session, no routes to other blocks', () => {
    const c = fromYaml(`${KUBEADM}\n---\napiVersion: projectcalico.org/v3\nkind: BGPConfiguration\nmetadata:\n  name: default\nspec:\n  nodeToNodeMeshEnabled: false\n`);
    expect(routesOf(c, 'k8s-lab-node-1').filter((l) => l.includes('proto bird') && !l.startsWith('blackhole'))).toEqual([]);
    expect(view(c, 'k8s-lab-node-1', 'bgp')).toContain('No IPv4 peers found.');
  });

  it('calicoctl node status on the seed\'s "before" cluster (k8s-node-1) and after the migration', () => {
    const before = view(preset('k8s-main-before'), 'k8s-node-1', 'bgp').split('\n');
    expect(before.slice(0, 9)).toEqual([
      'Calico process is running.',
      '',
      'IPv4 BGP status',
      '+---------------+-------------------+-------+------------+-------------+',
      '| PEER ADDRESS  |     PEER TYPE     | STATE |   SINCE    |    INFO     |',
      '+---------------+-------------------+-------+------------+-------------+',
      '| 192.168.10.17 | node-to-node mesh | up    | 2026-10-09 | Established |',
      '| 192.168.10.21 | node-to-node mesh | up    | 2026-10-09 | Established |',
      '+---------------+-------------------+-------+------------+-------------+',
    ]);
    expect(view(preset('k8s-main-after'), 'k8s-node-1', 'bgp')).toBe('Calico process is running.\n\nNone of the BGP backend processes (BIRD or GoBGP) are running.\n');
  });

  it('selector subset', () => {
    expect(selects('all()', {})).toBe(true);
    expect(selects("route-reflector == 'true' && has(zone)", { 'route-reflector': 'true', zone: 'a' })).toBe(true);
    expect(selects("!has(zone) && rack != 'r1'", { rack: 'r1' })).toBe(false);
    expect(selects('zone in {"a"}', { zone: 'a' })).toBeUndefined();
  });
});

describe('Calico IPIP', () => {
  const ipip = (mode: string) => fromYaml(KUBEADM.replace('encapsulation: None', `encapsulation: ${mode}`));

  it('ipipMode Always: tunl0 with the tunnel address, MTU 1480; routes via the node IP dev tunl0 onlink', () => {
    const c = ipip('IPIP');
    const st = c.nodes.get('k8s-lab-node-1')!;
    if (st.kind !== 'linux') throw new Error('linux');
    expect(st.links.find((l) => l.name === 'tunl0')).toMatchObject({ kind: 'ipip', mtu: 1480 });
    expect(routesOf(c, 'k8s-lab-node-1')).toContain('172.21.172.0/26 via 192.168.10.26 dev tunl0 proto bird onlink');
  });

  it('IPIP on the wire: outer IP proto 4 between the node IPs with the inner TTL, decapsulated on tunl0 of the receiver', () => {
    const t = trace(ipip('IPIP'), { src: 'pod:demo/hello', dst: 'pod:demo/net', proto: 'tcp', dport: 80 });
    expect(t.verdict).toBe('delivered');
    const w = t.wire[0]!.packet;
    expect(outerIp(w)).toMatchObject({ src: '192.168.10.24', dst: '192.168.10.26', proto: 'ipip', ttl: 63, df: false });
    expect(innerIp(w)).toMatchObject({ src: '172.21.211.8', dst: '172.21.172.5' });
    expect(t.steps.find((s) => s.action === 'decapsulate')).toMatchObject({ node: 'k8s-lab-node-2', at: { component: 'ipip', layer: 'tunl0' } });
    expect(t.delivered).toMatchObject({ seenSrcIp: '172.21.211.8', ttl: 62 });
    expect(t.reply?.verdict).toBe('delivered');
  });

  it('ipipMode CrossSubnet: no tunnel within the subnet', () => {
    expect(routesOf(ipip('IPIPCrossSubnet'), 'k8s-lab-node-1')).toContain('172.21.172.0/26 via 192.168.10.26 dev ens18 proto bird');
  });
});
