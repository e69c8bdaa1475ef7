import { describe, expect, it } from 'vitest';
import { PRESETS } from '../presets/catalog';
import { preset } from '../testing/traceHelpers';
import { buildTopology } from './build';
import { linuxParts } from './linuxParts';

describe('buildTopology (k8s-lab)', () => {
  const topo = buildTopology(preset('k8s-lab'));
  const ids = topo.elements.map((e) => e.id);

  it('has every node, the network, the gateway and the Fabric hosts as machines', () => {
    const machines = topo.elements.filter((e) => e.parent === undefined).map((e) => e.id);
    expect(machines).toEqual([
      'net:nodes',
      'node:k8s-lab-master-1',
      'node:k8s-lab-node-1',
      'node:k8s-lab-node-2',
      'node:k8s-lab-win-1',
      'gateway:gateway',
      'host:client',
      'host:internet',
    ]);
  });

  it('gives a Linux node its pods with eth0, cali veths, routing, nft tables, conntrack, vxlan.calico and ens18', () => {
    const parts = topo.elements.filter((e) => e.machine === 'k8s-lab-node-1' && e.role !== 'node').map((e) => `${e.role} ${e.label}`);
    expect(parts).toEqual(
      expect.arrayContaining(['pod demo/hello', 'pod-eth0 eth0', 'veth cali4f041ee6e82', 'routing ip route', 'nft ip kube-proxy', 'nft ip calico', 'conntrack conntrack', 'vxlan vxlan.calico', 'nic ens18']),
    );
    expect(topo.elements.find((e) => e.id === 'node:k8s-lab-node-1/vxlan:vxlan.calico')?.detail).toBe('VNI 4096');
  });

  it('gives the Windows node compartments with vNICs, the vSwitch with VFP layers and the UFT, vEthernet (Ethernet) and Ethernet', () => {
    const win = topo.elements.filter((e) => e.machine === 'k8s-lab-win-1');
    expect(win.map((e) => `${e.role} ${e.label}`)).toEqual(
      expect.arrayContaining(['compartment demo/web', 'vnic vNIC', 'vswitch Hyper-V vSwitch', 'vfp SLB_NAT_LAYER', 'vfp VNET_ENCAP_LAYER', 'uft UFT', 'vethernet vEthernet (Ethernet)', 'nic Ethernet']),
    );
    expect(win.find((e) => e.label === 'SLB_NAT_LAYER')?.parent).toBe('node:k8s-lab-win-1/vswitch:Hyper-V vSwitch');
  });

  it('wires every NIC, the gateway and the client to the node network, and the internet host to the gateway', () => {
    const wires = topo.edges.filter((e) => e.kind !== 'veth').map((e) => `${e.source} → ${e.target}`);
    expect(wires).toEqual([
      'node:k8s-lab-master-1/nic:ens18 → net:nodes',
      'node:k8s-lab-node-1/nic:ens18 → net:nodes',
      'node:k8s-lab-node-2/nic:ens18 → net:nodes',
      'node:k8s-lab-win-1/nic:Ethernet → net:nodes',
      'gateway:gateway → net:nodes',
      'host:client → net:nodes',
      'gateway:gateway → host:internet',
    ]);
  });

  it('has unique ids and every parent exists', () => {
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of topo.elements) if (e.parent) expect(ids).toContain(e.parent);
    for (const e of topo.edges) expect([ids.includes(e.source), ids.includes(e.target)]).toEqual([true, true]);
  });
});

describe('buildTopology without compiling Services', () => {
  it.each(PRESETS.map((p) => p.name))('%s: every Linux node has the parts of its fully compiled state', (name) => {
    const c = preset(name);
    const topo = buildTopology(c);
    for (const n of c.scenario.nodes.filter((x) => x.os === 'linux')) {
      const full = linuxParts(c.nodes.get(n.name) as Parameters<typeof linuxParts>[0], `node:${n.name}`);
      expect(topo.elements.filter((e) => e.machine === n.name && e.role !== 'node')).toEqual(full.elements);
      for (const e of full.edges) expect(topo.edges).toContainEqual(e);
    }
  });
});
