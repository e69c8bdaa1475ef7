/**
 * Issue 12 (fuzz KNOWN class of issue 20): a Windows pod's vNIC has an MTU.
 * On Overlay it is the NIC MTU less the endpoint's EncapOverhead (50), on
 * L2Bridge the NIC's; nothing larger than the NIC MTU reaches the wire.
 */
import { describe, expect, it } from 'vitest';
import type { Trace } from '../model/trace';
import { preset, trace } from '../testing/traceHelpers';
import { vnicMtu } from './vnicMtu';

/** The largest IPv4 length any packet on the wire had (outer header). */
function largestOnWire(t: Trace): number {
  return Math.max(0, ...t.wire.map((w) => w.packet.headers.find((h) => h.kind === 'ipv4')).map((h) => (h?.kind === 'ipv4' ? h.len ?? 0 : 0)));
}

describe('HNS vNIC MTU', () => {
  it('the vNIC MTU is the NIC MTU less EncapOverhead; no or nonsense overhead leaves the NIC MTU', () => {
    expect(vnicMtu(1500, { EncapOverhead: 50 })).toBe(1450);
    expect(vnicMtu(9000, { EncapOverhead: 50 })).toBe(8950);
    expect(vnicMtu(1500, {})).toBe(1500);
    expect(vnicMtu(1500, { EncapOverhead: -3 })).toBe(1500);
    expect(vnicMtu(1500, { EncapOverhead: 5000 })).toBe(1500);
  });

  it('Overlay, DF: a 65,535-byte packet from a Windows pod fails at its vNIC (MTU 1450), nothing is sent', () => {
    const t = trace(preset('k8s-lab'), { src: 'pod:demo/web', dst: 'pod:demo/net', dport: 80, size: 65535, df: true });
    expect(t.verdict).toBe('dropped');
    expect(t.reason).toMatchObject({ code: 'vnic-mtu-exceeded', params: { mtu: 1450, overhead: 50, pod: 'demo/web', size: 65535 } });
    expect(t.wire).toEqual([]);
    const s = t.steps.at(-1)!;
    expect(s).toMatchObject({ action: 'drop', at: { component: 'vnic', layer: 'demo/web' }, explain: { key: 'windows.vnicMtuEmsgsize' } });
    expect(s.rule?.source).toContain('EncapOverhead');
  });

  it('Overlay, no DF: the pod fragments to its vNIC MTU; the VXLAN packet on the wire fits the NIC MTU', () => {
    const t = trace(preset('k8s-lab'), { src: 'pod:demo/web', dst: 'pod:demo/net', dport: 80, size: 65535 });
    expect(t.steps.find((s) => s.explain.key === 'windows.vnicMtuFragment')?.explain.params).toMatchObject({ mtu: 1450, count: 47 });
    // The first fragment: 1,424 bytes of payload (8-byte units) + 20 = 1,444; + 50 of VXLAN = 1,494.
    expect(largestOnWire(t)).toBe(1494);
    expect(t.verdict).toBe('delivered');
  });

  it('L2Bridge (flannel host-gw): the vNIC has the NIC MTU 1500, a 1500-byte packet fits, 1501 with DF does not', () => {
    const c = preset('flannel-host-gw');
    const fits = trace(c, { src: 'pod:demo/web', dst: 'host:client', dport: 80, size: 1500, df: true });
    expect(fits.steps.some((s) => s.explain.key.startsWith('windows.vnicMtu'))).toBe(false);
    const big = trace(c, { src: 'pod:demo/web', dst: 'host:client', dport: 80, size: 1501, df: true });
    expect(big.reason).toMatchObject({ code: 'vnic-mtu-exceeded', params: { mtu: 1500, overhead: 0 } });
  });

  it('the Windows host sending into the overlay has 50 bytes less room than its NIC', () => {
    const t = trace(preset('k8s-lab'), { src: 'node:k8s-lab-win-1', dst: 'pod:demo/net', dport: 80, size: 1451, df: true });
    expect(t.reason).toMatchObject({ code: 'vnic-mtu-exceeded', params: { mtu: 1450, dev: 'vEthernet (Ethernet)' } });
  });

  it('forwarded with DF (a NodePort to a backend across VXLAN): ICMP fragmentation needed with the MTU left for the inner packet', () => {
    const t = trace(preset('k8s-lab'), { src: 'host:client', dst: 'node:k8s-lab-win-1', dport: 30080, size: 1500, df: true });
    expect(t.reason).toMatchObject({ code: 'fragmentation-needed', params: { mtu: 1450, size: 1500 } });
    expect(t.steps.at(-1)).toMatchObject({ action: 'icmp-error', explain: { key: 'windows.vnicMtuFragNeeded' } });
    expect(largestOnWire(t)).toBeLessThanOrEqual(1500);
  });

  it('a Windows host sending 65,535 bytes to the Fabric fragments at vEthernet (Ethernet): nothing larger than 1500 on the wire', () => {
    const t = trace(preset('k8s-lab'), { src: 'node:k8s-lab-win-1', dst: 'host:client', dport: 80, size: 65535 });
    expect(t.steps.find((s) => s.explain.key === 'windows.vnicMtuFragment')?.explain.params).toMatchObject({ mtu: 1500, dev: 'vEthernet (Ethernet)' });
    expect(largestOnWire(t)).toBe(1500);
  });
});
