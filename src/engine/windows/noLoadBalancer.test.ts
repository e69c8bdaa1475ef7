/**
 * Issue 12 item 4 (and the drops decided from the compiled state): a NodePort
 * frontend with no load balancer on a Windows node reaches the host's stack,
 * where nothing listens — rejected, as on Linux — instead of being
 * "delivered" to the node. Covers a Service with no endpoints and
 * externalTrafficPolicy Local with no local endpoint.
 */
import { describe, expect, it } from 'vitest';
import { lab, windowsNode } from '../testing/windowsFixtures';
import { trace } from '../testing/traceHelpers';

const HELLO_NOT_READY = (y: string) => y.replace('- addresses: [172.21.211.8]\n  conditions: {ready: true, serving: true, terminating: false}', '- addresses: [172.21.211.8]\n  conditions: {ready: false, serving: false, terminating: false}');

describe('a NodePort without a load balancer on the Windows node', () => {
  it('Service without endpoints: client → win-1:30080 is rejected (nothing listens), not delivered', () => {
    const c = lab(HELLO_NOT_READY);
    expect(windowsNode(c, 'k8s-lab-win-1').lbFailures).toContainEqual(expect.objectContaining({ reason: 'no-endpoints', kind: 'NodePort', port: 30080 }));
    const t = trace(c, { src: 'host:client', dst: 'node:k8s-lab-win-1', dport: 30080 });
    expect(t).toMatchObject({ verdict: 'rejected', reason: { code: 'no-listener', params: { service: 'demo/hello', port: 30080 } } });
  });

  it('externalTrafficPolicy Local with the only endpoint on a Linux node: rejected on win-1', () => {
    const c = lab((y) => y.replace('    nodePort: 30080\n', '    nodePort: 30080\n  externalTrafficPolicy: Local\n'));
    const t = trace(c, { src: 'host:client', dst: 'node:k8s-lab-win-1', dport: 30080 });
    expect(t).toMatchObject({ verdict: 'rejected', reason: { code: 'no-listener' } });
  });

  it('the same NodePort with a ready endpoint still load-balances (the check is the compiled state, not the request)', () => {
    const t = trace(lab((y) => y, ' '), { src: 'host:client', dst: 'node:k8s-lab-win-1', dport: 30080 });
    expect(t.verdict).toBe('delivered');
    expect(t.delivered?.node).toBe('k8s-lab-node-1');
  });

  it('a ClusterIP without endpoints, dialled by address rather than by service name, is dropped by the state too', () => {
    const c = lab(HELLO_NOT_READY);
    const vip = c.scenario.services.find((s) => s.name === 'hello')!.clusterIP!;
    const t = trace(c, { src: 'pod:demo/web', dst: vip, dport: 80 });
    expect(t).toMatchObject({ verdict: 'dropped', reason: { code: 'no-load-balancer' } });
  });
});

describe('drops decided from the compiled node state, not from the request', () => {
  it('an address borrowed from the Windows block, dialled by IP: still named as the borrowed pod (foreignInBlock)', () => {
    const c = lab((y) => y.replace('strictAffinity: true', 'strictAffinity: false'), '---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: borrower\n  namespace: demo\nspec:\n  nodeName: k8s-lab-node-1\nstatus:\n  podIP: 172.21.41.10\n');
    const t = trace(c, { src: 'pod:demo/web', dst: '172.21.41.10', dport: 80 });
    expect(t).toMatchObject({ verdict: 'dropped', reason: { code: 'address-in-windows-block', params: { pod: 'demo/borrower', podNode: 'k8s-lab-node-1' } } });
  });
});

describe('a ClusterIP port the Service does not serve (item 8)', () => {
  it('web → hello\'s ClusterIP on port 81: dropped at the VFP as a VIP the node knows, not sent to the gateway', () => {
    const c = lab((y) => y, ' ');
    const vip = c.scenario.services.find((s) => s.name === 'hello')!.clusterIP!;
    const t = trace(c, { src: 'pod:demo/web', dst: vip, dport: 81 });
    expect(t).toMatchObject({ verdict: 'dropped', reason: { code: 'clusterip-port-not-served', params: { vip, port: 81, service: 'demo/hello' } } });
    expect(t.wire).toHaveLength(0);
    expect(trace(c, { src: 'pod:demo/web', dst: vip, dport: 80 }).verdict).toBe('delivered');
  });
});
