import { describe, expect, it } from 'vitest';
import type { Packet } from '../model/packet';
import type { Step } from '../model/trace';
import { preset, trace } from '../testing/traceHelpers';
import { buildTopology } from './build';
import { locateStep, locateTrace } from './locate';

const topo = buildTopology(preset('k8s-lab'));

const packet = (src: string, dst: string): Packet => ({ headers: [{ kind: 'ipv4', src, dst, ttl: 64, proto: 'tcp' }] });

function step(node: string, at: Step['at'], p = packet('172.21.41.6', '10.97.141.163')): Step {
  return { node, at, action: 'match', before: p, after: p, changed: [], explain: { key: 'x', params: {} }, level: 'hop' };
}

describe('locateStep: Linux', () => {
  const cases: [string, Step['at'], string][] = [
    ['k8s-lab-node-2', { component: 'pod', layer: 'demo/net', table: 'main' }, 'node:k8s-lab-node-2/pod:demo/net'],
    ['k8s-lab-node-2', { component: 'resolver', layer: 'demo/net' }, 'node:k8s-lab-node-2/pod:demo/net'],
    ['k8s-lab-node-2', { component: 'netfilter', table: 'ip kube-proxy', chain: 'nat-prerouting', layer: 'prerouting' }, 'node:k8s-lab-node-2/nft:ip kube-proxy'],
    ['k8s-lab-node-2', { component: 'netfilter', table: 'ip calico', chain: 'filter-FORWARD', layer: 'forward' }, 'node:k8s-lab-node-2/nft:ip calico'],
    ['k8s-lab-node-2', { component: 'routing', table: 'main' }, 'node:k8s-lab-node-2/routing:ip route'],
    ['k8s-lab-node-2', { component: 'conntrack', layer: 'postrouting' }, 'node:k8s-lab-node-2/conntrack:conntrack'],
    ['k8s-lab-node-2', { component: 'vxlan', layer: 'vxlan.calico' }, 'node:k8s-lab-node-2/vxlan:vxlan.calico'],
    ['k8s-lab-node-2', { component: 'link', layer: 'ens18' }, 'node:k8s-lab-node-2/nic:ens18'],
    ['k8s-lab-node-2', { component: 'link', layer: 'cali4d7612d46be' }, 'node:k8s-lab-node-2/veth:cali4d7612d46be'],
    ['k8s-lab-node-1', { component: 'socket', layer: 'demo/hello' }, 'node:k8s-lab-node-1/pod:demo/hello'],
    ['k8s-lab-node-1', { component: 'socket', layer: 'k8s-lab-node-1' }, 'node:k8s-lab-node-1'],
    ['client', { component: 'fabric', layer: 'nodes' }, 'host:client'],
    ['gateway', { component: 'fabric', layer: 'uplink' }, 'gateway:gateway'],
    ['internet', { component: 'socket', layer: 'internet' }, 'host:internet'],
  ];
  it.each(cases)('%s %o → %s', (node, at, id) => {
    expect(locateStep(topo, step(node, at))).toBe(id);
  });

  it("places a pod's eth0 by the packet's source address", () => {
    expect(locateStep(topo, step('k8s-lab-node-2', { component: 'pod', layer: 'eth0' }, packet('172.21.172.5', '10.97.141.163')))).toBe('node:k8s-lab-node-2/pod:demo/net/pod-eth0:eth0');
  });

  it('returns null for a node the topology does not have', () => {
    expect(locateStep(topo, step('nowhere', { component: 'routing' }))).toBeNull();
  });

  it('locates every step of a real trace and its reply (pod:demo/net → svc:demo/hello)', () => {
    const t = trace(preset('k8s-lab'), { src: 'pod:demo/net', dst: 'svc:demo/hello', proto: 'tcp' });
    const located = locateTrace(topo, t);
    expect(located.steps).toHaveLength(t.steps.length);
    expect(located.steps.every((id) => id !== null)).toBe(true);
    expect(located.steps[0]).toBe('node:k8s-lab-node-2/pod:demo/net');
    expect(located.steps[1]).toBe('node:k8s-lab-node-2/pod:demo/net/pod-eth0:eth0');
    expect(located.steps.at(-1)).toBe('node:k8s-lab-node-1/pod:demo/hello');
    expect(located.reply?.steps.at(-1)).toBe('node:k8s-lab-node-2/pod:demo/net');
  });
});

describe('locateStep: Windows', () => {
  const W = 'node:k8s-lab-win-1';
  const VSWITCH = `${W}/vswitch:Hyper-V vSwitch`;
  const cases: [Step['at'], string][] = [
    [{ component: 'compartment', layer: 'demo/web' }, `${W}/compartment:demo/web`],
    [{ component: 'vnic', layer: 'demo/iis' }, `${W}/compartment:demo/iis/vnic:vNIC`],
    [{ component: 'vnic', layer: '8E6A1C2B-port' }, `${W}/compartment:demo/web/vnic:vNIC`],
    [{ component: 'routing', layer: 'vEthernet (Ethernet)' }, `${W}/vethernet:vEthernet (Ethernet)`],
    [{ component: 'vswitch', layer: 'Calico' }, VSWITCH],
    [{ component: 'uft', layer: 'Ethernet' }, `${VSWITCH}/uft:UFT`],
    [{ component: 'vfp', layer: 'ACL_ENDPOINT_LAYER', chain: 'port-web' }, `${VSWITCH}/vfp:ACL_ENDPOINT_LAYER`],
    [{ component: 'vfp', layer: 'SLB_NAT_LAYER' }, `${VSWITCH}/vfp:SLB_NAT_LAYER`],
    [{ component: 'vfp', layer: 'SLB_LB_LAYER' }, `${VSWITCH}/vfp:SLB_LB_LAYER`],
    [{ component: 'vfp', layer: 'LB_DSR' }, `${VSWITCH}/vfp:LB_DSR`],
    [{ component: 'vfp', layer: 'VNET_PA_ROUTE_LAYER' }, `${VSWITCH}/vfp:VNET_PA_ROUTE_LAYER`],
    [{ component: 'vfp', layer: 'VNET_ENCAP_LAYER' }, `${VSWITCH}/vfp:VNET_ENCAP_LAYER`],
    [{ component: 'vfp', layer: 'VNET_MAC_REWRITE_LAYER' }, `${VSWITCH}/vfp:VNET_MAC_REWRITE_LAYER`],
    [{ component: 'vfp', layer: 'SOME_NEW_LAYER' }, VSWITCH],
    [{ component: 'uft' }, `${VSWITCH}/uft:UFT`],
    [{ component: 'vswitch' }, VSWITCH],
    [{ component: 'link', layer: 'vEthernet (Ethernet)' }, `${W}/vethernet:vEthernet (Ethernet)`],
    [{ component: 'link', layer: 'Ethernet' }, `${W}/nic:Ethernet`],
    [{ component: 'socket', layer: 'demo/web' }, `${W}/compartment:demo/web`],
    [{ component: 'socket', layer: 'k8s-lab-win-1' }, W],
    [{ component: 'node', layer: 'k8s-lab-win-1' }, W],
  ];
  it.each(cases)('%o → %s', (at, id) => {
    expect(locateStep(topo, step('k8s-lab-win-1', at))).toBe(id);
  });

  it('places a vNIC step without addresses of a pod in the compartment the trace was last in', () => {
    const ctx = new Map<string, string>();
    locateStep(topo, step('k8s-lab-win-1', { component: 'compartment', layer: 'demo/iis' }), ctx);
    const p = packet('10.0.0.1', '10.0.0.2');
    expect(locateStep(topo, step('k8s-lab-win-1', { component: 'vnic', layer: 'port' }, p), ctx)).toBe(`${W}/compartment:demo/iis/vnic:vNIC`);
  });
});
