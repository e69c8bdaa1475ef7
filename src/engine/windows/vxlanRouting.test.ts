/**
 * Issue 12 item 3: the outer VXLAN packet to a node in another subnet goes
 * through the Windows node's default gateway (M2: VXLAN via the management
 * vNIC, routed by the host), not ARP on its own segment.
 */
import { describe, expect, it } from 'vitest';
import { lab, windowsNodeYaml } from '../testing/windowsFixtures';
import { trace } from '../testing/traceHelpers';

const OTHER_SUBNET = (y: string) => y.replace('    mtu: 1500\n  hosts:', '    mtu: 1500\n  - name: remote\n    cidr: 192.168.20.0/24\n    gateway: 192.168.20.1\n    mtu: 1500\n  hosts:');

describe('VXLAN from a Windows node to a provider address in another subnet', () => {
  const c = lab(OTHER_SUBNET, windowsNodeYaml({ name: 'k8s-lab-win-far', ip: '192.168.20.27', tunnelAddr: '172.21.42.1' }) + `---
apiVersion: v1
kind: Pod
metadata: {name: far, namespace: demo}
spec: {nodeName: k8s-lab-win-far}
status: {podIP: 172.21.42.5}
`);

  it('web → a pod on the far Windows node: the outer packet leaves to the gateway 192.168.10.1 and arrives', () => {
    const t = trace(c, { src: 'pod:demo/web', dst: 'pod:demo/far', dport: 80 });
    const route = t.steps.find((s) => s.explain?.key === 'windows.outerRoute');
    expect(route?.explain?.params).toMatchObject({ pa: '192.168.20.27', nextHop: '192.168.10.1' });
    expect(t.wire[0]).toMatchObject({ from: 'k8s-lab-win-1', to: 'gateway' });
    expect(t.verdict).toBe('delivered');
    expect(t.delivered?.node).toBe('k8s-lab-win-far');
  });

  it('a provider address on the own subnet is still ARPed directly (no gateway step)', () => {
    const t = trace(c, { src: 'pod:demo/web', dst: 'pod:demo/net', dport: 80 });
    expect(t.steps.some((s) => s.explain?.key === 'windows.outerRoute')).toBe(false);
    expect(t.wire[0]?.to).not.toBe('gateway');
  });
});
