/**
 * One decision per node: CNI × dataplane × service proxy, from the scenario's
 * objects, with kube-proxy's own default (`mode: ""` = iptables on Linux).
 */
import { describe, expect, it } from 'vitest';
import { loadPreset } from '../presets/catalog';
import { loadScenarioText } from '../scenario/load';
import { compileScenario, nodeStateViews } from '../trace/cluster';
import { calicoPlugin } from '../linux/cni/calico/plugin';
import { flannelSettings } from '../model/flannel';
import { LINUX_PROXIES } from '../linux/proxy/registry';
import { decideDatapath, IMPLEMENTED } from './datapath';
import { calicoSettings } from '../model/calico';

const NODES = `kind: Node
metadata: {name: n1, labels: {kubernetes.io/os: linux}}
status: {addresses: [{type: InternalIP, address: 192.168.10.20}]}
---
kind: Node
metadata: {name: w1, labels: {kubernetes.io/os: windows}}
status: {addresses: [{type: InternalIP, address: 192.168.10.30}]}
`;
const POOL = `---
apiVersion: crd.projectcalico.org/v1
kind: IPPool
metadata: {name: p}
spec: {cidr: 10.244.0.0/16, vxlanMode: Always}
`;

function scenario(extra: string) {
  const r = loadScenarioText(`${NODES}${POOL}${extra}`);
  expect(r.scenario).toBeDefined();
  return r;
}

describe('decideDatapath', () => {
  it('KubeProxyConfiguration mode "" is iptables, as kube-proxy defaults it', () => {
    const { scenario: s } = scenario('---\nkind: KubeProxyConfiguration\nmode: ""\n');
    const d = decideDatapath(s!, { name: 'n1', os: 'linux' });
    expect(d.proxy.value).toBe('kube-proxy-iptables');
    expect(d.proxy.from).toContain('platformApplyDefaults');
  });

  it('no KubeProxyConfiguration: iptables, reported as derived', () => {
    const r = scenario('');
    expect(decideDatapath(r.scenario!, { name: 'n1', os: 'linux' }).proxy.value).toBe('kube-proxy-iptables');
    expect(r.diagnostics.some((d) => d.code === 'derived' && d.object?.kind === 'KubeProxyConfiguration')).toBe(true);
  });

  it('mode nftables is nftables; Windows nodes run HNS and winkernel whatever the Linux mode', () => {
    const { scenario: s } = scenario('---\nkind: KubeProxyConfiguration\nmode: nftables\n');
    expect(decideDatapath(s!, { name: 'n1', os: 'linux' }).proxy).toMatchObject({ value: 'kube-proxy-nftables', modelledAs: 'kube-proxy-nftables' });
    expect(decideDatapath(s!, { name: 'w1', os: 'windows' })).toMatchObject({ dataplane: { value: 'hns' }, proxy: { value: 'winkernel' } });
  });

  it('Calico without an Installation runs the iptables dataplane; what is not implemented says how it is modelled', () => {
    const { scenario: s } = scenario('');
    const d = decideDatapath(s!, { name: 'n1', os: 'linux' }, [{ ...calicoPlugin, dataplanes: ['nftables'] }], { linuxProxies: [] });
    expect(d.cni.value).toBe('calico');
    expect(d.dataplane).toMatchObject({ value: 'iptables', modelledAs: 'nftables' });
    expect(d.proxy).toMatchObject({ value: 'kube-proxy-iptables', modelledAs: 'kube-proxy-nftables' });
  });

  it('flannel when its ConfigMap is there and no Calico pool is enabled', () => {
    const s = loadPreset('flannel-vxlan').scenario!;
    const d = decideDatapath(s, { name: 'node-1', os: 'linux' });
    expect(d.cni.value).toBe('flannel');
    expect(d.dataplane.value).toBe(flannelSettings(s)!.enableNFTables ? 'nftables' : 'iptables');
  });

  it('every node state carries its datapath, and the `datapath` view prints it', () => {
    const c = compileScenario(loadPreset('k8s-lab').scenario!);
    expect(c.nodes.get('k8s-lab-node-1')!.datapath.proxy.value).toBe('kube-proxy-nftables');
    expect(c.nodes.get('k8s-lab-win-1')!.datapath.proxy.value).toBe('winkernel');
    const view = nodeStateViews(c, 'k8s-lab-node-1').find((v) => v.id === 'datapath')!;
    expect(view.text).toMatch(/dataplane\s+nftables\n\s+from Installation "default" spec.calicoNetwork.linuxDataplane: Nftables/);
  });
});

describe('the presets issue 14 names', () => {
  const linuxDatapaths = (name: string) => {
    const s = loadPreset(name).scenario!;
    return s.nodes.filter((n) => n.os === 'linux').map((n) => decideDatapath(s, n));
  };

  it('k8s-main-before (the seed) stays on nftables: Felix and kube-proxy, built as such', () => {
    for (const d of linuxDatapaths('k8s-main-before')) {
      expect([d.cni.modelledAs, d.dataplane.modelledAs, d.proxy.modelledAs]).toEqual(['calico', 'nftables', 'kube-proxy-nftables']);
    }
  });

  it('k8s-lab-kubeadm is a kubeadm-default cluster: Calico iptables dataplane, kube-proxy iptables, BGP without encapsulation', () => {
    const s = loadPreset('k8s-lab-kubeadm').scenario!;
    for (const d of linuxDatapaths('k8s-lab-kubeadm')) {
      expect([d.cni.modelledAs, d.dataplane.modelledAs, d.proxy.modelledAs]).toEqual(['calico', 'iptables', 'kube-proxy-iptables']);
    }
    const pools = (calicoSettings(s)?.pools ?? []).filter((p) => !p.disabled);
    expect(pools.length).toBeGreaterThan(0);
    for (const p of pools) expect([p.vxlanMode, p.ipipMode ?? 'Never']).toEqual(['Never', 'Never']);
  });
});

describe('registries', () => {
  it('IMPLEMENTED lists exactly the Linux proxies the registry builds', () => {
    expect([...IMPLEMENTED.linuxProxies].sort()).toEqual(Object.keys(LINUX_PROXIES).sort());
  });
});
