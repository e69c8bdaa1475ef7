/**
 * Traffic for a machine's own addresses (issue 23 items 1, 2, 4; issue 11
 * items 2, 3): the kernel's `local` table on Linux nodes and in pods, the
 * Windows host and compartments looping back their own addresses, conntrack
 * undoing address and port, and no 0.0.0.0 placeholder in any packet.
 */
import { describe, expect, it } from 'vitest';
import { innerIp } from '../model/packetOps';
import type { Trace } from '../model/trace';
import { K8S_LAB_KUBEADM_YAML, K8S_LAB_YAML } from '../presets/k8sLab';
import { fromYaml, preset, trace } from '../testing/traceHelpers';

const lab = () => preset('k8s-lab');

function addresses(t: Trace): string[] {
  return [t, ...(t.reply ? [t.reply] : [])].flatMap((d) => d.steps.flatMap((s) => [s.before, s.after])).flatMap((p) => p.headers.flatMap((h) => (h.kind === 'ipv4' ? [h.src, h.dst] : [])));
}

describe('a Linux node and its own addresses (local table)', () => {
  it('node → a ClusterIP whose backend is the node itself: nothing on a wire, and the reply comes back to the port it left from', () => {
    const t = trace(lab(), { src: 'node:k8s-lab-master-1', dst: 'svc:default/kubernetes', dport: 443 });
    expect(t.verdict).toBe('delivered');
    expect(t.wire).toEqual([]);
    expect(t.steps.some((s) => s.at.table === 'local' && s.rule?.text.startsWith('local 192.168.10.23 dev ens18'))).toBe(true);
    const sent = t.steps[0]!.after.headers[1]!;
    expect(sent.kind).toBe('tcp');
    expect(t.reply?.verdict).toBe('delivered');
    expect(t.reply!.wire).toEqual([]);
    expect(t.reply!.delivered).toMatchObject({ node: 'k8s-lab-master-1', ip: '192.168.10.23', port: sent.kind === 'tcp' ? sent.sport : -1, seenSrcIp: '10.96.0.1', seenSrcPort: 443 });
  });

  it('a later packet of that connection is rerouted after the conntrack DNAT too: through lo, not out to the gateway (nftables and iptables modes)', () => {
    for (const name of ['k8s-lab', 'k8s-lab-kubeadm']) {
      const t = trace(preset(name), { src: 'node:k8s-lab-master-1', dst: 'svc:default/kubernetes', dport: 443, packet: 'next' });
      expect(t.verdict, name).toBe('delivered');
      expect(t.wire, name).toEqual([]);
      expect(t.steps.some((s) => s.action === 'reroute' && s.at.table === 'local'), name).toBe(true);
    }
  });

  it('node → its own IP and → 127.0.0.1 stay on the node; the source is the address itself', () => {
    for (const dst of ['node:k8s-lab-node-1', '127.0.0.1', '172.21.211.0']) {
      const t = trace(lab(), { src: 'node:k8s-lab-node-1', dst, dport: 22 });
      expect(t.verdict, dst).toBe('delivered');
      expect(t.wire, dst).toEqual([]);
      expect(t.delivered!.seenSrcIp, dst).toBe(t.delivered!.ip);
      expect(t.reply?.delivered?.node, dst).toBe('k8s-lab-node-1');
    }
  });

  it('node → 127.0.0.1:NodePort is refused: kube-proxy nftables serves no NodePorts on localhost', () => {
    const t = trace(lab(), { src: 'node:k8s-lab-node-1', dst: '127.0.0.1', dport: 30080 });
    expect(t.verdict).toBe('rejected');
    expect(t.reason).toMatchObject({ code: 'nodeport-not-on-localhost', params: { port: 30080 } });
    expect(t.wire).toEqual([]);
  });

  it('node → its own NodePort is DNATed to the backend on the node and the reply returns un-NATed', () => {
    const t = trace(lab(), { src: 'node:k8s-lab-node-1', dst: 'node:k8s-lab-node-1', dport: 30080 });
    expect(t.verdict).toBe('delivered');
    expect(t.delivered?.pod).toBe('demo/hello');
    expect(t.wire).toEqual([]);
    expect(t.reply?.delivered).toMatchObject({ node: 'k8s-lab-node-1', seenSrcIp: '192.168.10.24', seenSrcPort: 30080 });
  });

  it('node → its own NodePort of a service without endpoints is refused: the packet looped back through lo is still NEW, so INPUT\'s ctstate-NEW jumps to the no-endpoints REJECT apply (kernel check, seed 991100429)', () => {
    const noEndpoints = (yaml: string) => yaml.replace(/endpoints:\n- addresses: \[172\.21\.211\.8\][^]*?targetRef: \{kind: Pod, name: hello, namespace: demo\}\n/, 'endpoints: []\n');
    for (const [name, yaml] of [['nftables', K8S_LAB_YAML], ['iptables', K8S_LAB_KUBEADM_YAML]] as const) {
      const c = fromYaml(noEndpoints(yaml));
      const t = trace(c, { src: 'node:k8s-lab-node-1', dst: 'node:k8s-lab-node-1', dport: 30080 });
      expect(t.verdict, name).toBe('rejected');
      expect(t.steps.some((s) => s.at.layer === 'input' && s.action === 'reject'), name).toBe(true);
      expect(t.wire, name).toEqual([]);
    }
  });

  it('a node address given as --src is that node\'s stack, bound to the address; no 0.0.0.0 in any packet', () => {
    const t = trace(lab(), { src: '192.168.10.24', dst: 'pod:demo/hello', dport: 8080 });
    expect(t.verdict).toBe('delivered');
    expect(t.delivered!.seenSrcIp).toBe('192.168.10.24');
    expect(t.reply?.delivered).toMatchObject({ node: 'k8s-lab-node-1', ip: '192.168.10.24' });
    for (const f of [t, trace(lab(), { src: 'node:k8s-lab-node-1', dst: 'pod:demo/net', dport: 8080 }), trace(lab(), { src: 'node:k8s-lab-win-1', dst: 'pod:demo/net', dport: 8080 })]) {
      expect(addresses(f)).not.toContain('0.0.0.0');
    }
  });
});

describe('a pod and its own addresses', () => {
  it('a Linux pod → 127.0.0.1 stays in the pod netns (its own lo), request and reply', () => {
    const t = trace(lab(), { src: 'pod:demo/net', dst: '127.0.0.1', dport: 80 });
    expect(t.verdict).toBe('delivered');
    expect(t.delivered).toMatchObject({ pod: 'demo/net', ip: '127.0.0.1', seenSrcIp: '127.0.0.1' });
    expect(t.steps.every((s) => s.at.component === 'pod' || s.at.component === 'socket')).toBe(true);
    expect(t.reply?.delivered).toMatchObject({ pod: 'demo/net', seenSrcPort: 80 });
  });

  it('a Windows pod → 127.0.0.1 and → its own IP loop back in its compartment, never through the vNIC', () => {
    for (const dst of ['127.0.0.1', 'pod:demo/web']) {
      const t = trace(lab(), { src: 'pod:demo/web', dst, dport: 80 });
      expect(t.verdict, dst).toBe('delivered');
      expect(t.delivered?.pod, dst).toBe('demo/web');
      expect(t.steps.some((s) => s.at.component === 'vnic' || s.at.component === 'vfp'), dst).toBe(false);
      expect(t.wire, dst).toEqual([]);
    }
  });
});

describe('a Windows node and its own addresses', () => {
  it('node → its own .2 (Calico_ep, the source VIP) ends in a verdict: the host answers for it (no stack overflow)', () => {
    for (const [scenario, node, vip] of [['k8s-lab', 'k8s-lab-win-1', '172.21.41.2'], ['flannel-vxlan', 'win-1', '10.244.2.2'], ['flannel-host-gw', 'win-1', '10.244.2.2']] as const) {
      const t = trace(preset(scenario), { src: `node:${node}`, dst: vip, proto: 'tcp', dport: 80 });
      expect(t.verdict, scenario).toBe('delivered');
      expect(t.delivered, scenario).toMatchObject({ node, ip: vip });
      expect(t.wire, scenario).toEqual([]);
    }
  });

  it('a reply to the host whose port equals a NodePort matches the host\'s flow, not the NodePort load balancer', () => {
    const t = trace(lab(), { src: 'node:k8s-lab-win-1', dst: 'host:client', sport: 30080, dport: 80 });
    expect(t.verdict).toBe('delivered');
    expect(t.reply?.verdict).toBe('delivered');
    expect(t.reply!.delivered).toMatchObject({ node: 'k8s-lab-win-1', port: 30080 });
    expect(t.reply!.delivered!.pod).toBeUndefined();
    expect(t.reply!.steps.some((s) => s.action === 'dnat')).toBe(false);
    expect(innerIp(t.reply!.steps.at(-1)!.before).dst).toBe('192.168.10.25');
  });
});

describe('recursion inside a Windows node ends in a verdict (issue 12 item 1)', () => {
  const WIN2 = `${K8S_LAB_YAML}
---
apiVersion: v1
kind: Node
metadata:
  name: k8s-lab-win-2
  labels:
    kubernetes.io/os: windows
  annotations:
    projectcalico.org/IPv4VXLANTunnelAddr: 172.21.42.1
status:
  addresses:
  - type: InternalIP
    address: 192.168.10.27
  nodeInfo:
    operatingSystem: windows
    osImage: Windows Server 2025 Datacenter
    kernelVersion: 10.0.26100.4061
`;
  it('client → NodePort of a second Windows node with the backend on the first: a trace, not a stack overflow', () => {
    const c = fromYaml(WIN2);
    const t = trace(c, { src: 'host:client', dst: 'node:k8s-lab-win-2', dport: 30081 });
    expect(t.verdict).toBe('delivered');
    expect(t.delivered?.node).toBe('k8s-lab-win-1');
    expect(t.reply?.verdict).toBeDefined();
    expect(t.reply?.reason?.code).not.toBe('switch-loop');
  });
});
