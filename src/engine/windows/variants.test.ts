/**
 * The l2bridge and flannel variants of the Windows node: their HNS objects
 * differ from Calico VXLAN exactly where upstream's do (cni/<name>/), and a pod's
 * packet leaves the node in VXLAN (overlay) or as a plain routed packet with
 * the host's MAC (l2bridge) — the seed's «l2bridge: пакет пода на проводе»
 * vs «overlay: тот же пакет».
 * Sources: DATAPATH-FACTS §6.1 [F4][P1], §6.2 [F1][F2][W3], §8.1 [C25].
 */
import { describe, expect, it } from 'vitest';
import { outerEth, outerIp, vxlanHeader } from '../model/packetOps';
import { preset, trace } from '../testing/traceHelpers';
import type { WindowsNodeState } from './state';

function win(name: string, node: string): WindowsNodeState {
  const st = preset(name).nodes.get(node);
  if (st?.kind !== 'windows') throw new Error(`${node} is not a Windows node in ${name}`);
  return st;
}

describe('Calico BGP without encapsulation (k8s-lab-bgp): L2Bridge', () => {
  const st = win('k8s-lab-bgp', 'k8s-lab-win-1');

  it('builds an L2Bridge network Calico with Calico_ep as the pods\' gateway and BGP routes to the other blocks', () => {
    expect(st.network).toMatchObject({ Name: 'Calico', Type: 'L2Bridge' });
    expect(st.network.Policies).toEqual([]);
    expect(st.hostEndpoint).toMatchObject({ Name: 'Calico_ep', IPAddress: '172.21.41.2' });
    expect(st.hostEndpoint.IsRemoteEndpoint).toBeUndefined();
    expect(st.pods.find((p) => p.pod === 'demo/web')?.gateway).toBe('172.21.41.2');
    expect(st.hostRoutes.filter((r) => r.protocol === 'BGP').map((r) => `${r.dst.text} → ${r.nextHop}`)).toContain('172.21.211.0/26 → 192.168.10.24');
  });

  it('web → hello leaves as the seed draws it: pod IPs, the nodes\' MACs, no VXLAN', () => {
    const t = trace(preset('k8s-lab-bgp'), { src: 'pod:demo/web', dst: 'pod:demo/hello', dport: 8080 });
    expect(t.verdict).toBe('delivered');
    const w = t.wire[0]!;
    expect(vxlanHeader(w.packet)).toBeUndefined();
    expect(outerIp(w.packet)).toMatchObject({ src: '172.21.41.6', dst: '172.21.211.8' });
    const c = preset('k8s-lab-bgp').view;
    expect(outerEth(w.packet)).toMatchObject({ src: c.peerByName.get('k8s-lab-win-1')!.nicMac, dst: c.peerByName.get('k8s-lab-node-1')!.nicMac });
    const rewrite = t.steps.find((s) => s.at.layer === 'VNET_MAC_REWRITE_LAYER' && s.action === 'mac-rewrite');
    expect(rewrite).toBeDefined();
    // The rule quotes the HNS network as a real dump prints it: no model-only SourceMac key (issue 17 item 8).
    expect(rewrite!.rule?.text).toContain('"Type":"L2Bridge"');
    expect(rewrite!.rule?.text).not.toContain('SourceMac');
    expect(t.reply?.delivered).toMatchObject({ pod: 'demo/web', seenSrcIp: '172.21.211.8' });
  });
});

describe('flannel VXLAN (win-overlay)', () => {
  const st = win('flannel-vxlan', 'win-1');

  it('network flannel.4096: Overlay, VSID 4096, EnableNonPersistent, a RemoteSubnetRoute per Linux lease', () => {
    expect(st.network).toMatchObject({ Name: 'flannel.4096', Type: 'Overlay', Flags: 8 });
    expect(st.network.Subnets[0]).toMatchObject({ AddressPrefix: '10.244.2.0/24', GatewayAddress: '10.244.2.1', Policies: [{ Type: 'VSID', VSID: 4096 }] });
    const rsr = st.network.Policies.filter((p) => p.Type === 'RemoteSubnetRoute').map((p) => `${p.DestinationPrefix} → ${p.ProviderAddress}`);
    expect(rsr.sort()).toEqual(['10.244.0.0/24 → 192.168.10.31', '10.244.1.0/24 → 192.168.10.32']);
  });

  it('pod endpoints: gateway .1, OutBoundNAT excepting the service CIDR and the cluster network, no Felix ACLs', () => {
    const web = st.endpoints.find((e) => e.IPAddress === st.pods.find((p) => p.pod === 'demo/web')!.ip)!;
    expect(web.GatewayAddress).toBe('10.244.2.1');
    expect(web.Policies).toContainEqual({ Type: 'OutBoundNAT', ExceptionList: ['10.96.0.0/12', '10.244.0.0/16'] });
    expect(web.Policies.some((p) => p.Type === 'ACL')).toBe(false);
  });

  it('web → hello: VXLAN VNI 4096 to UDP 4789 from the Windows node to node-1', () => {
    const t = trace(preset('flannel-vxlan'), { src: 'pod:demo/web', dst: 'pod:demo/hello', dport: 8080 });
    expect(t.verdict).toBe('delivered');
    expect(vxlanHeader(t.wire[0]!.packet)?.vni).toBe(4096);
    expect(t.wire[0]!.packet.headers.find((h) => h.kind === 'udp')).toMatchObject({ dport: 4789 });
    expect(outerIp(t.wire[0]!.packet)).toMatchObject({ src: '192.168.10.33', dst: '192.168.10.31' });
  });
});

describe('flannel host-gw (win-bridge)', () => {
  const st = win('flannel-host-gw', 'win-1');

  it('network cbr0: L2Bridge; cbr0_ep at .2 is the pods\' gateway; a host route per remote lease', () => {
    expect(st.network).toMatchObject({ Name: 'cbr0', Type: 'L2Bridge' });
    expect(st.hostEndpoint).toMatchObject({ Name: 'cbr0_ep', IPAddress: '10.244.2.2' });
    expect(st.hostRoutes.filter((r) => r.protocol === 'NetMgmt' && r.dst.len === 24 && r.dst.text.startsWith('10.244.')).map((r) => `${r.dst.text} → ${r.nextHop}`).sort()).toEqual([
      '10.244.0.0/24 → 192.168.10.31',
      '10.244.1.0/24 → 192.168.10.32',
    ]);
  });

  it('pod endpoints: OutBoundNAT excepting the cluster network, the service CIDR and the node subnet; a ROUTE to the node IP', () => {
    const web = st.endpoints.find((e) => e.IPAddress === st.pods.find((p) => p.pod === 'demo/web')!.ip)!;
    expect(web.GatewayAddress).toBe('10.244.2.2');
    expect(web.Policies).toContainEqual({ Type: 'OutBoundNAT', ExceptionList: ['10.244.0.0/16', '10.96.0.0/12', '192.168.10.0/24'] });
    expect(web.Policies).toContainEqual({ Type: 'ROUTE', DestinationPrefix: '192.168.10.33/32', NeedEncap: true });
  });

  it('web → hello: routed without encapsulation', () => {
    const t = trace(preset('flannel-host-gw'), { src: 'pod:demo/web', dst: 'pod:demo/hello', dport: 8080 });
    expect(t.verdict).toBe('delivered');
    expect(vxlanHeader(t.wire[0]!.packet)).toBeUndefined();
    expect(outerIp(t.wire[0]!.packet).src).toBe(st.pods.find((p) => p.pod === 'demo/web')!.ip);
  });
});
