/**
 * Issue 12 item 7: the OutBoundNAT ExceptionList is what each CNI really
 * writes, and the rule names its writer. Calico's current CNI excepts the
 * service CIDRs and the pools only (C25 createAndAttachContainerEP), so the
 * node subnet is SNATed — its docs say otherwise, shown as an assumption;
 * flannel's win-bridge config excepts the node subnet (M6), sdnoverlay does
 * not (W3).
 */
import { describe, expect, it } from 'vitest';
import { preset, trace } from '../testing/traceHelpers';
import { windowsNode } from '../testing/windowsFixtures';

const natStep = (t: ReturnType<typeof trace>) => t.steps.find((s) => s.action === 'snat' || s.action === 'nat-exempt');

describe('OutBoundNAT exceptions as the CNIs write them', () => {
  it('Calico: web → the client on the node subnet is SNATed to the node IP; the rule names C25 and the docs that disagree (assumption)', () => {
    const c = preset('k8s-lab');
    expect(windowsNode(c, 'k8s-lab-win-1').natExceptions).not.toContain('192.168.10.0/24');
    const t = trace(c, { src: 'pod:demo/web', dst: 'host:client', dport: 80 });
    const s = natStep(t);
    expect(s?.action).toBe('snat');
    expect(s?.rule?.source).toContain('createAndAttachContainerEP');
    expect(s?.rule?.source).toContain('windows_disable_host_subnet_nat_exclusion');
    expect(s?.rule?.assumption).toBe(true);
    expect(t.delivered?.seenSrcIp).toBe('192.168.10.25');
  });

  it('Calico: the pool exception names winpol.CalculateEndpointPolicies', () => {
    const t = trace(preset('k8s-lab'), { src: 'pod:demo/web', dst: 'pod:demo/net', dport: 80 });
    expect(natStep(t)?.rule?.source).toContain('CalculateEndpointPolicies');
  });

  it('flannel host-gw (win-bridge): the node subnet is in the list, written by the l2bridge cni.conf; the client sees the pod address', () => {
    const c = preset('flannel-host-gw');
    expect(windowsNode(c, 'win-1').natExceptions).toEqual(['10.244.0.0/16', '10.96.0.0/12', '192.168.10.0/24']);
    const t = trace(c, { src: 'pod:demo/web', dst: 'host:client', dport: 80 });
    expect(natStep(t)).toMatchObject({ action: 'nat-exempt', rule: { source: expect.stringContaining('l2bridge/cni/config/cni.conf') } });
  });

  it('flannel VXLAN (sdnoverlay): service and pod subnets only, as start.ps1 writes them', () => {
    const c = preset('flannel-vxlan');
    expect(windowsNode(c, 'win-1').natExceptions).toEqual(['10.96.0.0/12', '10.244.0.0/16']);
    expect(windowsNode(c, 'win-1').natSources['10.244.0.0/16']).toContain('flanneld/start.ps1');
  });
});
