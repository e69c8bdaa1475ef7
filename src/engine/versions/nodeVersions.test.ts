/**
 * Versions per node (issue 17 item 6): what runs on the node (its Pod's
 * image) before the workload for its OS (a DaemonSet's image), before what
 * the Node reports (status.nodeInfo), before the kubelet's version taken as
 * kube-proxy's (an assumption, flagged); and the views name them.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioText } from '../scenario/load';
import { compileScenario, nodeStateViews } from '../trace/cluster';
import { nodeVersions } from './nodeVersions';

const node = (name: string, os: string, info: string) => `apiVersion: v1
kind: Node
metadata: { name: ${name}, labels: { kubernetes.io/os: ${os} } }
status:
  addresses: [{ type: InternalIP, address: 10.0.0.${name.length} }]
  nodeInfo: ${info}
`;
const ds = (name: string, os: string, image: string) => `apiVersion: apps/v1
kind: DaemonSet
metadata: { name: ${name}, namespace: kube-system }
spec: { template: { spec: { nodeSelector: { kubernetes.io/os: ${os} }, containers: [{ name: c, image: "${image}" }] } } }
`;
const pod = (name: string, nodeName: string, image: string) => `apiVersion: v1
kind: Pod
metadata: { name: ${name}, namespace: kube-system }
spec: { nodeName: ${nodeName}, hostNetwork: true, containers: [{ name: c, image: "${image}" }] }
status: { podIP: 10.0.0.9 }
`;

function load(...docs: string[]) {
  const { scenario, diagnostics } = loadScenarioText(docs.join('---\n'));
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return scenario!;
}

describe('nodeVersions', () => {
  it('prefers the Pod on the node, then the DaemonSet for its OS, then nodeInfo, then the kubelet (assumed)', () => {
    const s = load(
      node('a', 'linux', '{ kubeletVersion: v1.30.1, kubeProxyVersion: v1.30.1, osImage: Debian GNU/Linux 12, kernelVersion: 6.1.0-18-amd64 }'),
      node('bb', 'linux', '{ kubeletVersion: v1.30.1, kubeProxyVersion: v1.30.1 }'),
      node('ccc', 'windows', '{ kubeletVersion: v1.32.0, kubeProxyVersion: v1.32.0 }'),
      node('dddd', 'windows', '{ kubeletVersion: v1.33.2, kubeProxyVersion: "" }'),
      pod('kube-proxy-x1', 'a', 'registry.k8s.io/kube-proxy:v1.31.2'),
      ds('kube-proxy', 'linux', 'registry.k8s.io/kube-proxy:v1.31.0@sha256:0123'),
      ds('calico-node-windows', 'windows', 'docker.io/calico/node-windows:v3.29.6'),
    );
    const v = (n: string) => nodeVersions(s, s.nodes.find((x) => x.name === n)!);
    expect(v('a').kubeProxy).toMatchObject({ version: 'v1.31.2', field: 'image registry.k8s.io/kube-proxy:v1.31.2', object: { kind: 'Pod', name: 'kube-proxy-x1' } });
    expect(v('a')).toMatchObject({ kubelet: { version: 'v1.30.1' }, osImage: 'Debian GNU/Linux 12', kernelVersion: '6.1.0-18-amd64' });
    expect(v('bb').kubeProxy).toMatchObject({ version: 'v1.31.0', object: { kind: 'DaemonSet', name: 'kube-proxy' } });
    expect(v('ccc').kubeProxy).toMatchObject({ version: 'v1.32.0', field: 'status.nodeInfo.kubeProxyVersion' });
    expect(v('ccc').kubeProxy?.assumption).toBeUndefined();
    expect(v('dddd').kubeProxy).toMatchObject({ version: 'v1.33.2', field: 'status.nodeInfo.kubeletVersion', assumption: true });
    expect(v('dddd').calico).toMatchObject({ version: 'v3.29.6' });
    expect(v('a').calico).toBeUndefined();
  });

  it('reads kubeadm-config: kubernetesVersion and controlPlaneEndpoint', () => {
    const s = load(node('a', 'linux', '{}'), `apiVersion: v1
kind: ConfigMap
metadata: { name: kubeadm-config, namespace: kube-system }
data:
  ClusterConfiguration: |
    kind: ClusterConfiguration
    kubernetesVersion: v1.32.1
    controlPlaneEndpoint: k8s-api.example.com:6443
`);
    expect(s.versions?.kubernetes).toMatchObject({ version: 'v1.32.1', field: 'ClusterConfiguration.kubernetesVersion' });
    expect(s.controlPlaneEndpoint).toMatchObject({ host: 'k8s-api.example.com', port: '6443' });
    expect(nodeVersions(s, s.nodes[0]!).kubeProxy).toMatchObject({ version: 'v1.32.1', assumption: true });
  });

  it('the nft and routes views name the version their rules follow (the catalogues: src/i18n/runbook.test.ts)', () => {
    const s = load(node('a', 'linux', '{ kubeletVersion: v1.31.4 }'), 'apiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\nmode: nftables\n');
    const views = nodeStateViews(compileScenario(s), 'a');
    const nft = views.find((v) => v.id === 'nft')!;
    expect(nft.notes?.[0]).toMatchObject({ key: 'versions.kubeProxyNft.assumed', params: { version: 'v1.31.4', layout: 'post-dnat-output', from: 'Node a status.nodeInfo.kubeletVersion' } });
    expect(views.find((v) => v.id === 'versions')!.text).toMatch(/^kubeletVersion\s+v1\.31\.4\s+Node a status\.nodeInfo\.kubeletVersion$/m);
    expect(nft.notes?.[1]).toMatchObject({ key: 'versions.assumption.kube-proxy-before-1-30' });
  });
});
