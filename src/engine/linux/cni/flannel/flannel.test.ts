/**
 * A flannel Linux node's state under both backends, as `ip`/`bridge`/`nft`
 * print it.
 *
 * IP plan (presets flannel-vxlan / flannel-host-gw): Network 10.244.0.0/16,
 *   node-1 192.168.10.31 lease 10.244.0.0/24 (hello .2, coredns-1 .3, api derived .4)
 *   node-2 192.168.10.32 lease 10.244.1.0/24 (net .2, coredns-2 .3)
 *   win-1  192.168.10.33 lease 10.244.2.0/24 (web .3, iis .4; source VIP .2)
 */
import { describe, expect, it } from 'vitest';
import { hypervMac } from '../../../model/macs';
import { fromYaml, preset } from '../../../testing/traceHelpers';
import { windowsFlannelMacSeed } from '../../../ipam/flannelLeases';
import { FLANNEL_VXLAN_YAML } from '../../../presets/flannel';
import { nodeStateViews, type CompiledCluster } from '../../../trace/cluster';

function view(c: CompiledCluster, node: string, id: string): string[] {
  return nodeStateViews(c, node).find((v) => v.id === id)!.text.split('\n');
}

describe('flannel vxlan (VNI 4096, port 4789): node-2', () => {
  const c = () => preset('flannel-vxlan');
  const win = hypervMac(windowsFlannelMacSeed('win-1'));
  const node1Mac = () => c().view.peerByName.get('node-1')!.vtepMac!;

  it('routes: cni0 for the own lease, each other lease via its .0 on flannel.4096 onlink', () => {
    expect(view(c(), 'node-2', 'routes')).toEqual([
      'default via 192.168.10.1 dev ens18 proto static',
      '10.244.0.0/24 via 10.244.0.0 dev flannel.4096 onlink',
      '10.244.1.0/24 dev cni0 proto kernel scope link src 10.244.1.1',
      '10.244.2.0/24 via 10.244.2.0 dev flannel.4096 onlink',
      '192.168.10.0/24 dev ens18 proto kernel scope link src 192.168.10.32',
    ]);
  });

  it('neigh and fdb: permanent VTEP entries per remote lease, learned entries for local pods', () => {
    expect(view(c(), 'node-2', 'neigh')).toEqual([
      `10.244.0.0 dev flannel.4096 lladdr ${node1Mac()} PERMANENT`,
      `10.244.2.0 dev flannel.4096 lladdr ${win} PERMANENT`,
      expect.stringMatching(/^10\.244\.1\.2 dev cni0 lladdr 0a:58:[0-9a-f:]{11} REACHABLE$/),
      expect.stringMatching(/^10\.244\.1\.3 dev cni0 lladdr 0a:58:[0-9a-f:]{11} REACHABLE$/),
    ]);
    expect(view(c(), 'node-2', 'fdb')).toEqual([`${node1Mac()} dev flannel.4096 dst 192.168.10.31 self permanent`, `${win} dev flannel.4096 dst 192.168.10.33 self permanent`]);
  });

  it('links: flannel.4096 (VNI 4096, port 4789, lease .0/32, MTU 1450), cni0 .1/24, veth ports on cni0; no vxlan.calico', () => {
    const st = c().nodes.get('node-2');
    if (st?.kind !== 'linux') throw new Error('linux node expected');
    const vx = st.links.find((l) => l.name === 'flannel.4096')!;
    expect(vx).toMatchObject({ kind: 'vxlan', mtu: 1450, addrs: ['10.244.1.0/32'], vxlan: { vni: 4096, port: 4789, local: '192.168.10.32', dev: 'ens18', learning: false } });
    expect(st.links.find((l) => l.name === 'cni0')).toMatchObject({ kind: 'bridge', mtu: 1450, addrs: ['10.244.1.1/24'] });
    const ports = st.links.filter((l) => l.master === 'cni0');
    expect(ports.map((l) => l.name)).toEqual(st.pods.map((p) => p.hostVeth));
    expect(ports.every((l) => /^veth[0-9a-f]{8}$/.test(l.name))).toBe(true);
    expect(st.links.some((l) => l.name === 'vxlan.calico')).toBe(false);
    expect(st.localAddrs).toEqual(['192.168.10.32', '127.0.0.1', '10.244.1.1', '10.244.1.0']);
  });

  it('pod netns: eth0 /24, default and Network via cni0 .1', () => {
    const text = nodeStateViews(c(), 'node-2').find((v) => v.id === 'pod:demo/net')!.text;
    expect(text).toContain('inet 10.244.1.2/24 brd 10.244.1.255 scope global eth0');
    expect(text.split('\n').slice(-3)).toEqual(['default via 10.244.1.1 dev eth0', '10.244.0.0/16 via 10.244.1.1 dev eth0', '10.244.1.0/24 dev eth0 proto kernel scope link src 10.244.1.2']);
  });

  it('nft: kube-proxy and flannel-ipv4, no calico table', () => {
    const st = c().nodes.get('node-2');
    if (st?.kind !== 'linux') throw new Error('linux node expected');
    expect(st.nft.map((t) => t.name)).toEqual(['kube-proxy', 'flannel-ipv4']);
    const nft = view(c(), 'node-2', 'nft').map((l) => l.trim());
    expect(nft).toContain('meta mark 0x00004000 return');
    expect(nft).toContain('ip saddr 10.244.1.0/24 ip daddr 10.244.0.0/16 return');
    expect(nft).toContain('ip saddr 10.244.0.0/16 ip daddr != 224.0.0.0/4 masquerade fully-random');
  });

  it('cluster view: leases as blocks, .0 tunnel addresses, Windows VtepMAC = hypervMac("win-1/flannel"), pod IPs in host-local order', () => {
    const v = c().view;
    expect(v.peerByName.get('win-1')).toMatchObject({ block: '10.244.2.0/24', tunnelAddr: '10.244.2.0', vtepMac: win });
    expect(v.peerByName.get('node-1')).toMatchObject({ block: '10.244.0.0/24', tunnelAddr: '10.244.0.0' });
    expect(v.peerByName.get('node-1')!.pool).toBeUndefined();
    expect(v.podIP.get('demo/api')).toBe('10.244.0.4');
  });

  it('a backend-data annotation sets the VtepMAC; a Windows pod without podIP starts at .3', () => {
    const yaml = FLANNEL_VXLAN_YAML.replace(
      '  name: node-1\n  labels:\n    kubernetes.io/os: linux\n  annotations:\n',
      '  name: node-1\n  labels:\n    kubernetes.io/os: linux\n  annotations:\n    flannel.alpha.coreos.com/backend-data: \'{"VNI":4096,"VtepMAC":"5A:0B:7C:11:22:33"}\'\n',
    ).replace('  nodeName: win-1\nstatus:\n  podIP: 10.244.2.3\n', '  nodeName: win-1\n');
    const c2 = fromYaml(yaml);
    expect(c2.view.peerByName.get('node-1')!.vtepMac).toBe('5a:0b:7c:11:22:33');
    expect(c2.view.podIP.get('demo/web')).toBe('10.244.2.3');
    expect(view(c2, 'node-2', 'fdb')[0]).toBe('5a:0b:7c:11:22:33 dev flannel.4096 dst 192.168.10.31 self permanent');
  });
});

describe('flannel host-gw: node-2', () => {
  const c = () => preset('flannel-host-gw');

  it('routes: each other lease via its node IP on ens18, no encapsulation device', () => {
    expect(view(c(), 'node-2', 'routes')).toEqual([
      'default via 192.168.10.1 dev ens18 proto static',
      '10.244.0.0/24 via 192.168.10.31 dev ens18',
      '10.244.1.0/24 dev cni0 proto kernel scope link src 10.244.1.1',
      '10.244.2.0/24 via 192.168.10.33 dev ens18',
      '192.168.10.0/24 dev ens18 proto kernel scope link src 192.168.10.32',
    ]);
    const st = c().nodes.get('node-2');
    if (st?.kind !== 'linux') throw new Error('linux node expected');
    expect(st.links.some((l) => l.kind === 'vxlan')).toBe(false);
    expect(st.fdb).toEqual([]);
    expect(st.neigh.every((n) => n.dev === 'cni0')).toBe(true);
    expect(st.links.find((l) => l.name === 'cni0')!.mtu).toBe(1500);
    expect(c().view.peerByName.get('win-1')).toMatchObject({ block: '10.244.2.0/24', tunnelAddr: undefined, vtepMac: undefined });
  });
});

describe('k8s-lab-bgp: BIRD routes to other blocks', () => {
  it('pool encapsulation None with BGP Enabled: `<block> via <node IP> dev ens18 proto bird`, own block as BIRD\'s blackhole (proto bird)', () => {
    const routes = view(preset('k8s-lab-bgp'), 'k8s-lab-node-2', 'routes');
    expect(routes).toContain('172.21.211.0/26 via 192.168.10.24 dev ens18 proto bird');
    expect(routes).toContain('172.21.41.0/26 via 192.168.10.25 dev ens18 proto bird');
    // BIRD's static protocol holds the node's own blocks (projectcalico/bird#61, calicoctl#772 show `blackhole <block> proto bird`).
    expect(routes).toContain('blackhole 172.21.172.0/26 proto bird');
    expect(routes.some((r) => r.includes('vxlan.calico'))).toBe(false);
  });
});
