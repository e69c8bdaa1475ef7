/**
 * Steps carry the topology part they act on (put there by the evaluators'
 * part maps, linux/parts.ts and windows/parts.ts), and locating a step is a
 * lookup of that id among the drawn elements.
 */
import { describe, expect, it } from 'vitest';
import { linuxPartOf } from '../linux/parts';
import type { StepLocation } from '../model/trace';
import { preset, trace } from '../testing/traceHelpers';
import { windowsPartOf } from '../windows/parts';
import { buildTopology } from './build';
import { locateStep, locateTrace } from './locate';

const lab = preset('k8s-lab');
const topo = buildTopology(lab);
const drawn = new Set(topo.elements.map((e) => e.id));

function linuxNode(name: string) {
  const st = lab.nodes.get(name);
  if (st?.kind !== 'linux') throw new Error(name);
  return st;
}

describe('part ids of Linux steps', () => {
  const node2 = linuxNode('k8s-lab-node-2');
  const node1 = linuxNode('k8s-lab-node-1');
  const net = node2.pods.find((p) => p.pod === 'demo/net')!;
  const cases: [ReturnType<typeof linuxPartOf>, StepLocation, string | undefined][] = [
    [linuxPartOf(node2, net), { component: 'pod', layer: 'demo/net', table: 'main' }, 'node:k8s-lab-node-2/pod:demo/net'],
    [linuxPartOf(node2, net), { component: 'pod', layer: 'eth0' }, 'node:k8s-lab-node-2/pod:demo/net/pod-eth0:eth0'],
    [linuxPartOf(node2), { component: 'netfilter', table: 'ip kube-proxy', chain: 'nat-prerouting', layer: 'prerouting' }, 'node:k8s-lab-node-2/nft:ip kube-proxy'],
    [linuxPartOf(node2), { component: 'netfilter', table: 'ip calico', chain: 'filter-FORWARD', layer: 'forward' }, 'node:k8s-lab-node-2/nft:ip calico'],
    [linuxPartOf(node2), { component: 'netfilter', table: 'ip nowhere' }, 'node:k8s-lab-node-2'],
    [linuxPartOf(node2), { component: 'routing', table: 'main' }, 'node:k8s-lab-node-2/routing:ip route'],
    [linuxPartOf(node2), { component: 'conntrack', layer: 'postrouting' }, 'node:k8s-lab-node-2/conntrack:conntrack'],
    [linuxPartOf(node2), { component: 'vxlan', layer: 'vxlan.calico' }, 'node:k8s-lab-node-2/vxlan:vxlan.calico'],
    [linuxPartOf(node2), { component: 'link', layer: 'ens18' }, 'node:k8s-lab-node-2/nic:ens18'],
    [linuxPartOf(node2), { component: 'link', layer: net.hostVeth }, `node:k8s-lab-node-2/veth:${net.hostVeth}`],
    [linuxPartOf(node2), { component: 'link', layer: 'lo' }, 'node:k8s-lab-node-2'],
    [linuxPartOf(node1), { component: 'socket', layer: 'demo/hello' }, 'node:k8s-lab-node-1/pod:demo/hello'],
    [linuxPartOf(node1), { component: 'socket' }, 'node:k8s-lab-node-1'],
    [linuxPartOf(node1), { component: 'vfp', layer: 'SLB_NAT_LAYER' }, undefined],
  ];
  it.each(cases)('%#: %o → %s', (partOf, at, id) => {
    expect(partOf(at)).toBe(id);
    if (id) expect(drawn.has(id), id).toBe(true);
  });
});

describe('part ids of Windows steps', () => {
  const st = lab.nodes.get('k8s-lab-win-1');
  if (st?.kind !== 'windows') throw new Error('k8s-lab-win-1');
  const partOf = windowsPartOf(st);
  const W = 'node:k8s-lab-win-1';
  const VSWITCH = `${W}/vswitch:Hyper-V vSwitch`;
  const cases: [StepLocation, string | undefined][] = [
    [{ component: 'compartment', layer: 'demo/web' }, `${W}/compartment:demo/web`],
    [{ component: 'vnic', layer: 'demo/iis' }, `${W}/compartment:demo/iis/vnic:vNIC`],
    [{ component: 'routing', layer: 'vEthernet (Ethernet)' }, `${W}/vethernet:vEthernet (Ethernet)`],
    [{ component: 'vswitch', layer: 'Calico' }, VSWITCH],
    [{ component: 'uft', layer: 'Ethernet' }, `${VSWITCH}/uft:UFT`],
    [{ component: 'vfp', layer: 'ACL_ENDPOINT_LAYER', chain: 'port-web' }, `${VSWITCH}/vfp:ACL_ENDPOINT_LAYER`],
    [{ component: 'vfp', layer: 'SLB_NAT_LAYER' }, `${VSWITCH}/vfp:SLB_NAT_LAYER`],
    [{ component: 'vfp', layer: 'LB_DSR' }, `${VSWITCH}/vfp:LB_DSR`],
    [{ component: 'vfp', layer: 'VNET_ENCAP_LAYER' }, `${VSWITCH}/vfp:VNET_ENCAP_LAYER`],
    [{ component: 'vfp', layer: 'SOME_NEW_LAYER' }, VSWITCH],
    [{ component: 'link', layer: 'Ethernet' }, `${W}/nic:Ethernet`],
    [{ component: 'socket', layer: 'demo/web' }, `${W}/compartment:demo/web`],
    [{ component: 'socket', layer: 'vEthernet (Ethernet)' }, W],
    [{ component: 'node', layer: 'k8s-lab-win-1' }, W],
    [{ component: 'conntrack' }, undefined],
  ];
  it.each(cases)('%o → %s', (at, id) => {
    expect(partOf(at)).toBe(id);
    if (id) expect(drawn.has(id), id).toBe(true);
  });
});

describe('locateTrace', () => {
  it('locates every step of a real trace and its reply (pod:demo/net → svc:demo/hello), Fabric hops included', () => {
    const t = trace(lab, { src: 'pod:demo/net', dst: 'svc:demo/hello', proto: 'tcp' });
    const located = locateTrace(topo, t);
    expect(located.steps).toHaveLength(t.steps.length);
    expect(located.steps.every((id) => id !== null)).toBe(true);
    expect(located.steps[0]).toBe('node:k8s-lab-node-2/pod:demo/net');
    expect(located.steps[1]).toBe('node:k8s-lab-node-2/pod:demo/net/pod-eth0:eth0');
    expect(located.steps.at(-1)).toBe('node:k8s-lab-node-1/pod:demo/hello');
    expect(located.reply?.steps.at(-1)).toBe('node:k8s-lab-node-2/pod:demo/net');
    const gatewayed = trace(lab, { src: 'pod:demo/net', dst: 'host:internet', proto: 'tcp', dport: 443 });
    expect(locateTrace(topo, gatewayed).steps).toContain('gateway:gateway');
  });

  it("puts a pod's transmit on its own eth0, not on another pod of the node that the packet is addressed to", () => {
    // coredns-1 and demo/hello share k8s-lab-node-1: locating by address used to pick demo/hello's eth0 (fixed by Step.part).
    const t = trace(lab, { src: 'pod:kube-system/coredns-1', dst: 'pod:demo/hello', proto: 'tcp', dport: 8080 });
    const transmit = t.steps.findIndex((s) => s.at.component === 'pod' && s.action === 'transmit');
    expect(locateTrace(topo, t).steps[transmit]).toBe('node:k8s-lab-node-1/pod:kube-system/coredns-1/pod-eth0:eth0');
  });

  it('returns null for a part the topology does not draw, or a step without one', () => {
    const t = trace(lab, { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'tcp', dport: 8080 });
    expect(locateStep(topo, { ...t.steps[0]!, part: 'node:nowhere/routing:ip route' })).toBeNull();
    const { part: _, ...noPart } = t.steps[0]!;
    expect(locateStep(topo, noPart)).toBeNull();
  });
});
