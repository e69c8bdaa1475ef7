/**
 * kube-proxy behaviours on the lab cluster plus two services of our own:
 * `demo/local` (NodePort 30090, externalTrafficPolicy Local, backend
 * 172.21.211.8 on k8s-lab-node-1) and `demo/empty` (no endpoints).
 * Expected behaviour: kubernetes.io "Virtual IPs and Service Proxies" —
 * ETP Local keeps the client IP and only nodes with a local endpoint answer;
 * a service without endpoints is rejected (DATAPATH-FACTS §2.3, §2.4).
 */
import { describe, expect, it } from 'vitest';
import { K8S_LAB_YAML } from '../presets/k8sLab';
import { fromYaml, trace } from '../testing/traceHelpers';

const EXTRA = `
---
apiVersion: v1
kind: Service
metadata: {name: local, namespace: demo}
spec:
  type: NodePort
  clusterIP: 10.102.0.20
  externalTrafficPolicy: Local
  ports: [{name: http, protocol: TCP, port: 80, targetPort: 8080, nodePort: 30090}]
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata: {name: local-1, namespace: demo, labels: {kubernetes.io/service-name: local}}
addressType: IPv4
ports: [{name: http, protocol: TCP, port: 8080}]
endpoints:
- {addresses: [172.21.211.8], nodeName: k8s-lab-node-1}
---
apiVersion: v1
kind: Service
metadata: {name: empty, namespace: demo}
spec:
  clusterIP: 10.102.0.30
  ports: [{name: http, protocol: TCP, port: 80, targetPort: 8080}]
`;

const lab = fromYaml(K8S_LAB_YAML + EXTRA);

describe('externalTrafficPolicy Local', () => {
  it('on the node with the endpoint: delivered, the pod sees the client address', () => {
    const t = trace(lab, { src: 'host:client', dst: 'node:k8s-lab-node-1', dport: 30090 });
    expect(t.delivered).toMatchObject({ pod: 'demo/hello', port: 8080, seenSrcIp: '192.168.10.50' });
    expect(t.steps.some((s) => s.action === 'masquerade')).toBe(false);
    expect(t.reply?.delivered).toMatchObject({ node: 'client', seenSrcIp: '192.168.10.24', seenSrcPort: 30090 });
  });
  it('on a node without a local endpoint: dropped there', () => {
    const t = trace(lab, { src: 'host:client', dst: 'node:k8s-lab-node-2', dport: 30090 });
    expect(t.verdict).toBe('dropped');
    expect(t.steps.at(-1)?.node).toBe('k8s-lab-node-2');
  });
  it('from a pod, the ClusterIP still reaches the endpoint (ETP is for external traffic)', () => {
    const t = trace(lab, { src: 'pod:demo/net', dst: 'svc:demo/local' });
    expect(t.delivered).toMatchObject({ pod: 'demo/hello', seenSrcIp: '172.21.172.5' });
  });
});

describe('a service without endpoints', () => {
  it('is rejected at the client pod\'s node', () => {
    const t = trace(lab, { src: 'pod:demo/net', dst: 'svc:demo/empty' });
    expect(t.verdict).toBe('rejected');
    expect(t.reason?.code).toBe('no-endpoints');
    expect(t.wire).toHaveLength(0);
    const reject = t.steps.find((s) => s.action === 'reject')!;
    expect(reject.node).toBe('k8s-lab-node-2');
  });
  it('a wrong port on a real ClusterIP is rejected too', () => {
    const t = trace(lab, { src: 'pod:demo/net', dst: '10.97.141.163', dport: 81 });
    expect(t.verdict).toBe('rejected');
  });
});

describe('DNS names from a Linux pod (ndots:5)', () => {
  it.each([['hello'], ['hello.demo'], ['hello.demo.svc.cluster.local']])('%s resolves to the ClusterIP', (name) => {
    const t = trace(lab, { src: 'pod:demo/net', dst: `dns:${name}` });
    expect(t.flow.dst.ip).toBe('10.97.141.163');
    expect(t.steps[0]?.at.component).toBe('resolver');
    expect(t.verdict).toBe('delivered');
  });
  it('an unknown name is NXDOMAIN', () => {
    const t = trace(lab, { src: 'pod:demo/net', dst: 'dns:nope' });
    expect(t.reason?.code).toBe('dns-nxdomain');
  });
});

describe('bad trace requests', () => {
  it('name the field and say what was expected', async () => {
    const { traceFlow } = await import('./traceFlow');
    expect(traceFlow(lab, { src: 'pod:demo/net', dst: 'fd00::1' }).diagnostics[0]).toMatchObject({ code: 'ipv6-unsupported', field: 'dst' });
    expect(traceFlow(lab, { src: 'pod:demo/nope', dst: 'svc:demo/hello' }).diagnostics[0]).toMatchObject({ code: 'invalid-field', field: 'src' });
    expect(traceFlow(lab, { src: '198.51.100.7', dst: 'svc:demo/hello' }).diagnostics[0]?.message).toContain('--from-node');
    expect(traceFlow(lab, { src: 'pod:demo/net', dst: 'svc:demo/hello', dport: 70000 }).diagnostics[0]).toMatchObject({ field: 'dport' });
  });
});

describe('pinning the backend kube-proxy picks at random', () => {
  it('takes the pinned endpoint of the main cluster\'s two hello pods', async () => {
    const { preset } = await import('../testing/traceHelpers');
    for (const ip of ['172.20.172.6', '172.20.211.43']) {
      const t = trace(preset('k8s-main-after'), { src: 'pod:demo/net', dst: 'svc:demo/hello', backend: `${ip}:8080` });
      expect(t.delivered?.ip).toBe(ip);
      const branch = t.branches?.[0];
      expect(branch?.choices.slice().sort()).toEqual(['172.20.172.6:8080', '172.20.211.43:8080']);
      expect(branch?.choices[branch.taken]).toBe(`${ip}:8080`);
    }
  });
});
