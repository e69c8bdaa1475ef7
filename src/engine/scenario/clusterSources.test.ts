/**
 * Cluster settings from the objects real clusters keep them in (issue 17
 * items 3–5): kubeadm's kube-proxy ConfigMap and the Windows kube-proxy
 * DaemonSet, the service CIDR's sources in order, and a Calico manifest
 * install. The real samples are in shared/real-samples (SOURCES.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { winkernelOf } from '../model/scenario';
import { loadScenarioFiles, type LoadResult } from './load';
import { calicoSettings } from '../model/calico';

const SAMPLES = join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'real-samples');
const sample = (f: string): string => readFileSync(join(SAMPLES, f), 'utf8');

const NODES = `apiVersion: v1
kind: Node
metadata: { name: lin-1, labels: { kubernetes.io/os: linux } }
status: { addresses: [{ type: InternalIP, address: 10.0.2.10 }] }
---
apiVersion: v1
kind: Node
metadata: { name: win-1, labels: { kubernetes.io/os: windows } }
status: { addresses: [{ type: InternalIP, address: 10.0.2.15 }] }
`;

function load(...texts: string[]): LoadResult & { scenario: NonNullable<LoadResult['scenario']> } {
  const r = loadScenarioFiles([{ name: 'nodes', text: NODES }, ...texts.map((text, i) => ({ name: `in${i}`, text }))]);
  if (!r.scenario) throw new Error('no scenario');
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return r as LoadResult & { scenario: NonNullable<LoadResult['scenario']> };
}

const kubeProxyWindows = (container: string): string => `apiVersion: apps/v1
kind: DaemonSet
metadata: { name: kube-proxy-windows, namespace: kube-system }
spec:
  selector: { matchLabels: { k8s-app: kube-proxy-windows } }
  template:
    metadata: { labels: { k8s-app: kube-proxy-windows } }
    spec:
      nodeSelector: { kubernetes.io/os: windows }
      containers:
${container}`;

describe("kubeadm's kube-proxy ConfigMap (kubeproxy-config-1.yaml)", () => {
  it('reads the KubeProxyConfiguration inside data."config.conf"', () => {
    const r = load(sample('kubeproxy-config-1.yaml'));
    expect(r.scenario.kubeProxy).toMatchObject({ clusterCIDR: '10.244.0.0/16', masqueradeBit: 14, masqueradeAll: false });
  });

  it("its winkernel block is kubeadm's zero value and does not turn DSR off", () => {
    const r = load(sample('kubeproxy-config-1.yaml'));
    expect(r.scenario.kubeProxy.winkernel).toEqual({ networkName: 'Calico', enableDSR: true });
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ severity: 'info', field: 'data["config.conf"].winkernel', object: { kind: 'ConfigMap', namespace: 'kube-system', name: 'kube-proxy' } }));
  });

  it('a bad clusterCIDR inside config.conf is reported on the ConfigMap with its line', () => {
    const text = sample('kubeproxy-config-1.yaml').replace('clusterCIDR: 10.244.0.0/16', 'clusterCIDR: 10.244.0.0/33');
    const r = loadScenarioFiles([{ name: 'nodes', text: NODES }, { name: 'cm', text }]);
    const d = r.diagnostics.find((x) => x.severity === 'error');
    expect(d).toMatchObject({ field: 'clusterCIDR', object: { kind: 'KubeProxyConfiguration', name: 'kube-proxy' }, line: 3 });
  });
});

describe('the Windows kube-proxy DaemonSet', () => {
  it('its literal flags win over the ConfigMap (--enable-dsr=false, --source-vip, KUBE_NETWORK)', () => {
    const ds = kubeProxyWindows(`      - name: kube-proxy
        image: sigwindowstools/kube-proxy:v1.31.1-calico-hostprocess
        command: [kube-proxy.exe, --proxy-mode=kernelspace, --enable-dsr=false, --source-vip=10.244.2.2]
        env: [{ name: KUBE_NETWORK, value: vxlan0 }]
`);
    const r = load(sample('kubeproxy-config-1.yaml'), ds);
    expect(r.scenario.kubeProxy.winkernel).toEqual({ networkName: 'vxlan0', sourceVip: '10.244.2.2', enableDSR: false });
    // The Linux settings still come from the ConfigMap.
    expect(r.scenario.kubeProxy.clusterCIDR).toBe('10.244.0.0/16');
  });

  it("sig-windows-tools' start.ps1 computes the flags on the node: nothing literal, the per-node derivation stays", () => {
    const ds = kubeProxyWindows(`      - name: kube-proxy
        image: sigwindowstools/kube-proxy:calico-hostprocess
        args: ["$env:CONTAINER_SANDBOX_MOUNT_POINT/kube-proxy/start.ps1"]
        env: [{ name: KUBE_NETWORK, value: "Calico.*" }]
`);
    const r = load(sample('kubeproxy-config-1.yaml'), ds);
    expect(r.scenario.kubeProxy.winkernel).toEqual({ networkName: 'Calico', enableDSR: true });
    expect(r.diagnostics.find((d) => d.object?.name === 'kube-proxy-windows')?.message).toMatch(/computes them on each node/);
  });
});

describe('the Windows kube-proxy per node', () => {
  const node = (name: string, ip: string, build: string): string => `apiVersion: v1
kind: Node
metadata: { name: ${name}, labels: { kubernetes.io/os: windows, node.kubernetes.io/windows-build: "${build}" } }
status: { addresses: [{ type: InternalIP, address: ${ip} }] }
`;
  const ds = (name: string, build: string, flags: string): string => `apiVersion: apps/v1
kind: DaemonSet
metadata: { name: ${name}, namespace: kube-system }
spec:
  template:
    spec:
      nodeSelector: { kubernetes.io/os: windows }
      affinity:
        nodeAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            nodeSelectorTerms:
            - matchExpressions: [{ key: node.kubernetes.io/windows-build, operator: In, values: ["${build}"] }]
      containers:
      - name: kube-proxy
        command: [kube-proxy.exe, --proxy-mode=kernelspace${flags}]
`;

  it('two DaemonSets (one per Windows build) with different flags: each node gets its own', () => {
    const r = load(node('win-2019', '10.0.2.21', '10.0.17763'), node('win-2022', '10.0.2.22', '10.0.20348'), ds('kube-proxy-windows-2022', '10.0.20348', ''), ds('kube-proxy-windows-2019', '10.0.17763', ', --enable-dsr=false'));
    expect(r.scenario.kubeProxy.winkernel.enableDSR).toBe(true);
    expect(r.scenario.kubeProxy.winkernelByNode).toEqual({ 'win-2019': { networkName: 'Calico', enableDSR: false, from: expect.stringContaining('DaemonSet') } });
    expect([winkernelOf(r.scenario.kubeProxy, 'win-2019').enableDSR, winkernelOf(r.scenario.kubeProxy, 'win-2022').enableDSR]).toEqual([false, true]);
    // win-1 (no build label) is selected by neither: a warning, and the cluster-wide settings.
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ severity: 'warning', object: { kind: 'Node', name: 'win-1' } }));
  });
});

describe('the service CIDR, from the best source in the input', () => {
  const svc = (name: string, ip: string): string => `apiVersion: v1
kind: Service
metadata: { name: ${name}, namespace: default }
spec: { clusterIP: ${ip}, ports: [{ port: 80 }] }
`;
  const installation = (cidr: string): string => `apiVersion: operator.tigera.io/v1
kind: Installation
metadata: { name: default }
spec: { serviceCIDRs: [${cidr}], calicoNetwork: { ipPools: [{ cidr: 10.244.0.0/16, encapsulation: VXLAN }] } }
`;
  const apiServer = `apiVersion: v1
kind: Pod
metadata: { name: kube-apiserver-cp-1, namespace: kube-system }
spec:
  nodeName: lin-1
  hostNetwork: true
  containers:
  - name: kube-apiserver
    command: [kube-apiserver, --advertise-address=10.0.2.10, "--service-cluster-ip-range=10.55.0.0/16,fd00:10:96::/112"]
`;
  const serviceCidr = `apiVersion: networking.k8s.io/v1
kind: ServiceCIDR
metadata: { name: kubernetes }
spec: { cidrs: [10.66.0.0/16, "fd00:10:96::/112"] }
`;

  it('k3s-services-1.yaml: derived from the ClusterIPs in use (10.43.0.0/16), with a diagnostic, and no Service warned', () => {
    const r = load(sample('k3s-services-1.yaml'));
    expect(r.scenario.serviceCIDRs).toEqual(['10.43.0.0/16']);
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ code: 'derived', object: { kind: 'ServiceCIDR', name: 'derived' }, params: { cidr: '10.43.0.0/16', count: 3 } }));
    expect(r.diagnostics.filter((d) => d.object?.kind === 'Service')).toEqual([]);
  });

  it('ClusterIPs outside every known default: the smallest prefix holding them, at least a /16', () => {
    expect(load(svc('a', '172.30.1.5'), svc('b', '172.30.9.7')).scenario.serviceCIDRs).toEqual(['172.30.0.0/16']);
    expect(load(svc('a', '172.30.1.5'), svc('b', '172.31.9.7')).scenario.serviceCIDRs).toEqual(['172.30.0.0/15']);
  });

  it('the Installation beats the derivation; the kube-apiserver flag beats the Installation; ServiceCIDR objects beat both', () => {
    expect(load(svc('a', '10.43.0.10'), installation('10.43.0.0/17')).scenario.serviceCIDRs).toEqual(['10.43.0.0/17']);
    const withFlag = load(svc('a', '10.55.0.10'), installation('10.43.0.0/17'), apiServer);
    expect(withFlag.scenario.serviceCIDRs).toEqual(['10.55.0.0/16']);
    expect(withFlag.diagnostics).toContainEqual(expect.objectContaining({ severity: 'warning', code: 'conflict', field: 'spec.serviceCIDRs' }));
    expect(withFlag.scenario.pods.map((p) => p.name)).toContain('kube-apiserver-cp-1');
    expect(load(svc('a', '10.66.0.10'), installation('10.43.0.0/17'), apiServer, serviceCidr).scenario.serviceCIDRs).toEqual(['10.66.0.0/16']);
  });

  it('no ClusterIP and no source: kubeadm\'s default, said so', () => {
    const r = load();
    expect(r.scenario.serviceCIDRs).toEqual(['10.96.0.0/12']);
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ code: 'derived', object: { kind: 'ServiceCIDR', name: 'derived' } }));
  });
});

describe('a Calico manifest install (calico-manifest-1.yaml)', () => {
  it('calico_backend vxlan: no BGP; the default pool as calico-node creates it (VXLAN CrossSubnet, IPIP Never)', () => {
    const r = load(sample('calico-manifest-1.yaml'));
    expect(calicoSettings(r.scenario)).toMatchObject({ bgp: 'Disabled', vxlanVNI: 4096, vxlanPort: 4789 });
    expect(calicoSettings(r.scenario)?.pools).toEqual([expect.objectContaining({ name: 'default-ipv4-ippool', cidr: '192.168.0.0/16', vxlanMode: 'CrossSubnet', ipipMode: 'Never', blockSize: 26, natOutgoing: true })]);
    expect(r.diagnostics.filter((d) => d.code === 'unknown-kind')).toEqual([]);
  });

  it("the pool CIDR from kubeadm-config's podSubnet; an IPPool resource wins over the default pool; FELIX_ env over FelixConfiguration", () => {
    const kubeadmConfig = `apiVersion: v1
kind: ConfigMap
metadata: { name: kubeadm-config, namespace: kube-system }
data:
  ClusterConfiguration: |
    apiVersion: kubeadm.k8s.io/v1beta4
    kind: ClusterConfiguration
    networking:
      podSubnet: 10.244.0.0/16
      serviceSubnet: 10.96.0.0/12
`;
    const withPodSubnet = load(sample('calico-manifest-1.yaml'), kubeadmConfig);
    expect(calicoSettings(withPodSubnet.scenario)?.pools.map((p) => p.cidr)).toEqual(['10.244.0.0/16']);

    const pool = `apiVersion: crd.projectcalico.org/v1
kind: IPPool
metadata: { name: my-pool }
spec: { cidr: 10.50.0.0/16, vxlanMode: Always, natOutgoing: true }
`;
    const felix = `apiVersion: crd.projectcalico.org/v1
kind: FelixConfiguration
metadata: { name: default }
spec: { vxlanVNI: 5000 }
`;
    const manifest = sample('calico-manifest-1.yaml').replace('            - name: FELIX_HEALTHENABLED', '            - name: FELIX_VXLANVNI\n              value: "4097"\n            - name: FELIX_HEALTHENABLED');
    const r = load(manifest, pool, felix);
    expect(calicoSettings(r.scenario)?.pools.map((p) => p.name)).toEqual(['my-pool']);
    expect(calicoSettings(r.scenario)?.vxlanVNI).toBe(4097);
    expect(calicoSettings(r.scenario)?.bgp).toBe('Disabled');
  });

  it('calico_backend bird: BGP on, as the operator-less default', () => {
    const r = load(sample('calico-manifest-1.yaml').replace('calico_backend: "vxlan"', 'calico_backend: "bird"'));
    expect(calicoSettings(r.scenario)?.bgp).toBe('Enabled');
  });
});
