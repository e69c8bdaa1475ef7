/**
 * Issue 12 item 13: the health-check load balancers winkernel creates with
 * forwardHealthCheckVip (K1 syncProxyRules: ingress IP, healthCheckNodePort
 * or the healthz port, to the root HNS endpoint), in the `lb` view and traced.
 */
import { describe, expect, it } from 'vitest';
import { windowsStateViews } from './views';
import { lab, windowsNode } from '../testing/windowsFixtures';
import { trace } from '../testing/traceHelpers';

const WIN = 'k8s-lab-win-1';
const LB_LOCAL = (y: string) =>
  y
    .replace('spec:\n  type: NodePort\n  clusterIP: 10.101.52.17', 'spec:\n  type: LoadBalancer\n  externalTrafficPolicy: Local\n  healthCheckNodePort: 32100\n  clusterIP: 10.101.52.17')
    .replace('    nodePort: 30081\n', '    nodePort: 30081\nstatus:\n  loadBalancer:\n    ingress:\n    - ip: 192.168.10.200\n');
const FORWARD = (root: string) => (y: string) => y.replace('  enableDSR: true', `  enableDSR: true\n  forwardHealthCheckVip: true\n  rootHnsEndpointName: ${root}`);

describe('health-check load balancers (forwardHealthCheckVip)', () => {
  it('on the ingress IP at healthCheckNodePort, to Calico_ep when it is the root HNS endpoint; the probe reaches kube-proxy\'s health server', () => {
    const c = lab((y) => FORWARD('Calico_ep')(LB_LOCAL(y)));
    const st = windowsNode(c, WIN);
    const hc = st.loadBalancers.find((x) => x.kind === 'HealthCheck');
    expect(hc).toMatchObject({ vip: '192.168.10.200', externalPort: 32100, dsr: false, backends: [{ ip: st.hostEndpoint.IPAddress }] });
    expect(windowsStateViews(st).find((v) => v.id === 'lb')!.text).toMatch(/HealthCheck +192\.168\.10\.200:32100\/tcp/);
    const t = trace(c, { src: 'host:client', dst: '192.168.10.200', dport: 32100, fromNode: WIN });
    expect(t.verdict).toBe('delivered');
    expect(t.delivered).toMatchObject({ node: WIN, port: 32100 });
    expect(t.steps.some((s) => s.explain.key === 'windows.healthCheckLb')).toBe(true);
    expect(t.steps.some((s) => s.explain.key === 'windows.healthCheckServer')).toBe(true);
  });

  it('kube-proxy\'s default root endpoint name cbr0 does not exist on a Calico network: no health-check load balancer, said in the view', () => {
    const st = windowsNode(lab((y) => LB_LOCAL(y).replace('  enableDSR: true', '  enableDSR: true\n  forwardHealthCheckVip: true')), WIN);
    expect(st.loadBalancers.some((x) => x.kind === 'HealthCheck')).toBe(false);
    expect(windowsStateViews(st).find((v) => v.id === 'lb')!.text).toMatch(/no HNS endpoint named cbr0/);
  });

  it('without forwardHealthCheckVip the health server still answers healthCheckNodePort on the node address', () => {
    const c = lab(LB_LOCAL);
    expect(windowsNode(c, WIN).loadBalancers.some((x) => x.kind === 'HealthCheck')).toBe(false);
    const t = trace(c, { src: 'host:client', dst: 'node:k8s-lab-win-1', dport: 32100 });
    expect(t.verdict).toBe('delivered');
    expect(t.steps.some((s) => s.explain.key === 'windows.healthCheckServer')).toBe(true);
  });
});
