/**
 * The HNS objects and VFP ports of k8s-lab-win-1 as Calico and kube-proxy
 * (winkernel) create them. Expected values: the seed (block 172.21.41.0/26,
 * VSID 4096, reserved .0/.1/.2/.63, source VIP = Calico_ep) and DATAPATH-FACTS
 * §4, §8 (RemoteSubnetRoute per remote block, OutBoundNAT exception list).
 */
import { describe, expect, it } from 'vitest';
import { preset } from '../testing/traceHelpers';
import { nodeStateViews } from '../trace/cluster';
import { K8S_LAB_YAML } from '../presets/k8sLab';
import { fromYaml } from '../testing/traceHelpers';
import type { WindowsNodeState } from './state';
import { lbBackendCap } from './lbCap';

function win(c = preset('k8s-lab')): WindowsNodeState {
  const st = c.nodes.get('k8s-lab-win-1');
  if (st?.kind !== 'windows') throw new Error('not a Windows node');
  return st;
}

describe('HNS network Calico on k8s-lab-win-1', () => {
  it('is an Overlay network with the node\'s one block, gateway .1 and VSID 4096', () => {
    const n = win().network;
    expect(n).toMatchObject({ Name: 'Calico', Type: 'Overlay', ManagementIP: '192.168.10.25', NetworkAdapterName: 'Ethernet' });
    expect(n.Subnets).toEqual([{ AddressPrefix: '172.21.41.0/26', GatewayAddress: '172.21.41.1', Policies: [{ Type: 'VSID', VSID: 4096 }] }]);
  });

  it('has a RemoteSubnetRoute per Linux block, pointing at that node and its VTEP MAC', () => {
    const c = preset('k8s-lab');
    const rsr = win(c).network.Policies.filter((p) => p.Type === 'RemoteSubnetRoute');
    const expected = c.view.peers
      .filter((p) => p.os === 'linux')
      .map((p) => ({ Type: 'RemoteSubnetRoute', DestinationPrefix: p.block, IsolationId: 4096, ProviderAddress: p.ip, DistributedRouterMacAddress: p.vtepMac!.toLowerCase().replace(/:/g, '-') }));
    expect(rsr).toEqual(expect.arrayContaining(expected));
    expect(rsr).toHaveLength(3);
    expect(rsr.map((r) => r.DestinationPrefix).sort()).toEqual(['172.21.172.0/26', '172.21.211.0/26', '172.21.70.192/26']);
  });

  it('publishes its DrMacAddress as the VTEP MAC the Linux nodes use for 172.21.41.1', () => {
    const c = preset('k8s-lab');
    const linux = c.nodes.get('k8s-lab-node-1');
    if (linux?.kind !== 'linux') throw new Error('expected Linux');
    const neigh = linux.neigh.find((n) => n.ip === '172.21.41.1')!;
    expect(win(c).network.DrMacAddress).toBe(neigh.mac.toUpperCase().replace(/:/g, '-'));
  });

  it('Calico_ep holds .2, the source VIP kube-proxy uses; pods never get a reserved address', () => {
    const st = win();
    expect(st.hostEndpoint).toMatchObject({ Name: 'Calico_ep', IPAddress: '172.21.41.2', IsRemoteEndpoint: true, Policies: [{ Type: 'PA', PA: '192.168.10.25' }] });
    expect(st.sourceVip).toBe('172.21.41.2');
    const reserved = ['172.21.41.0', '172.21.41.1', '172.21.41.2', '172.21.41.63'];
    for (const p of st.pods) expect(reserved).not.toContain(p.ip);
  });
});

describe('pod endpoints', () => {
  it('demo/web: MAC 0E-2A-<ip>, gateway .1, OutBoundNAT excepting the service CIDR and the pool', () => {
    const st = win();
    const web = st.endpoints.find((e) => e.IPAddress === '172.21.41.6')!;
    expect(web).toMatchObject({ MacAddress: '0E-2A-ac-15-29-06', GatewayAddress: '172.21.41.1', PrefixLength: 26, VirtualNetworkName: 'Calico' });
    expect(web.Name).toMatch(/^[0-9a-f]{64}_Calico$/);
    expect(web.Policies).toContainEqual({ Type: 'OutBoundNAT', ExceptionList: ['10.96.0.0/12', '172.21.0.0/16'] });
    expect(web.Policies).toContainEqual({ Type: 'ROUTE', DestinationPrefix: '10.96.0.0/12', NeedEncap: true });
    expect(web.Policies).toContainEqual({ Type: 'PA', PA: '192.168.10.25' });
    expect(st.namespaces.find((n) => n.ID === web.Namespace!.ID)?.ResourceList).toEqual([{ Type: 'Endpoint', Data: { ID: web.ID } }]);
  });

  it('drops OutBoundNAT when the pool has natOutgoing off', () => {
    const st = win(fromYaml(K8S_LAB_YAML.replace('natOutgoing: Enabled', 'natOutgoing: Disabled')));
    const web = st.endpoints.find((e) => e.IPAddress === '172.21.41.6')!;
    expect(web.Policies.some((p) => p.Type === 'OutBoundNAT')).toBe(false);
  });
});

describe('kube-proxy winkernel load balancers', () => {
  it('ClusterIP demo/hello: DSR, 80 → 8080, the remote backend as a remote endpoint with PA = node-1', () => {
    const st = win();
    const lb = st.loadBalancers.find((l) => l.kind === 'ClusterIP' && l.vip === '10.97.141.163')!;
    expect(lb).toMatchObject({ externalPort: 80, internalPort: 8080, dsr: true, proto: 'tcp' });
    expect(lb.backends).toEqual([expect.objectContaining({ ip: '172.21.211.8', remote: true })]);
    const remote = st.endpoints.find((e) => e.IPAddress === '172.21.211.8')!;
    expect(remote).toMatchObject({ IsRemoteEndpoint: true, MacAddress: '02-11-AC-15-D3-08', Policies: [{ Type: 'PA', PA: '192.168.10.24' }] });
  });

  it('NodePort demo/hello: on the management IP, not DSR with externalTrafficPolicy Cluster, SNAT to the source VIP', () => {
    const lb = win().loadBalancers.find((l) => l.kind === 'NodePort' && l.externalPort === 30080)!;
    expect(lb).toMatchObject({ vip: '192.168.10.25', dsr: false, localRoutedVip: true, sourceVip: '172.21.41.2' });
    const pl = win().policyLists.find((p) => p.ID === lb.id)!;
    expect(pl.Policies[0]).toMatchObject({ Type: 'ELB', Protocol: 6, InternalPort: 8080, ExternalPort: 30080, VIPs: [], IsDSR: false });
  });

  it('the backend cap follows the build: 64 before Windows Server 2022, 1024 from 20348', () => {
    expect(lbBackendCap(17763).cap).toBe(64);
    expect(lbBackendCap(undefined).cap).toBe(64);
    expect(lbBackendCap(26100).cap).toBe(1024);
    expect(win().lbCap).toMatchObject({ cap: 1024, build: 26100 });
  });
});

describe('VFP ports and views', () => {
  it('a pod port walks ACL, LB_DSR, SLB_NAT and the PA route layer in that order', () => {
    const port = win().ports.find((p) => p.pod === 'demo/web')!;
    expect(port.layers.map((l) => l.name)).toEqual(['ACL_ENDPOINT_LAYER', 'LB_DSR', 'SLB_NAT_LAYER', 'VNET_PA_ROUTE_LAYER']);
  });

  it('prints Get-HnsNetwork JSON, the VFP rules and the host routes', () => {
    const views = nodeStateViews(preset('k8s-lab'), 'k8s-lab-win-1');
    expect(views.map((v) => v.id)).toEqual(['hns-network', 'hns-network-list', 'hns-endpoint', 'hns-endpoint-list', 'hns-namespace', 'hns-policylist', 'hns-policylist-list', 'vfp', 'routes', 'lb', 'ipam', 'hns-acl', 'datapath', 'versions']);
    expect(views.find((v) => v.id === 'ipam')!.text).toContain('Reserved (windows host rsvd): 172.21.41.0 network, 172.21.41.1 gateway of Calico (VTEP), 172.21.41.2 Calico_ep, 172.21.41.63 broadcast');
    expect(views.find((v) => v.id === 'ipam')!.text).toContain('Usable for pods: 60');
    const net = JSON.parse(views.find((v) => v.id === 'hns-network')!.text) as { Type: string };
    expect(net.Type).toBe('Overlay');
    expect(views.find((v) => v.id === 'vfp')!.text).toContain('RULE : LB_DSR_192.168.10.25_10.97.141.163_80_8080_TCP');
    expect(views.find((v) => v.id === 'routes')!.text).toMatch(/0\.0\.0\.0\/0\s+192\.168\.10\.1/);
  });
});
