/**
 * Issue 12 items 1 and 2: kube-proxy settings are per Windows node. Each
 * node's source VIP is its own Calico_ep (.2 of its block, sig-windows-tools
 * start.ps1 [W1]) unless the node's own configuration says otherwise.
 */
import { describe, expect, it } from 'vitest';
import { lab, WIN2, windowsNode, windowsNodeYaml } from '../testing/windowsFixtures';
import { trace } from '../testing/traceHelpers';
import { windowsStateViews } from './views';

const withWin2 = (edit?: (y: string) => string, extra = '') => lab(edit, windowsNodeYaml(WIN2) + extra);

describe('per-node kube-proxy settings', () => {
  it('each Windows node gets its own Calico_ep as source VIP, even when one cluster-wide sourceVip is written', () => {
    const c = withWin2();
    expect(windowsNode(c, 'k8s-lab-win-1').sourceVip).toBe('172.21.41.2');
    const w2 = windowsNode(c, 'k8s-lab-win-2');
    expect(w2.sourceVip).toBe('172.21.42.2');
    expect(w2.kubeProxy.notes.join(' ')).toContain('172.21.41.2 is outside this node\'s block 172.21.42.0/26');
    expect(windowsStateViews(w2).find((v) => v.id === 'lb')!.text).toContain('Source VIP: 172.21.42.2 (W1');
  });

  it('item 1: client → NodePort of the second node with the backend on the first: the reply comes back through win-2 to the client', () => {
    const t = trace(withWin2(), { src: 'host:client', dst: 'node:k8s-lab-win-2', dport: 30081 });
    expect(t.verdict).toBe('delivered');
    expect(t.delivered).toMatchObject({ node: 'k8s-lab-win-1', seenSrcIp: '172.21.42.2' });
    expect(t.reply).toMatchObject({ verdict: 'delivered', delivered: { seenSrcIp: '192.168.10.27', seenSrcPort: 30081 } });
  });

  it('without any sourceVip written, the derivation alone gives each node its .2', () => {
    const c = withWin2((y) => y.replace('  sourceVip: 172.21.41.2\n', ''));
    expect([windowsNode(c, 'k8s-lab-win-1').sourceVip, windowsNode(c, 'k8s-lab-win-2').sourceVip]).toEqual(['172.21.41.2', '172.21.42.2']);
    expect(windowsNode(c, 'k8s-lab-win-1').kubeProxy.sourceVipSource).toContain('start.ps1');
  });

  it('a node overrides with its own KubeProxyConfiguration (hostnameOverride): sourceVip and enableDSR for that node only', () => {
    const own = `---
apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
hostnameOverride: k8s-lab-win-2
mode: kernelspace
winkernel:
  sourceVip: 172.21.42.9
  enableDSR: false
`;
    const c = withWin2(undefined, own);
    const w2 = windowsNode(c, 'k8s-lab-win-2');
    expect(w2.sourceVip).toBe('172.21.42.9');
    expect(w2.kubeProxy).toMatchObject({ enableDSR: false, from: expect.stringContaining('hostnameOverride k8s-lab-win-2') });
    expect(w2.loadBalancers.find((lb) => lb.kind === 'ClusterIP')?.dsr).toBe(false);
    expect(windowsNode(c, 'k8s-lab-win-1').kubeProxy.enableDSR).toBe(true);
    expect(windowsNode(c, 'k8s-lab-win-1').loadBalancers.find((lb) => lb.kind === 'ClusterIP')?.dsr).toBe(true);
  });

  it('feature gate WinDSR=false with enableDSR: kube-proxy exits (K1 NewProxier), no load balancer, the trace says so', () => {
    const c = lab((y) => y.replace('mode: kernelspace\n', 'mode: kernelspace\nfeatureGates:\n  WinDSR: false\n'));
    const st = windowsNode(c, 'k8s-lab-win-1');
    expect(st.kubeProxy.down?.reason).toContain('WinDSR feature gate not enabled');
    expect(st.loadBalancers).toEqual([]);
    const t = trace(c, { src: 'pod:demo/web', dst: 'svc:demo/hello' });
    expect(t).toMatchObject({ verdict: 'dropped', reason: { code: 'windows-kube-proxy-down' } });
  });
});
