/**
 * kube-proxy's nftables layout follows the node's version (issue 17 item 6):
 * a 1.31 node prints the base and helper chains of
 * shared/real-samples/nft-kube-proxy-1.txt line for line; a 1.34 node (and
 * one whose version the dump does not show) prints today's layout.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenarioText } from '../scenario/load';
import { compileScenario, nodeStateViews } from '../trace/cluster';
import { nftChainBlocks } from './nftBlocks';

const SAMPLE = readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'real-samples', 'nft-kube-proxy-1.txt'), 'utf8');

/** A k3s-like node (services 10.43.0.0/16, pods 10.42.0.0/16) as in the sample, its kube-proxy at `version` through `how`. */
function cluster(how: 'pod' | 'nodeInfo' | 'none', version: string): string {
  const nodeInfo = how === 'nodeInfo' ? `\n  nodeInfo: { kubeletVersion: ${version}, kubeProxyVersion: "" }` : '';
  const pod = how === 'pod' ? `
---
apiVersion: v1
kind: Pod
metadata: { name: kube-proxy-abcde, namespace: kube-system }
spec: { nodeName: n1, hostNetwork: true, containers: [{ name: kube-proxy, image: "registry.k8s.io/kube-proxy:${version}" }] }
status: { podIP: 10.34.4.246 }` : '';
  return `apiVersion: v1
kind: Node
metadata: { name: n1, labels: { kubernetes.io/os: linux } }
spec: { podCIDR: 10.42.0.0/24 }
status:
  addresses: [{ type: InternalIP, address: 10.34.4.246 }]${nodeInfo}
---
apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
mode: nftables
clusterCIDR: 10.42.0.0/16
nodePortAddresses: [primary]
---
apiVersion: networking.k8s.io/v1
kind: ServiceCIDR
metadata: { name: kubernetes }
spec: { cidrs: [10.43.0.0/16] }${pod}
`;
}

function nftOf(text: string): string {
  const { scenario, diagnostics } = loadScenarioText(text);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return nodeStateViews(compileScenario(scenario!), 'n1').find((v) => v.id === 'nft')!.text;
}

const FIXED = ['filter-prerouting', 'filter-input', 'filter-forward', 'filter-output', 'filter-output-post-dnat', 'nat-prerouting', 'nat-output', 'nat-postrouting', 'services', 'nodeport-endpoints-check', 'service-endpoints-check', 'firewall-check', 'masquerading', 'cluster-ips-check', 'mark-for-masquerade', 'reject-chain'];

describe('kube-proxy nftables layout by version', () => {
  const sample = nftChainBlocks(SAMPLE);

  it.each(['pod', 'nodeInfo'] as const)('a v1.31.2 node (version from its %s) prints the fixed chains of the real 1.31 ruleset', (how) => {
    const ours = nftChainBlocks(nftOf(cluster(how, 'v1.31.2')));
    for (const name of FIXED) expect([name, ours.get(name)]).toEqual([name, sample.get(name)]);
    expect(ours.has('filter-prerouting-pre-dnat')).toBe(false);
  });

  it.each([['pod', 'v1.34.1'], ['none', '']] as const)('a node with kube-proxy %s %s gets the newest layout', (how, version) => {
    const ours = nftChainBlocks(nftOf(cluster(how, version)));
    expect(ours.get('filter-prerouting-pre-dnat')?.[0]).toBe('type filter hook prerouting priority dstnat - 10; policy accept;');
    expect(ours.get('filter-output')?.[0]).toBe('type filter hook output priority filter; policy accept;');
    expect(ours.has('filter-output-post-dnat')).toBe(false);
  });
});
