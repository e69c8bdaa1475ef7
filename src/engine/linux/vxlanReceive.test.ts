/**
 * Issue 11 item 4: VXLAN to a UDP port or VNI the receiving node's VXLAN
 * device does not use is dropped by the kernel (no socket on the port, no
 * device for the VNI), never routed by its inner address with the outer
 * headers on. Calico (a host-specific FelixConfiguration) and flannel.
 */
import { describe, expect, it } from 'vitest';
import type { Packet } from '../model/packet';
import { K8S_MAIN_AFTER_YAML } from '../presets/k8sMain';
import { fromYaml, preset, trace } from '../testing/traceHelpers';
import { createHopContext } from '../trace/walker';
import { evaluateLinuxHost } from './hostPath';

const felixFor = (node: string, spec: string): string => `---\napiVersion: projectcalico.org/v3\nkind: FelixConfiguration\nmetadata: {name: node.${node}}\nspec: ${spec}\n`;

describe('Calico: a node whose FelixConfiguration node.<name> gives vxlan.calico another port or VNI', () => {
  it('another port: the sender still uses 4789, the receiver has no socket there', () => {
    const c = fromYaml(`${K8S_MAIN_AFTER_YAML.trimEnd()}\n${felixFor('k8s-node-2', '{vxlanPort: 4790}')}`);
    const t = trace(c, { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'tcp', dport: 8080 });
    expect(t.verdict).toBe('dropped');
    expect(t.reason).toMatchObject({ code: 'vxlan-port-closed', params: { port: 4789, vni: 4096, devices: 'vxlan.calico dstport 4790 id 4096', node: 'k8s-node-2' } });
    expect(t.wire.map((w) => w.to)).toEqual(['k8s-node-2']);
    // Nothing after the drop: the inner packet was never routed on the receiver.
    expect(t.steps.at(-1)!.action).toBe('reject');
  });

  it('another VNI: the device on the port has VNI 4097, the packet carries 4096', () => {
    const c = fromYaml(`${K8S_MAIN_AFTER_YAML.trimEnd()}\n${felixFor('k8s-node-2', '{vxlanVNI: 4097}')}`);
    const t = trace(c, { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'icmp' });
    expect(t.reason).toMatchObject({ code: 'vxlan-vni-no-device', params: { vni: 4096, expected: 4097, dev: 'vxlan.calico', port: 4789 } });
    // The receiver's own traffic uses its own VNI: node-2 → node-1 dies at node-1 the same way.
    const back = trace(c, { src: 'pod:demo/hello', dst: 'pod:demo/net', proto: 'icmp' });
    expect(back.reason).toMatchObject({ code: 'vxlan-vni-no-device', params: { vni: 4097, expected: 4096, node: 'k8s-node-1' } });
  });
});

describe('flannel: flannel.4096 receives only its own port and VNI', () => {
  const c = preset('flannel-vxlan');
  const t = trace(c, { src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'tcp', dport: 8080 });
  const sent = t.wire[0]!;
  const at = (packet: Packet) => {
    const st = c.nodes.get(sent.to);
    if (st?.kind !== 'linux') throw new Error('linux receiver expected');
    return evaluateLinuxHost(st, { place: { kind: 'linux-host', node: st.name }, packet, iif: st.nic.name }, createHopContext(c, t.flow));
  };
  const patched = (kind: 'udp' | 'vxlan', patch: object): Packet => ({ headers: sent.packet.headers.map((h) => (h.kind === kind ? { ...h, ...patch } : h)) as Packet['headers'] });

  it('as sent, it is decapsulated', () => {
    expect(at(sent.packet).steps.some((s) => s.action === 'decapsulate')).toBe(true);
  });

  it('to port 8472 (flannel\'s Linux default) it hits a closed port', () => {
    const r = at(patched('udp', { dport: 8472 }));
    expect(r.outcome).toMatchObject({ kind: 'stop', verdict: 'dropped', reason: { code: 'vxlan-port-closed', params: { port: 8472, devices: 'flannel.4096 dstport 4789 id 4096' } } });
  });

  it('with VNI 1 there is no device for it', () => {
    const r = at(patched('vxlan', { vni: 1 }));
    expect(r.outcome).toMatchObject({ kind: 'stop', reason: { code: 'vxlan-vni-no-device', params: { vni: 1, expected: 4096, dev: 'flannel.4096', port: 4789 } } });
  });
});
