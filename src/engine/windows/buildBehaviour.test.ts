/**
 * Issue 12 items 9, 11, 14: the build table's rows at work in traces (each
 * step names the build and the row's source), flannel win-overlay's
 * node-to-local-pods limitation, and IPv6 refused per network type.
 */
import { describe, expect, it } from 'vitest';
import { lab, windowsNode } from '../testing/windowsFixtures';
import { fromYaml, preset, trace } from '../testing/traceHelpers';
import { FLANNEL_HOST_GW_YAML, FLANNEL_VXLAN_YAML } from '../presets/flannel';

const WIN = 'k8s-lab-win-1';
const build = (k: string) => (y: string) => y.replace('kernelVersion: 10.0.26100.4061', `kernelVersion: ${k}`);
const DSR_OFF = (y: string) => y.replace('enableDSR: true', 'enableDSR: false');

describe('the node build picks the row (item 9)', () => {
  it('ICMP through OutBoundNAT: answered on the seed\'s WS2025 (with the disagreement as a warning), not transposed on WS2022', () => {
    const now = trace(preset('k8s-lab'), { src: 'pod:demo/web', dst: 'host:internet', proto: 'icmp' });
    expect(now.verdict).toBe('delivered');
    expect(now.warnings?.map((w) => w.code)).toContain('icmp-through-outboundnat');
    const old = trace(lab(build('10.0.20348.3207')), { src: 'pod:demo/web', dst: 'host:internet', proto: 'icmp' });
    expect(old).toMatchObject({ verdict: 'unsupported', reason: { code: 'icmp-not-transposed', params: { build: expect.stringContaining('10.0.20348.3207') } } });
    expect(old.steps.at(-1)?.rule?.source).toMatch(/build 10\.0\.20348\.3207.*K6/);
  });

  it('session affinity: ClientIP pins the client from WS2022; on WS2019 HNS has no SourceIP distribution (the rule says why)', () => {
    const affinity = (y: string) => y.replace('    nodePort: 30081\n', '    nodePort: 30081\n  sessionAffinity: ClientIP\n');
    const lb = (c: ReturnType<typeof lab>) => windowsNode(c, WIN).loadBalancers.find((x) => x.kind === 'NodePort' && x.externalPort === 30081)!;
    expect(lb(lab(affinity))).toMatchObject({ affinity: true });
    const old = lab((y) => affinity(build('10.0.17763.6893')(y)));
    expect(lb(old)).toMatchObject({ affinity: false });
    expect(lb(old).notes?.join(' ')).toMatch(/10\.0\.17763\.6893.*Windows Server 2022/);
  });

  it('WS2019 before 17763.1432: a local pod → ClusterIP is SNATed to the host; from 1432 on it keeps the pod address', () => {
    const pod = (k: string) => trace(lab((y) => build(k)(DSR_OFF(y)).replace('enableDSR: false', 'enableDSR: true')), { src: 'pod:demo/web', dst: 'svc:demo/hello' });
    const early = pod('10.0.17763.1000');
    expect(early.verdict).toBe('delivered');
    expect(early.delivered?.seenSrcIp).toBe('192.168.10.25');
    expect(early.steps.some((s) => s.rule?.source.includes('17763.1432'))).toBe(true);
    expect(pod('10.0.17763.1432').delivered?.seenSrcIp).toBe('172.21.41.6');
  });

  it('the known issues of WS2022 come as warnings with the build and source: NodePort on overlay', () => {
    const t = trace(lab(build('10.0.20348.3207')), { src: 'host:client', dst: 'node:k8s-lab-win-1', dport: 30080 });
    const w = t.warnings?.find((x) => x.code === 'windows-known-issue-nodeport-overlay');
    expect(w?.params).toMatchObject({ build: expect.stringContaining('20348'), source: expect.stringContaining('Windows-Containers#204') });
    expect(trace(preset('k8s-lab'), { src: 'host:client', dst: 'node:k8s-lab-win-1', dport: 30080 }).warnings?.map((x) => x.code) ?? []).not.toContain('windows-known-issue-nodeport-overlay');
  });

  it('the backend cap shows both sources\' numbers', () => {
    expect(windowsNode(preset('k8s-lab'), WIN).lbCap).toMatchObject({ cap: 1024, otherCap: 64 });
    expect(windowsNode(lab(build('10.0.17763.1')), WIN).lbCap).toMatchObject({ cap: 64, otherCap: 1024 });
  });
});

describe('flannel win-overlay: the node reaches only its own pods (item 11, K6 flannel limitations)', () => {
  it('win-1 → a pod on a Linux node: unsupported; win-1 → its own pod: delivered', () => {
    const c = preset('flannel-vxlan');
    const t = trace(c, { src: 'node:win-1', dst: 'pod:demo/hello', dport: 8080 });
    expect(t).toMatchObject({ verdict: 'unsupported', reason: { code: 'flannel-overlay-node-to-remote-pod' } });
    expect(trace(c, { src: 'node:win-1', dst: 'pod:demo/web', dport: 80 }).verdict).toBe('delivered');
  });

  it('flannel host-gw (win-bridge) has no such limit', () => {
    expect(trace(preset('flannel-host-gw'), { src: 'node:win-1', dst: 'pod:demo/hello', dport: 8080 }).verdict).toBe('delivered');
  });
});

describe('IPv6 refused for each network type its own way (item 14)', () => {
  const v6 = (c: ReturnType<typeof fromYaml>) => trace(c, { src: 'pod:demo/web', dst: 'fd00::10' });
  it('Calico: IPv4 only (D2); flannel VXLAN: overlay (P2/K1/K6); flannel host-gw: L2Bridge could, the model cannot', () => {
    expect(v6(preset('k8s-lab')).reason?.code).toBe('windows-ipv6-calico');
    expect(v6(fromYaml(FLANNEL_VXLAN_YAML)).reason?.code).toBe('windows-ipv6-overlay');
    const l2 = v6(fromYaml(FLANNEL_HOST_GW_YAML));
    expect(l2.reason?.code).toBe('windows-ipv6-l2bridge');
    expect(l2.steps[0]?.rule?.source).toMatch(/dual-stack from Windows Server 2019/);
  });
});
