/**
 * Issue 11 item 10: an address borrowed from another node's block
 * (strictAffinity false) is routed by the /32 Felix programs toward the node
 * that runs the pod, not to the block's owner.
 */
import { describe, expect, it } from 'vitest';
import { K8S_MAIN_AFTER_YAML, K8S_MAIN_BEFORE_YAML } from '../presets/k8sMain';
import { fromYaml, trace } from '../testing/traceHelpers';
import { formatRoutes } from './routes';

/**
 * A pod on k8s-node-2 whose address lies in k8s-node-1's block 172.20.211.0/26,
 * and a NetworkPolicy admitting everything to it: the presets carry part 20's
 * default deny in `demo`, and these flows are about routes, not policy.
 */
export const BORROWER = `---
apiVersion: v1
kind: Pod
metadata: {name: borrower, namespace: demo, labels: {app: borrower}}
spec: {nodeName: k8s-node-2}
status: {podIP: 172.20.211.60}
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: allow-all-to-borrower, namespace: demo}
spec:
  podSelector: {matchLabels: {app: borrower}}
  ingress: [{}]
`;

export function borrowedYaml(base: string): string {
  return `${base.replace('strictAffinity: true', 'strictAffinity: false').trimEnd()}\n${BORROWER}`;
}

describe('borrowed pod addresses (strictAffinity false)', () => {
  const after = fromYaml(borrowedYaml(K8S_MAIN_AFTER_YAML));

  it('the other nodes carry a /32 for the borrowed address, toward the node that runs the pod', () => {
    const master = after.nodes.get('k8s-master-1');
    const owner = after.nodes.get('k8s-node-1');
    if (master?.kind !== 'linux' || owner?.kind !== 'linux') throw new Error('linux nodes expected');
    expect(formatRoutes(master.routes)).toContain('172.20.211.60 via 172.20.172.0 dev vxlan.calico onlink');
    // The block's owner too: its /32 beats its own blackhole for the block.
    expect(formatRoutes(owner.routes)).toContain('172.20.211.60 via 172.20.172.0 dev vxlan.calico onlink');
  });

  it('a node and the block owner\'s pod reach the borrower directly (VXLAN Always)', () => {
    for (const src of ['node:k8s-master-1', 'pod:demo/net']) {
      const t = trace(after, { src, dst: 'pod:demo/borrower', proto: 'tcp', dport: 8080 });
      expect(t.verdict, src).toBe('delivered');
      expect(t.delivered?.pod, src).toBe('demo/borrower');
      expect(t.wire.map((w) => w.to), src).toEqual(['k8s-node-2']);
    }
  });

  it('CrossSubnet within one subnet: the /32 goes via the node IP on the NIC', () => {
    const before = fromYaml(borrowedYaml(K8S_MAIN_BEFORE_YAML));
    const master = before.nodes.get('k8s-master-1');
    if (master?.kind !== 'linux') throw new Error('linux node expected');
    expect(formatRoutes(master.routes)).toContain('172.20.211.60 via 192.168.10.21 dev ens18 proto 80 onlink');
    const t = trace(before, { src: 'node:k8s-master-1', dst: 'pod:demo/borrower', proto: 'icmp' });
    expect(t.verdict).toBe('delivered');
    expect(t.wire.map((w) => w.to)).toEqual(['k8s-node-2']);
  });
});
