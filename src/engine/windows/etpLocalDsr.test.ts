/**
 * Issue 12 items 5 and 6: what winkernel's newServiceInfo / syncProxyRules do
 * with externalTrafficPolicy Local and `preserve-destination`. localTrafficDSR
 * and preserveDIP follow the Service and HNS's DSR support (the build), not
 * `enableDSR`; with no DSR support both are cleared and the frontends take
 * every endpoint with SNAT.
 */
import { describe, expect, it } from 'vitest';
import { lab, windowsNode } from '../testing/windowsFixtures';
import { trace } from '../testing/traceHelpers';

const WIN = 'k8s-lab-win-1';
const OLD_BUILD = (y: string) => y.replace('kernelVersion: 10.0.26100.4061', 'kernelVersion: 10.0.17134.1');
const DSR_OFF = (y: string) => y.replace('enableDSR: true', 'enableDSR: false');
const WEB_ETP_LOCAL = (y: string) => y.replace('    nodePort: 30081\n', '    nodePort: 30081\n  externalTrafficPolicy: Local\n');
const HELLO_ETP_LOCAL = (y: string) => y.replace('    nodePort: 30080\n', '    nodePort: 30080\n  externalTrafficPolicy: Local\n');

describe('externalTrafficPolicy Local (K1 newServiceInfo: localTrafficDSR)', () => {
  it('enableDSR off on a build with DSR: the NodePort load balancer is still DSR with the local endpoints, the client address survives', () => {
    const c = lab((y) => WEB_ETP_LOCAL(DSR_OFF(y)));
    const lb = windowsNode(c, WIN).loadBalancers.find((x) => x.kind === 'NodePort' && x.externalPort === 30081)!;
    expect(lb).toMatchObject({ dsr: true });
    expect(lb.backends.every((b) => !b.remote)).toBe(true);
    const t = trace(c, { src: 'host:client', dst: '192.168.10.25', dport: 30081, fromNode: WIN });
    expect(t.verdict).toBe('delivered');
    expect(t.delivered?.seenSrcIp).toBe('192.168.10.50');
  });

  it('a build whose HNS has no DSR: ETP Local is ignored, the NodePort takes every endpoint (a remote one too) and SNATs', () => {
    const c = lab((y) => HELLO_ETP_LOCAL(OLD_BUILD(DSR_OFF(y))));
    const lb = windowsNode(c, WIN).loadBalancers.find((x) => x.kind === 'NodePort' && x.externalPort === 30080)!;
    expect(lb).toMatchObject({ dsr: false });
    expect(lb.notes?.join(' ')).toMatch(/externalTrafficPolicy Local ignored.*10\.0\.17134\.1/);
    const t = trace(c, { src: 'host:client', dst: 'node:k8s-lab-win-1', dport: 30080 });
    expect(t.verdict).toBe('delivered');
    expect(t.delivered?.node).toBe('k8s-lab-node-1');
    expect(t.delivered?.seenSrcIp).not.toBe('192.168.10.50');
  });

  it('enableDSR on a build without DSR: kube-proxy does not start (NewProxier returns the DsrSupported error)', () => {
    const st = windowsNode(lab(OLD_BUILD), WIN);
    expect(st.kubeProxy.down?.reason).toMatch(/no DSR/);
    expect(st.loadBalancers).toHaveLength(0);
  });
});

describe('preserve-destination with externalTrafficPolicy Cluster (K1 syncProxyRules: nodePortEndpoints / lbIngressEndpoints)', () => {
  const PRESERVE_LB = (y: string) =>
    y
      .replace('    packetwalk.dev/assumption: "a Windows-backed NodePort service for local-backend flows"\nspec:\n  type: NodePort', '    packetwalk.dev/assumption: "a Windows-backed NodePort service for local-backend flows"\n    preserve-destination: "true"\nspec:\n  type: LoadBalancer')
      .replace('    nodePort: 30081\n', '    nodePort: 30081\n  externalIPs: [192.168.10.201]\nstatus:\n  loadBalancer:\n    ingress:\n    - ip: 192.168.10.200\n');

  it('the LB-ingress and NodePort load balancers exist with the local endpoints; the ingress one keeps the VIP (PreserveDIP)', () => {
    const c = lab(PRESERVE_LB);
    const lbs = windowsNode(c, WIN).loadBalancers.filter((x) => x.service.name === 'web');
    expect(lbs.find((x) => x.kind === 'LoadBalancer')).toMatchObject({ dsr: true, preserveDip: true });
    expect(lbs.find((x) => x.kind === 'NodePort')).toMatchObject({ dsr: false });
    const t = trace(c, { src: 'host:client', dst: '192.168.10.200', dport: 80, fromNode: WIN });
    expect(t.delivered).toMatchObject({ ip: '192.168.10.200', port: 80, seenSrcIp: '192.168.10.50' });
    expect(trace(c, { src: 'host:client', dst: '192.168.10.25', dport: 30081, fromNode: WIN }).verdict).toBe('delivered');
  });

  it('externalIPs are not touched by the annotation: every endpoint, no DSR', () => {
    const ext = windowsNode(lab(PRESERVE_LB), WIN).loadBalancers.find((x) => x.kind === 'ExternalIP')!;
    expect(ext).toMatchObject({ dsr: false, preserveDip: false });
  });

  it('on a build without DSR the annotation is ignored: no PreserveDIP, the pod sees its own address', () => {
    const c = lab((y) => PRESERVE_LB(OLD_BUILD(DSR_OFF(y))));
    const ing = windowsNode(c, WIN).loadBalancers.find((x) => x.kind === 'LoadBalancer')!;
    expect(ing).toMatchObject({ dsr: false, preserveDip: false });
    const t = trace(c, { src: 'host:client', dst: '192.168.10.200', dport: 80, fromNode: WIN });
    expect(t.verdict).toBe('delivered');
    expect(t.delivered?.ip).not.toBe('192.168.10.200');
  });
});
