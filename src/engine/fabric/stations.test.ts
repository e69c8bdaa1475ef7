/**
 * The fabric gateway routes on the outermost IPv4 header: a VXLAN packet
 * between nodes in different subnets (CrossSubnet across subnets) is plain UDP
 * to it, and it decrements the outer TTL only (RFC 1812 §5.3.1). Found by
 * `npm run test:kernel` (flow before-02): the gateway used to route on the
 * inner pod address and dropped the packet as `gateway-no-route`.
 */
import { describe, expect, it } from 'vitest';
import { K8S_MAIN_BEFORE_YAML } from '../presets/k8sMain';
import { MAIN_POLICIES_YAML } from '../presets/policies';
import { fromYaml, preset, trace } from '../testing/traceHelpers';

// Without the preset's NetworkPolicies (demo/far is selected by none that admits it): the question is routing.
const SECOND_SUBNET = K8S_MAIN_BEFORE_YAML.replace(MAIN_POLICIES_YAML, '').replace(
  / {2}- name: nodes\n {4}cidr: 192\.168\.10\.0\/24\n {4}gateway: 192\.168\.10\.1\n/,
  (m) => `${m}  - name: nodes-b\n    cidr: 192.168.20.0/24\n    gateway: 192.168.20.1\n`,
) + `
---
apiVersion: v1
kind: Node
metadata:
  name: k8s-node-3
  labels:
    kubernetes.io/os: linux
  annotations:
    projectcalico.org/IPv4VXLANTunnelAddr: 172.20.100.0
status:
  addresses:
  - type: InternalIP
    address: 192.168.20.30
---
apiVersion: v1
kind: Pod
metadata:
  name: far
  namespace: demo
spec:
  nodeName: k8s-node-3
status:
  podIP: 172.20.100.5
`;

describe('fabric gateway', () => {
  it('routes a VXLAN packet across subnets on its outer header and decrements the outer TTL only', () => {
    expect(SECOND_SUBNET).toContain('name: nodes-b');
    const t = trace(fromYaml(SECOND_SUBNET), { src: 'pod:demo/net', dst: 'pod:demo/far', proto: 'tcp', dport: 8080 });
    expect(t.verdict).toBe('delivered');
    expect(t.wire.map((w) => `${w.from}>${w.to}`)).toEqual(['k8s-node-1>gateway', 'gateway>k8s-node-3']);
    const ips = (i: number) => t.wire[i]!.packet.headers.filter((h) => h.kind === 'ipv4').map((h) => (h.kind === 'ipv4' ? `${h.src}>${h.dst} ttl ${h.ttl}` : ''));
    expect(ips(0)).toEqual(['192.168.10.20>192.168.20.30 ttl 64', '172.20.211.53>172.20.100.5 ttl 63']);
    expect(ips(1)).toEqual(['192.168.10.20>192.168.20.30 ttl 63', '172.20.211.53>172.20.100.5 ttl 63']);
    expect(t.delivered).toMatchObject({ pod: 'demo/far', seenSrcIp: '172.20.211.53', ttl: 62 });
  });
});

describe('fabric host', () => {
  // Kernel check, seed 991100429 (gen0-10, gen4-21): the client's ARP for an externalIP of its own subnet that no
  // machine holds goes unanswered; the kernel's probe timed out, and nothing went on the wire to any router.
  it('drops a packet for an unheld address of its own subnet at its ARP, not as a gateway without a route', () => {
    const t = trace(preset('k8s-main-before'), { src: 'host:client', dst: '192.168.10.200', proto: 'udp', dport: 53 });
    expect(t.verdict).toBe('dropped');
    expect(t.reason).toMatchObject({ code: 'neighbour-unreachable', params: { ip: '192.168.10.200', node: 'client' } });
    expect(t.wire).toEqual([]);
  });
});
