/**
 * Issue 11 item 5: a Fabric subnet's path MTU apart from its NIC MTU (a
 * cloud underlay of 1400 bytes under 1500-byte NICs): large packets over
 * VXLAN die on the path, small ones pass; the NIC MTU still governs the nodes.
 */
import { describe, expect, it } from 'vitest';
import { K8S_MAIN_AFTER_YAML } from '../presets/k8sMain';
import { fromYaml, trace } from '../testing/traceHelpers';

const narrow = fromYaml(K8S_MAIN_AFTER_YAML.replace('    mtu: 1500\n', '    mtu: 1500\n    pathMtu: 1400\n'));

describe('Fabric subnet pathMtu below the NIC MTU', () => {
  it('the nodes keep the NIC MTU (vxlan.calico 1450, pods 1450)', () => {
    const st = narrow.nodes.get('k8s-node-1');
    if (st?.kind !== 'linux') throw new Error('linux node expected');
    expect(st.nic.mtu).toBe(1500);
    expect(st.links.find((l) => l.name === 'vxlan.calico')?.mtu).toBe(1450);
    expect(narrow.scenario.fabric.subnets[0]).toMatchObject({ mtu: 1500, pathMtu: 1400 });
  });

  it('a 1400-byte ping between pods on two nodes is 1450 bytes over VXLAN: lost on the path, nothing on the wire', () => {
    const t = trace(narrow, { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'icmp', size: 1400 });
    expect(t.verdict).toBe('dropped');
    expect(t.reason).toMatchObject({ code: 'path-mtu-exceeded', params: { link: 'nodes', pathMtu: 1400, mtu: 1500, size: 1450, from: 'k8s-node-1', to: 'k8s-node-2' } });
    expect(t.wire).toEqual([]);
  });

  it('a 1350-byte ping fits (1400 bytes outside): delivered', () => {
    const t = trace(narrow, { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'icmp', size: 1350 });
    expect(t.verdict).toBe('delivered');
  });

  it('without pathMtu the same 1400-byte ping passes (the path is as wide as the NICs)', () => {
    const wide = fromYaml(K8S_MAIN_AFTER_YAML);
    expect(trace(wide, { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'icmp', size: 1400 }).verdict).toBe('delivered');
  });

  it('a node\'s own packet above the path MTU dies the same way, unencapsulated', () => {
    const t = trace(narrow, { src: 'node:k8s-node-1', dst: 'node:k8s-node-2', proto: 'icmp', size: 1450 });
    expect(t.reason).toMatchObject({ code: 'path-mtu-exceeded', params: { size: 1450 } });
  });
});
